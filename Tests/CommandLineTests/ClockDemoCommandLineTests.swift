import Foundation
import LayerRendering
import MediaTiming
import Testing

@Suite("clock-demo command line")
struct ClockDemoCommandLineTests {
    /// Whether the pixel at `degrees` clockwise from 12 o'clock on the ring of a 200 px face is the
    /// progress ring's light blue.
    static func ringIsStroked(_ image: Bitmap, atDegrees degrees: Double) -> Bool {
        let angle = (degrees - 90) * Double.pi / 180
        let color = image.pixel(x: Int(100 + 90 * cos(angle)), y: Int(100 + 90 * sin(angle)))
        return color.blue > 0.8 && color.green > 0.6 && color.red < 0.5
    }

    func render(at time: String) throws -> Bitmap {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "clock-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ExecutableRunner.run(
            "clock-demo", ["--render-at", time, "--output", file.path, "--size", "200"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return try Bitmap(contentsOfPNG: file.path)
    }

    @Test func renderAtDrawsTheRingForThatSecond() throws {
        let fifteen = try render(at: "00:00:15")
        #expect(Self.ringIsStroked(fifteen, atDegrees: 88))  // 3 o'clock
        #expect(!Self.ringIsStroked(fifteen, atDegrees: 180))  // not 6 o'clock
        let fortyFive = try render(at: "23:59:45")
        #expect(Self.ringIsStroked(fortyFive, atDegrees: 268))  // 9 o'clock
        #expect(!Self.ringIsStroked(fortyFive, atDegrees: 300))
        let zero = try render(at: "12:00:00")
        // Nearly empty.
        #expect((1..<36).allSatisfy { !Self.ringIsStroked(zero, atDegrees: Double($0) * 10) })
    }

    @Test func pipedOutputGivesStatusLinesAndStopsAfterTheDuration() throws {
        let result = try ExecutableRunner.run(
            "clock-demo", ["--source", "timer", "--fps", "30", "--duration", "1.5"], timeout: 30)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("source: timer 30.000 Hz"))
        #expect(result.standardOutput.contains("clock-demo: timer"))
        #expect(!result.standardOutput.contains("\u{1B}["), "no terminal escapes in piped output")
    }

    /// A terminal that takes nothing for three seconds (a pipe nobody reads, with a 256 × 128-cell
    /// face whose first frame overfills it) must cost frames on the screen, not the link's frames:
    /// the frame thread never writes itself.
    @Test func aStalledTerminalDoesNotStallTheFrames() throws {
        let result = try ExecutableRunner.run(
            "clock-demo", ["--display", "terminal", "--source", "timer", "--fps", "30", "--duration", "2"],
            timeout: 30, readingAfter: 3)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        // The summary follows the escapes that leave the alternate screen.
        let summary = try #require(result.standardOutput.split(separator: "\u{1B}[?1049l").last)
        let frames = try #require(Self.figure("frames", in: summary))
        let dropped = try #require(Self.figure("dropped", in: summary))
        #expect(frames >= 30, "\(summary)")
        #expect(dropped > 0, "\(summary)")
    }

