import Foundation
import LayerRendering
import TestSupport
import Testing
import WestonFixture

/// Runs the package's clock-demo with `WAYLAND_DISPLAY` naming a test's compositor. Its output goes
/// to files (no pipe to keep drained); it is stopped with SIGINT after `timeout` seconds.
struct ClockDemoRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    init(_ arguments: [String], waylandDisplay: String, timeout: TimeInterval = 60) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clock-demo-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["WAYLAND_DISPLAY": waylandDisplay])
        {
            $1
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        standardError = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
    }

    /// clock-demo beside the test bundle, in the build folder.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while folder.path != "/"
            && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("clock-demo").path)
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("clock-demo")
    }

    /// A figure from the summary line, such as `presented 290`.
    func figure(_ name: String) -> Int? {
        guard
            let summary = standardOutput.split(separator: "\n").last(where: { $0.hasPrefix("clock-demo:") }),
            let range = summary.range(of: "  \(name) ")
        else { return nil }
        return Int(summary[range.upperBound...].prefix { $0.isNumber })
    }
}

extension WestonLinkTests {
    @Suite("clock-demo in a Wayland window")
    struct ClockDemoWaylandTests {
        /// Whether this test process (and so the clock-demo built beside it) runs under the thread
        /// sanitizer.
        static let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

        @Test(
            "--display wayland --duration 5 draws in a window paced by weston, each frame drawn ahead after the commit before it, exits 0, reports its presented frames, and writes its last frame"
        )
        func waylandWindow() throws {
            let weston = try WestonServer()
            let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent(
                "clock-\(UUID()).png"
            ).path
            defer { try? FileManager.default.removeItem(atPath: screenshot) }
            let run = try ClockDemoRun(
                ["--display", "wayland", "--duration", "5", "--screenshot", screenshot],
                waylandDisplay: weston.socketPath)
            let log = "stdout:\n\(run.standardOutput)\nstderr:\n\(run.standardError)"
            #expect(run.status == 0, "\(log)")
            #expect(
                run.standardOutput.contains("wayland: window 256 × 256 on \(weston.socketPath)"), "\(log)")
            #expect(run.standardOutput.contains("source: Wayland window 'clock-demo'"), "\(log)")
            let frames = run.figure("frames") ?? 0
            let presented = run.figure("presented") ?? 0
            #expect(frames >= 150, "\(log)")
            #expect(presented > 0, "\(log)")
            RealTimeFigures.report(
                "clock-demo under weston", "frames presented of \(frames)", presented,
                isUsual: presented >= frames * 9 / 10, usual: "≥ 90 %")
            #expect(run.figure("discarded") != nil, "\(log)")
            // Every frame after the first found itself drawn ahead (into a free buffer, with no
            // wait), and committed it or, when its target moved, drew it anew; most were committed
            // as drawn. (How many reached the screen on time is a real-time figure:
            // docs/wayland-pacing.md.)
            let ahead = run.figure("drawn ahead") ?? 0
            let redrawn = run.figure("redrawn") ?? -1
            // A frame with no buffer free to be drawn ahead into (weston, loaded, still held all
            // three) is drawn at its callback instead: every frame is one of the three.
            let noBufferAhead = run.figure("no buffer ahead") ?? -1
            #expect(noBufferAhead >= 0, "\(log)")
            #expect(ahead + redrawn + noBufferAhead >= frames - 1, "\(log)")
            RealTimeFigures.report(
                "clock-demo under weston", "frames with no buffer free to draw ahead into", noBufferAhead,
                isUsual: noBufferAhead == 0, usual: "0")
            // Under the thread sanitizer (clock-demo built with it too) a frame's drawing takes most
            // of an interval, so few frames can be drawn ahead: a speed, not a behaviour, there.
            if !Self.underThreadSanitizer {
                RealTimeFigures.report(
                    "clock-demo under weston", "frames committed as drawn ahead, against \(redrawn) redrawn",
                    ahead,
                    isUsual: ahead > redrawn, usual: "more than redrawn")
            }
            // The last frame committed: the clock face (its dark background at the corner, the ring
            // drawn from 12 o'clock).
            let image = try Bitmap(contentsOfPNG: screenshot)
            #expect(image.width == 256 && image.height == 256)
            let corner = image.pixel(x: 2, y: 2)
            #expect(corner.red < 0.2 && corner.green < 0.2 && corner.blue < 0.2)
            #expect(Set(image.pixels).count > 16, "a drawn face, not a flat fill")
            print(
                "clock-demo --display wayland --duration 5: \(run.standardOutput.split(separator: "\n").last ?? "")"
            )
        }

