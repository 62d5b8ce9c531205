import FrameClock

/// The app as it should be written: one display link on the window, its input phase handing the
/// scene the frame's events (motion resampled to the frame), the scene drawn in the frame's
/// callback.
struct LinkRun {
    let options: Options
    /// The injector's FIFO, for the self-test.
    let fifo: InjectorFIFO?

    /// How often the interactive run looks whether the window was closed.
    private static let closePoll = Duration.milliseconds(50)

    /// Runs until the window is closed, or plays the self-test and checks it; returns the exit status.
    ///
    /// - Throws: when the window, the link or the scene cannot be made.
    func run() async throws -> Int32 {
        let window = try PullWindow()
        defer { window.close() }
        let log = RunLog()
        let link = try DisplayLink(source: .wayland(window.window))
        let scene = try LinkPullScene(link: link, window: window, log: log)
        try link.setInputHandler(isolatedTo: scene) { scene, batch in scene.handle(batch) }
        try link.start(isolatedTo: scene) { scene, frame in scene.draw(frame) }
        guard let fifo else {
            while !window.window.isCloseRequested { SelfTestScript.pause(Self.closePoll) }
            link.invalidate()
            return await finish(scene, log: log, report: nil)
        }
        let outcome = SelfTestScript(downSeconds: options.duration).play(to: fifo, watching: log)
        link.invalidate()
        return await finish(
            scene, log: log, report: SelfTestReport(log: log, outcome: outcome, options: options))
    }

    /// Prints the figures (and the report's lines); the exit status: 1 when drawing failed or a
    /// check did.
    private func finish(_ scene: LinkPullScene, log: RunLog, report: SelfTestReport?) async -> Int32 {
        let failure = await scene.failure
        if let report {
            for line in report.lines { print("pull-to-refresh: \(line)") }
        } else {
            let frames = log.frames
            print(
                "pull-to-refresh: \(frames.count) frames, \(frames.reduce(0) { $0 + $1.skipped }) skipped, \(log.discrete.count) discrete events, \(log.motion.count) motion samples"
            )
        }
        if let failure {
            printToStandardError("pull-to-refresh: FAILED: \(failure)")
            return 1
        }
        guard report?.passed ?? true else {
            printToStandardError("pull-to-refresh: FAILED: \(report?.failures ?? 0) checks")
            return 1
        }
        if report != nil { print("pull-to-refresh: all checks passed") }
        return 0
    }
}