    /// The number after `name` in a status line.
    static func figure(_ name: String, in line: Substring) -> Int? {
        guard let range = line.range(of: " \(name) ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func framesAreWrittenAsPNGFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "clock-frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExecutableRunner.run(
            "clock-demo",
            ["--source", "timer", "--fps", "10", "--duration", "1", "--output", folder.path, "--size", "64"],
            timeout: 30)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        // One file a frame the demo drew, however few a loaded machine let it draw in the second.
        let summary = try #require(
            result.standardOutput.split(separator: "\n").last { $0.hasPrefix("clock-demo: ") },
            "stdout: \(result.standardOutput)")
        let frames = try #require(Self.figure("frames", in: summary), "\(summary)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".png")
        }
        #expect(frames >= 1 && files.count == frames, "\(files.count) files; \(summary)")
        let first = try #require(files.sorted().first)
        let image = try Bitmap(contentsOfPNG: folder.appendingPathComponent(first).path)
        #expect(image.width == 64 && image.height == 64)
    }

    @Test(arguments: [
        (["--fps", "0"], "--fps must be"), (["--fps=-5"], "--fps must be"), (["--fps", "abc"], "--fps"),
        (["--fps", "nan"], "--fps must be"), (["--fps", "1e308"], "--fps must be"),
        (["--fps"], "Missing value"),
        // A negative number after a space is the option's value, not another option.
        (["--fps", "-1"], "--fps must be"), (["--duration", "-3"], "--duration must be"),
        (["--work-ms", "-5"], "--work-ms must be"), (["--size", "-64"], "--size must be"),
        (["--lookup", "example.org", "--lookup-every", "-1"], "--lookup-every must be"),
        (["--duration=-1"], "--duration must be"), (["--work-ms", "inf"], "--work-ms must be"),
        (["--size", "0"], "--size must be"), (["--size", "99999999999999999999"], "--size"),
        (["--render-at", "25:00:00", "--output", "/tmp/x.png"], "--render-at must be"),
        (["--render-at", "noon", "--output", "/tmp/x.png"], "--render-at must be"),
        (["--render-at", "12:00:00"], "--render-at needs --output"),
        (["--output", "/proc/forbidden/frames"], "cannot be written"),
        (["--render-at", "12:00:00", "--output", "/proc/forbidden/x.png"], "cannot write"),
        (["--display", "hologram"], "--display"),
        (["--display", "kms:/dev/null"], "kms: /dev/null is not a DRM device (ENOTTY"),
        (["--display", "kms:/nonexistent/card0"], "kms: cannot open /nonexistent/card0 (ENOENT"),
        (["--source", "vblank"], "--source"), (["--bogus"], "Unknown option"),
        (["--lookup", ""], "--lookup must be a host name"), (["--lookup", "a b"], "--lookup must be"),
        (["--lookup", "x", "--lookup-on", "nonsense"], "--lookup-on"),
        (["--lookup", "x", "--lookup-every", "0"], "--lookup-every must be"),
        (["--lookup", "x", "--lookup-every=-1"], "--lookup-every must be"),
        (["--lookup", "x", "--lookup-every", "nan"], "--lookup-every must be"),
        (["--lookup-on", "actor"], "--lookup-on actor needs --lookup HOST"),
        (["--lookup", "x", "--naive"], "--naive has none"),
        (["--display", "wayland", "--fullscreen-hz", "0"], "--fullscreen-hz must be"),
        (["--display", "wayland", "--fullscreen-hz", "nan"], "--fullscreen-hz must be"),
        (["--move-to-hz", "144"], "--move-to-hz and --move-after need --fullscreen-hz"),
        (["--display", "text", "--fullscreen-hz", "60"], "it needs --display wayland"),
        (
            ["--display", "wayland", "--fullscreen-hz", "60", "--move-after", "2"],
            "--move-after needs --move-to-hz"
        ),
        (
            ["--display", "wayland", "--fullscreen-hz", "60", "--move-to-hz", "144", "--move-after=-1"],
            "--move-after must be"
        ),
        (["--display", "wayland", "--hide-at", "3,2"], "--hide-at must be seconds"),
        (["--display", "wayland", "--hide-at", "x"], "--hide-at must be seconds"),
        (
            ["--display", "wayland", "--hide-at", "1,2", "--hide-for", "1.5"],
            "starts before the one at 1.0 ends"
        ),
        (
            ["--display", "wayland", "--hide-at", "1", "--pause-link-at", "1.5"],
            "starts before the one at 1.0 ends"
        ),
        (["--display", "wayland", "--pause-link-at=-1"], "--pause-link-at must be seconds"),
        (
            ["--display", "wayland", "--pause-link-at", "1", "--hidden-policy", "keep"],
            "--hidden-policy needs --hide-at"
        ),
        (["--display", "text", "--pause-link-at", "1"], "it needs --display wayland"),
        (["--display", "wayland", "--hide-at", "1", "--hide-for", "0"], "--hide-for must be"),
        (
            ["--display", "wayland", "--hide-at", "1", "--hidden-policy", "fast"],
            "--hidden-policy takes keep, pause"
        ),
        (["--display", "wayland", "--hide-at", "1", "--hidden-policy=0"], "--hidden-policy 0:"),
        (["--hide-for", "1"], "--hide-for needs --hide-at"),
        (["--naive", "--dispatch", "render-deadline"], "--naive has none"),
        (["--dispatch", "soon"], "--dispatch"),
        (["--hidden-policy", "pause"], "--hidden-policy needs --hide-at"),
        (["--display", "text", "--hide-at", "1"], "it needs --display wayland"),
    ])
    func badInputIsAClearErrorAndANonZeroExit(arguments: [String], message: String) throws {
        let result = try ExecutableRunner.run("clock-demo", arguments)
        #expect(result.status != 0)
        #expect(result.status != -1, "hung")
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
        // One line of our own: no usage text, no "The operation could not be completed (…error 4.)".
        #expect(result.standardError.hasPrefix("clock-demo: "), "stderr: \(result.standardError)")
        #expect(Self.lines(result.standardError).count == 1, "stderr: \(result.standardError)")
        #expect(
            !result.standardError.contains("Usage:")
                && !result.standardError.contains("could not be completed"))
        #expect(!result.standardOutput.contains("clock-demo:"), "no summary line: \(result.standardOutput)")
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    /// A figure from the summary line (`clock-demo: …`), such as `shown late 69`.
    static func figure(_ name: String, in output: String) -> Int? {
        guard let summary = lines(output).last(where: { $0.hasPrefix("clock-demo:") }),
            let range = summary.range(of: "  \(name) ")
        else { return nil }
        return Int(summary[range.upperBound...].prefix { $0.isNumber })
    }

    @Test(
        "--source drm without /dev/dri is the error line alone, naming what to use instead",
        .enabled(if: !FileManager.default.fileExists(atPath: "/dev/dri"), "this machine has DRM devices"))
    func drmSourceWithoutDRM() throws {
        let result = try ExecutableRunner.run("clock-demo", ["--source", "drm", "--duration", "1"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty, "no empty summary line: \(result.standardOutput)")
        #expect(
            result.standardError
                == "clock-demo: no DRM vblank source: no DRM device: /dev/dri does not exist; use --source auto "
                + "(a timer where no display can be used) or --source timer\n")
    }

    /// 25 ms of work a frame at 60 Hz ends each frame after its target: every frame reaches the
    /// screen an interval late, and the ones that straddle a second boundary show the previous
    /// second. Every wrong second is such a late frame.
    @Test func wrongSecondsAreFramesShownAfterTheirTarget() throws {
        let result = try ExecutableRunner.run(
            "clock-demo", ["--source", "timer", "--fps", "60", "--work-ms", "25", "--duration", "2.5"],
            timeout: 30)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let output = result.standardOutput
        let late = try #require(Self.figure("shown late", in: output), "\(output)")
        let frames = try #require(Self.figure("frames", in: output))
        let wrong = try #require(Self.figure("wrong second", in: output))
        #expect(late > frames / 2, "25 ms of work misses a 16.7 ms budget: \(output)")
        #expect(output.contains("wrong second \(wrong) (\(wrong) shown late)"), "\(output)")
    }

    /// The naive timer's lateness against its own schedule (the run loop's fire dates): never the
    /// 0 µs that a schedule one interval ahead of the timer gave.
    @Test func theNaiveTimersLatenessIsMeasured() throws {
        for _ in 0..<3 {
            let result = try ExecutableRunner.run(
                "clock-demo", ["--naive", "--fps", "30", "--duration", "1.2"], timeout: 30)
            #expect(result.status == 0, "stderr: \(result.standardError)")
            let summary = try #require(Self.lines(result.standardOutput).last { $0.hasPrefix("clock-demo:") })
            let p50 = try #require(
                summary.range(of: "late p50 ").map { summary[$0.upperBound...].prefix { $0.isNumber } })
            #expect((Int(p50) ?? 0) > 0, "\(summary)")
        }
    }

    @Test("--render-at into a missing folder is one line naming the folder, and a non-zero exit")
    func pngIntoAMissingFolder() throws {
        let result = try ExecutableRunner.run(
            "clock-demo", ["--render-at", "12:00:15", "--output", "/nonexistent-folder/face.png"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "clock-demo: cannot write /nonexistent-folder/face.png: the folder /nonexistent-folder does not exist\n",
            "stderr: \(result.standardError)")
    }

    @Test(
        "--display kms without /dev/dri says there is no DRM device (ENOENT)",
        .enabled(if: !FileManager.default.fileExists(atPath: "/dev/dri"), "this machine has DRM devices"))
    func kmsWithoutDRM() throws {
        let result = try ExecutableRunner.run("clock-demo", ["--display", "kms", "--duration", "1"])
        #expect(result.status != 0 && result.status != -1, "status \(result.status)")
        #expect(
            result.standardError == "clock-demo: kms: no DRM device: /dev/dri does not exist (ENOENT)\n",
            "stderr: \(result.standardError)")
    }
}