        @Test(
            "weston stopped (SIGSTOP) for 5 s mid-run and continued: clock-demo skips the frames it has no buffer for, goes on, and exits 0"
        )
        func compositorStoppedAndContinued() throws {
            let weston = try WestonServer()
            let pid = weston.pid
            // The compositor stops answering 2 s into a 10 s run, for 5 s: every buffer stays held.
            let freezer = Thread {
                Thread.sleep(forTimeInterval: 2)
                kill(pid, SIGSTOP)
                Thread.sleep(forTimeInterval: 5)
                kill(pid, SIGCONT)
            }
            freezer.start()
            let run = try ClockDemoRun(
                ["--display", "wayland", "--duration", "10"], waylandDisplay: weston.socketPath)
            let log = "stdout:\n\(run.standardOutput)\nstderr:\n\(run.standardError)"
            #expect(run.status == 0, "\(log)")
            // Frames while weston was stopped found no free buffer and were skipped, not waited for.
            let notDrawn = run.figure("not drawn (no buffer)") ?? 0
            #expect(notDrawn > 0, "\(log)")
            let presented = run.figure("presented") ?? 0
            let frames = run.figure("frames") ?? 0
            #expect(frames > notDrawn && presented > 0, "\(log)")
            // The frames after the compositor's return were presented again: the count of presented
            // frames, flat while it was stopped (the per-second lines; the middle one, 5 s in, falls
            // in the stop), grew by the end.
            let perSecond = run.standardOutput.split(separator: "\n").compactMap { line -> Int? in
                guard let range = line.range(of: "  presented ") else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }
            let whileStopped = perSecond.isEmpty ? 0 : perSecond[perSecond.count / 2]
            #expect(presented > whileStopped, "\(log)")
            // Whether the link took the window for hidden depends on whether a commit got out before
            // every buffer was held; when it did, its callbacks were followed again after it (the log's
            // notices on standard error: the last line says only the state at the end, and a loaded
            // compositor late with one callback at the end is taken for hidden again).
            let notices = run.standardError
            if let hidden = notices.range(of: "the window is taken as hidden") {
                #expect(notices[hidden.upperBound...].contains("frame callbacks resumed"), "\(log)")
            }
            RealTimeFigures.report(
                "clock-demo under weston stopped for 5 s", "frames not drawn for want of a buffer", notDrawn,
                isUsual: notDrawn > 100, usual: "> 100 (5 s of frames)")
        }

        @Test(
            "--display auto picks the Wayland window when WAYLAND_DISPLAY names a compositor, text when not")
        func auto() throws {
            let weston = try WestonServer()
            let run = try ClockDemoRun(
                ["--display", "auto", "--duration", "1"], waylandDisplay: weston.socketPath)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("wayland: window"), "\(run.standardOutput)")
            weston.stop()
            let without = try ClockDemoRun(
                ["--display", "auto", "--duration", "1"], waylandDisplay: weston.socketPath)
            #expect(without.status == 0, "\(without.standardError)")
            #expect(!without.standardOutput.contains("wayland: window"), "\(without.standardOutput)")
            #expect(
                without.standardOutput.contains("source: "), "plain status lines: \(without.standardOutput)")
        }
    }
}

@Suite("clock-demo with no Wayland compositor")
struct ClockDemoWithoutCompositorTests {
    @Test("--display wayland with no compositor: one clear line and a non-zero exit")
    func noCompositor() throws {
        let run = try ClockDemoRun(
            ["--display", "wayland", "--duration", "1"],
            waylandDisplay: "/nonexistent-frameclock/wayland-7")
        #expect(run.status != 0)
        #expect(
            run.standardError.contains(
                "wayland: no Wayland compositor is running: /nonexistent-frameclock/wayland-7 does not exist (ENOENT"
            ),
            "\(run.standardError)")
        #expect(!run.standardError.contains("Fatal error"))
    }
}
