import Foundation
import FrameClock
import Synchronization

/// The naive variant, for comparison: no display link. Each input event is handled as it arrives and
/// the list redrawn and committed for it; animations with no input redraw on a 60 Hz timer. Its
/// figures are printed, not judged.
struct NaiveRun {
    let options: Options
    /// The injector's FIFO, for the self-test.
    let fifo: InjectorFIFO?

    /// The animation timer's period when no input comes.
    private static let animationPeriod = Duration.nanoseconds(16_666_667)
    /// The longest wait for the connection's events before the loop looks at the timer again.
    private static let eventWait = Duration.milliseconds(1)

    /// What the loop did, for the figures.
    private struct Counts {
        var events = 0
        var eventRedraws = 0
        var timerRedraws = 0
        var failure: String?
    }

    /// Runs until the window is closed, or plays the self-test; returns the exit status.
    ///
    /// - Throws: when the window or the scene cannot be made.
    func run() throws -> Int32 {
        let window = try PullWindow()
        defer { window.close() }
        let log = RunLog()
        let inbox = NaiveInbox()
        window.window.setInputHandler { inbox.append($0) }
        let result = Mutex(Counts())
        let loop = Thread {
            var counts = Counts()
            do {
                counts = Self.loop(window: window, scene: try PullScene(), log: log, inbox: inbox)
            } catch {
                counts.failure = "the scene: \(error)"
            }
            result.withLock { $0 = counts }
            inbox.markStopped()
        }
        loop.start()
        var outcome = SelfTestScript.Outcome()
        if let fifo {
            var script = SelfTestScript(downSeconds: options.duration)
            script.framesBeforeTarget = 1
            outcome = script.play(to: fifo, watching: log)
        } else {
            while !window.window.isCloseRequested { SelfTestScript.pause(.milliseconds(50)) }
        }
        inbox.stop()
        while !inbox.hasStopped { SelfTestScript.pause(.milliseconds(1)) }
        let counts = result.withLock { $0 }
        print(
            "pull-to-refresh --naive: \(counts.events) input events handled one by one: \(counts.eventRedraws) redraws for them (\((Double(counts.eventRedraws) / Double(max(counts.events, 1))).fixed(2)) per event), \(counts.timerRedraws) on the animation timer"
        )
        print("pull-to-refresh --naive: \(Self.dragRate(log.frames)) (figures, not judged)")
        if let failure = counts.failure ?? outcome.failure {
            printToStandardError("pull-to-refresh --naive: FAILED: \(failure)")
            return 1
        }
        return 0
    }

    /// The redraws a second while a finger or button held the header (each drag's redraws over its
    /// span, summed).
    private static func dragRate(_ frames: [FrameRecord]) -> String {
        var count = 0
        var nanoseconds: Int64 = 0
        var runStart: Int64?
        for (index, frame) in frames.enumerated() where frame.phase == .dragging {
            count += 1
            if index == 0 || frames[index - 1].phase != .dragging { runStart = frame.timestamp }
            let endsRun = index == frames.count - 1 || frames[index + 1].phase != .dragging
            if endsRun, let start = runStart { nanoseconds += frame.timestamp - start }
        }
        guard nanoseconds > 0 else { return "no redraws while dragging" }
        return
            "\(count) redraws while dragging, \((Double(count) / (Double(nanoseconds) / 1e9)).fixed(1)) a second"
    }

    /// The loop: events as they come, each handled and drawn; the timer's redraws between them.
    private static func loop(window: PullWindow, scene: PullScene, log: RunLog, inbox: NaiveInbox) -> Counts {
        let gesture = PullGesture(scene: scene)
        let origin = MonotonicInstant.now()
        var counts = Counts()
        var lastRedraw = origin
        var isRefreshInFlight = false
        var drawnPhase = gesture.phase
        let rootTime = { (instant: MonotonicInstant) in Double((instant - origin) / .nanoseconds(1)) / 1e9 }
        let redraw = { (now: MonotonicInstant) -> Bool in
            do {
                try window.present(scene, atRootTime: rootTime(now))
            } catch {
                counts.failure = "\(error)"
                return false
            }
            let drawTime = (MonotonicInstant.now() - now) / .nanoseconds(1)
            log.append(
                FrameRecord(
                    timestamp: now.nanoseconds, target: now.nanoseconds, duration: 0,
                    samplingTime: now.nanoseconds, skipped: 0, drawTime: Int64(drawTime),
                    phase: gesture.phase,
                    fingerOffset: gesture.fingerOffset, offset: scene.offset(atRootTime: rootTime(now)),
                    offsetVelocity: scene.offsetVelocity(atRootTime: rootTime(now)),
                    arrowAngle: scene.arrowAngle(atRootTime: rootTime(now)), grabbed: false, handOff: nil))
            lastRedraw = now
            drawnPhase = gesture.phase
            return true
        }
        _ = redraw(origin)
        while !inbox.isStopping && counts.failure == nil {
            _ = window.window.frameTiming.nextEvent(timeout: eventWait)
            for waylandEvent in inbox.drain() {
                let now = MonotonicInstant.now()
                guard let event = InputEvent(waylandEvent, readAt: now) else { continue }
                counts.events += 1
                log.received(
                    discrete: event.isMotion ? [] : [event], motion: event.isMotion ? [event] : [],
                    frame: log.frameCount)
                gesture.handle(event, samplingTime: now, rootTime: rootTime(now))
                if event.isMotion { gesture.track([event]) }
                if gesture.isRefreshing && !isRefreshInFlight {
                    isRefreshInFlight = true
                    Task {
                        inbox.refreshed(after: await Refresh.run())
                    }
                }
                guard redraw(now) else { break }
                counts.eventRedraws += 1
            }
            let now = MonotonicInstant.now()
            if let duration = inbox.takeRefresh() {
                isRefreshInFlight = false
                log.refreshed(after: duration)
                gesture.finishRefresh(atRootTime: rootTime(now))
            }
            gesture.settle(atRootTime: rootTime(now))
            let isAnimating = gesture.phase != .idle && gesture.phase != .dragging
            if (isAnimating || gesture.phase != drawnPhase) && now - lastRedraw >= animationPeriod {
                if redraw(now) { counts.timerRedraws += 1 }
            }
        }
        return counts
    }
}
