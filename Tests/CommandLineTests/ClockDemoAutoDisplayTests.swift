import Foundation
import Testing
import WestonFixture

/// `clock-demo --display auto` picks Wayland, then X11, then the terminal, and says on standard error
/// why it passed each one over: run against a weston and an Xvfb the tests start, a fake X server
/// without Present, and names nobody serves. The tests that need weston and Xvfb are skipped (loudly)
/// without them, failed under CI=true.
@Suite(
    "clock-demo --display auto: Wayland, then X11, then the terminal", .serialized, .timeLimit(.minutes(2)))
struct ClockDemoAutoDisplayTests {
    /// How long each run draws, in seconds: long enough for the link's first frames on any display.
    static let duration = "1.5"
    /// A display number no X server serves (above the numbers the fixture hands out).
    static let deadDisplay = ":159"

    /// The test's environment with the displays set as given (nil: removed).
    static func environment(wayland: String?, runtimeDirectory: String?, x11: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = wayland
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory ?? environment["XDG_RUNTIME_DIR"]
        environment["DISPLAY"] = x11
        return environment
    }

    /// Runs `clock-demo --display auto` in `environment`, drawing as text for ``duration`` seconds.
    static func runAuto(_ environment: [String: String]) throws -> ExecutableRunner.Result {
        try ExecutableRunner.run(
            "clock-demo", ["--display", "auto", "--duration", duration], timeout: 60, environment: environment
        )
    }

    @Test(
        "A compositor that answers wins over an X server that answers too: no fallback, a Wayland source",
        .enabled(if: AutoDisplayServers.installed, Comment(rawValue: AutoDisplayServers.skipReason)))
    func waylandFirst() throws {
        let weston = try WestonServer()
        let xvfb = try XvfbServer()
        let result = try Self.runAuto(
            Self.environment(wayland: "wl-test", runtimeDirectory: weston.runtimeDirectory, x11: xvfb.display)
        )
        print("auto with both: \(result.standardError)")
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("using X11"), "\(result.standardError)")
        #expect(!result.standardError.contains("drawing locally"), "\(result.standardError)")
        #expect(result.standardOutput.contains("source: Wayland"), "\(result.standardOutput.prefix(400))")
    }

    @Test(
        "No WAYLAND_DISPLAY, or a compositor that does not answer: X11, with the reason on standard error",
        .enabled(if: AutoDisplayServers.installed, Comment(rawValue: AutoDisplayServers.skipReason)),
        arguments: [false, true])
    func x11Second(waylandNamed: Bool) throws {
        let xvfb = try XvfbServer()
        let runtime = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-auto")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let result = try Self.runAuto(
            Self.environment(
                wayland: waylandNamed ? "wl-nobody" : nil, runtimeDirectory: runtime, x11: xvfb.display))
        print("auto without Wayland: \(result.standardError)")
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let why =
            waylandNamed ? "the Wayland compositor wl-nobody does not answer" : "WAYLAND_DISPLAY is not set"
        #expect(result.standardError.contains("clock-demo: \(why); using X11"), "\(result.standardError)")
        #expect(
            result.standardOutput.contains("source: X11 window")
                && result.standardOutput.contains(xvfb.display),
            "\(result.standardOutput.prefix(400))")
    }

    @Test(
        "An X server without the Present extension is passed over with that reason; --display x11 there fails saying so"
    )
    func x11WithoutPresent() throws {
        let server = try FakeXServer()
        let runtime = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-auto")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let environment = Self.environment(wayland: nil, runtimeDirectory: runtime, x11: server.display)
        let auto = try Self.runAuto(environment)
        print("auto without Present: \(auto.standardError)")
        #expect(auto.status == 0, "stderr: \(auto.standardError)")
        #expect(
            auto.standardError.contains(
                "clock-demo: WAYLAND_DISPLAY is not set; the X server at \(server.display) does not offer the "
                    + "Present extension; drawing locally"),
            "\(auto.standardError)")
        let x11 = try ExecutableRunner.run(
            "clock-demo", ["--display", "x11", "--duration", Self.duration], timeout: 60,
            environment: environment)
        print("--display x11 without Present: \(x11.standardError)")
        #expect(x11.status != 0)
        #expect(
            x11.standardError.contains(
                "the X server at \(server.display) does not offer the Present extension"),
            "\(x11.standardError)")
    }

    @Test(
        "Neither answers: the terminal (text when piped), with both reasons on standard error, and the timer")
    func terminalLast() throws {
        let runtime = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-auto")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let result = try Self.runAuto(
            Self.environment(wayland: "wl-nobody", runtimeDirectory: runtime, x11: Self.deadDisplay))
        print("auto with neither: \(result.standardError)")
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(
            result.standardError.contains(
                "clock-demo: the Wayland compositor wl-nobody does not answer; cannot connect to the X server at "
                    + "\(Self.deadDisplay)"),
            "\(result.standardError)")
        #expect(result.standardError.contains("; drawing locally"), "\(result.standardError)")
        #expect(result.standardOutput.contains("clock-demo: timer"), "\(result.standardOutput.suffix(400))")
    }
}

/// Whether the servers `--display auto` is tried against are installed.
enum AutoDisplayServers {
    /// Whether weston and Xvfb are installed, or CI=true (where their absence is a failure).
    static let installed: Bool = {
        if (WestonAvailability.executable != nil && XvfbServer.executable != nil) || WestonAvailability.isCI {
            return true
        }
        FileHandle.standardError.write(
            Data(
                ("\n*** clock-demo --display auto tests: weston or Xvfb is not installed: SKIPPING them "
                    + "(apt-get install weston xvfb). ***\n\n").utf8))
        return false
    }()

    /// The reason shown for the skipped tests.
    static let skipReason =
        "weston or Xvfb is not installed (apt-get install weston xvfb); with CI=true this fails"
}
