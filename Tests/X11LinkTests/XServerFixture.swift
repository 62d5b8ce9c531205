import Foundation
import WestonFixture

/// An X server started for one test: Xvfb on a free display number, or Xwayland inside a weston
/// started headless with `--xwayland`. Stopped by its PID (SIGTERM, SIGKILL by ``kill(signal:)``)
/// when the test ends.
protocol XServerFixture: AnyObject {
    /// The display's name, `:N`: what `X11Connection(display:)` takes.
    var display: String { get }
}

/// Why an X server could not be started.
struct XServerStartFailure: Error, CustomStringConvertible {
    var description: String
}

/// What the X server fixtures share: the socket directory, a free display number, the wait for a
/// socket.
enum XServerSupport {
    /// Where X servers put their sockets.
    static let socketDirectory = "/tmp/.X11-unix"
    /// The display numbers tried for Xvfb (above the ones sessions and weston take first).
    static let displayNumbers = 60..<160

    /// Makes the socket directory (mode 1777) if it is missing, as a session's startup would.
    static func ensureSocketDirectory() {
        var status = stat()
        if stat(socketDirectory, &status) != 0 {
            mkdir(socketDirectory, 0o1777)
            chmod(socketDirectory, 0o1777)
        }
    }

    /// The socket of display `:number`.
    static func socketPath(_ number: Int) -> String { "\(socketDirectory)/X\(number)" }

    /// A display number with no lock file and no listening socket.
    static func freeDisplayNumber() -> Int? {
        displayNumbers.first { number in
            !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                && !UnixSocket.accepts(socketPath(number))
        }
    }

    /// Waits until something accepts connections at `path`; false when `process` ended or `seconds`
    /// passed first.
    static func waitForSocket(_ path: String, of process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !UnixSocket.accepts(path) {
            guard process.isRunning, Date() < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    /// Sends SIGTERM, then SIGKILL after 2 s, and waits for the exit.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Whether the X servers are installed, and what the tests do without them: skip loudly (a line on
/// standard error says why), or fail under CI=true.
enum XServerAvailability {
    /// Xvfb's path, or nil.
    static let xvfb = FixtureSupport.executable(named: "Xvfb")
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

/// Xvfb on a free display: `Xvfb :N -screen 0 640x480x24 -nolisten tcp -noreset` (its fake CRTC
/// ticks from a timer, about every 16.3 ms; `-noreset`: a server that resets when its last client
/// leaves refuses the next one for a moment).
final class XvfbServer: XServerFixture {
    let display: String
    private let process: Process

    /// Starts Xvfb and waits (up to 5 s) until its socket accepts connections; `arguments` are added
    /// to its command line.
    init(arguments: [String] = []) throws {
        guard let executable = XServerAvailability.xvfb else {
            throw XServerStartFailure(
                description: "Xvfb is not installed, and CI=true requires the X11 tests: apt-get install xvfb"
            )
        }
        XServerSupport.ensureSocketDirectory()
        guard let number = XServerSupport.freeDisplayNumber() else {
            throw XServerStartFailure(
                description: "no free X display number in \(XServerSupport.displayNumbers)")
        }
        display = ":\(number)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [display, "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard XServerSupport.waitForSocket(XServerSupport.socketPath(number), of: process, seconds: 5) else {
            XServerSupport.stop(process)
            throw XServerStartFailure(description: "Xvfb \(display) did not listen within 5 s")
        }
    }

    deinit { stop() }

    /// Sends `signal` to Xvfb and waits for it to exit.
    func kill(signal: Int32) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    /// Stops Xvfb.
    func stop() { XServerSupport.stop(process) }
}

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
