import Foundation

/// A weston compositor started headless for one test, in a runtime directory of its own.
///
/// `weston --backend=headless-backend.so --socket=wl-test --idle-time=0 --config=… --log=…` with
/// `[core] repaint-window=16` (frame callbacks about 17 ms apart); the socket is polled for, and the
/// compositor is stopped by its PID (SIGTERM, or SIGKILL by ``kill(signal:)``) when the test ends.
public final class WestonServer {
    /// Why a weston could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String

        /// A failure described by `description`.
        public init(description: String) { self.description = description }
    }

    /// The runtime directory (`XDG_RUNTIME_DIR` for weston), removed at the end.
    public let runtimeDirectory: String
    /// The socket's absolute path: what `WaylandConnection(name:)` takes.
    public let socketPath: String
    /// weston's log.
    public let logPath: String
    private let process: Process

    /// Starts weston and waits (up to 5 s) until its socket accepts connections (the file appears at
    /// `bind`, a moment before weston listens). `modules` are absolute paths of modules to load
    /// (`--modules`), `environment` variables added to weston's.
    public init(repaintWindow: Int = 16, modules: [String] = [], environment added: [String: String] = [:])
        throws
    {
        guard let executable = WestonAvailability.executable else {
            throw StartFailure(
                description: "weston is not installed, and CI=true requires the Wayland tests to run: "
                    + "apt-get install weston libwayland-dev wayland-protocols")
        }
        runtimeDirectory = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-weston")
        socketPath = runtimeDirectory + "/wl-test"
        logPath = runtimeDirectory + "/weston.log"
        let config = runtimeDirectory + "/weston.ini"
        try "[core]\nrepaint-window=\(repaintWindow)\n".write(
            toFile: config, atomically: true, encoding: .utf8)

        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--backend=headless-backend.so", "--socket=wl-test", "--idle-time=0", "--config=\(config)",
                "--log=\(logPath)",
            ] + (modules.isEmpty ? [] : ["--modules=" + modules.joined(separator: ",")])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = nil
        environment["DISPLAY"] = nil
        environment.merge(added) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()

        guard FixtureSupport.waitForSocket(socketPath, of: process, seconds: 5, poll: 5_000) else {
            stop()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
            throw StartFailure(description: "weston did not listen on its socket within 5 s:\n\(log)")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// weston's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to weston and waits for it to exit.
    public func kill(signal: Int32) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, signal)
        waitForExit()
    }

    /// Stops weston (SIGTERM, SIGKILL after 2 s).
    public func stop() {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(signal: SIGKILL) }
        waitForExit()
    }

    private func waitForExit() {
        process.waitUntilExit()
    }
}

/// Whether weston is installed, and what the tests do without it: skip loudly, or fail under CI=true.
public enum WestonAvailability {
    /// weston's path, found on `PATH`, or nil.
    public static let executable = FixtureSupport.executable(named: "weston")

    /// Whether CI=true is set: a missing weston is then a failure.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the tests that need weston run. Without weston and outside CI they are skipped, and a
    /// warning says so on standard error.
    public static let testsRun: Bool = {
        if executable != nil || isCI { return true }
        FileHandle.standardError.write(
            Data(
                ("\n*** Wayland tests: weston is not installed: SKIPPING every test that needs a compositor. "
                    + "Install weston libwayland-dev wayland-protocols to run them (with CI=true they fail). ***\n\n")
                    .utf8))
        return false
    }()

    /// The reason shown for a skipped test (a test suite's `Comment`).
    public static let skipReason =
        "weston is not installed (apt-get install weston); with CI=true this fails"
}
