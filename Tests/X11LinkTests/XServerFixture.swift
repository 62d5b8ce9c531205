import Foundation
import WestonFixture

/// An X server started for one test: Xvfb on a free display number, or Xwayland inside a weston
/// started headless with `--xwayland`. Stopped by its PID (SIGTERM, SIGKILL by ``kill(signal:)``)
/// when the test ends.
protocol XServerFixture: AnyObject {
    /// The display's name, `:N`: what `X11Connection(display:)` takes.
    var display: String { get }
}

/// Whether the X servers are installed, and what the tests do without them: skip loudly (a line on
/// standard error says why), or fail under CI=true.
enum XServerAvailability {
    /// Xvfb's path, or nil.
    static let xvfb = XvfbServer.executable
    /// Xwayland's path, or nil (weston starts it).
    static let xwayland = FixtureSupport.executable(named: "Xwayland")

    /// Whether the Xvfb tests run.
    static let xvfbTestsRun: Bool = {
        if xvfb != nil || WestonAvailability.isCI { return true }
        FileHandle.standardError.write(
            Data(
                "\n*** X11 tests: Xvfb is not installed: SKIPPING the Xvfb tests (apt-get install xvfb). ***\n\n"
                    .utf8))
        return false
    }()

    /// Whether the Xwayland tests run.
    static let xwaylandTestsRun: Bool = {
        if (xwayland != nil && WestonAvailability.executable != nil) || WestonAvailability.isCI {
            return true
        }
        FileHandle.standardError.write(
            Data(
                ("\n*** X11 tests: Xwayland or weston is not installed: SKIPPING the Xwayland tests "
                    + "(apt-get install xwayland weston). ***\n\n").utf8))
        return false
    }()

    /// The reason shown for skipped Xvfb tests.
    static let xvfbSkipReason = "Xvfb is not installed (apt-get install xvfb); with CI=true this fails"
    /// The reason shown for skipped Xwayland tests.
    static let xwaylandSkipReason =
        "Xwayland or weston is not installed (apt-get install xwayland weston); with CI=true this fails"
}

/// The shared Xvfb fixture, as a test server here.
extension XvfbServer: XServerFixture {}

/// Xwayland inside a weston started headless with `--xwayland`, in a runtime directory of its own:
/// weston listens on an X display (named in its log) and starts Xwayland at the first client, which
/// paces each window's Present by the compositor's frame callbacks.
final class XwaylandSession: XServerFixture {
    let display: String
    let runtimeDirectory: String
    let logPath: String
    private let process: Process

    /// Starts weston with Xwayland and waits (up to 10 s) until its X socket accepts connections.
    init(repaintWindow: Int = 16) throws {
        guard let executable = WestonAvailability.executable, XServerAvailability.xwayland != nil else {
            throw XServerStartFailure(
                description: "weston or Xwayland is not installed, and CI=true requires the X11 tests: "
                    + "apt-get install weston xwayland")
        }
        XServerSupport.ensureSocketDirectory()
        runtimeDirectory = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-xwayland")
        logPath = runtimeDirectory + "/weston.log"
        let config = runtimeDirectory + "/weston.ini"
        try "[core]\nrepaint-window=\(repaintWindow)\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--backend=headless-backend.so", "--xwayland", "--socket=wl-x11", "--idle-time=0",
            "--config=\(config)", "--log=\(logPath)",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = nil
        environment["DISPLAY"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        var found: Int?
        while found == nil, process.isRunning, Date() < deadline {
            found = Self.listeningDisplay(inLog: logPath)
            if found == nil { usleep(20_000) }
        }
        guard let number = found,
            XServerSupport.waitForSocket(XServerSupport.socketPath(number), of: process, seconds: 5)
        else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
            XServerSupport.stop(process)
            throw XServerStartFailure(
                description: "weston did not listen on an X display within 10 s:\n\(log)")
        }
        display = ":\(number)"
    }

    deinit {
        XServerSupport.stop(process)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// The display number weston's log says it listens on ("xserver listening on display :N").
    private static func listeningDisplay(inLog path: String) -> Int? {
        guard let log = try? String(contentsOfFile: path, encoding: .utf8),
            let range = log.range(of: "listening on display :")
        else { return nil }
        let digits = log[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }
}
