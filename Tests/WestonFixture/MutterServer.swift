import Foundation

/// A mutter compositor started headless for one test, with virtual monitors of the refresh rates
/// asked for, in a runtime directory of its own.
///
/// `dbus-run-session -- mutter --wayland --headless --no-x11 --virtual-monitor 800x600@60
/// --virtual-monitor 800x600@144 --wayland-display=wl-test` (mutter needs a session bus); the socket
/// is polled for, and the compositor, its bus and the session runner (every process started for it,
/// found through `/proc`) are stopped when the test ends. The monitors are announced in argument
/// order but laid out as mutter likes: pick an output by its mode's refresh, never by index.
public final class MutterServer {
    /// The runtime directory (`XDG_RUNTIME_DIR` for mutter), removed at the end.
    public let runtimeDirectory: String
    /// The socket's absolute path: what `WaylandConnection(name:)` takes.
    public let socketPath: String
    /// mutter's standard output and error.
    public let logPath: String
    private let process: Process

    /// Starts mutter with one 800×600 virtual monitor per rate in `refreshRates` (hertz) and waits
    /// (up to 10 s) until its socket accepts connections.
    public init(refreshRates: [Int] = [60, 144]) throws {
        guard let runner = MutterAvailability.sessionRunner, let mutter = MutterAvailability.executable else {
            throw WestonServer.StartFailure(
                description: "mutter is not installed, and CI=true requires the mixed-refresh tests to run: "
                    + "apt-get install mutter dbus (Tests/install-system-packages.sh)")
        }
        runtimeDirectory = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-mutter")
        socketPath = runtimeDirectory + "/wl-test"
        logPath = runtimeDirectory + "/mutter.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))

        process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        process.arguments =
            ["--", mutter, "--wayland", "--headless", "--no-x11", "--wayland-display=wl-test"]
            + refreshRates.flatMap { ["--virtual-monitor", "800x600@\($0)"] }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = nil
        environment["DISPLAY"] = nil
        environment["GSETTINGS_BACKEND"] = "memory"
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()

        guard FixtureSupport.waitForSocket(socketPath, of: process, seconds: 10, poll: 10_000) else {
            stop()
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
            throw WestonServer.StartFailure(
                description: "mutter did not listen on its socket within 10 s:\n\(text)")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// Stops mutter and its session: SIGTERM to every process started for it, SIGKILL after 3 s.
    public func stop() {
        guard process.isRunning else { return }
        let root = process.processIdentifier
        for pid in Self.descendants(of: root).reversed() + [root] { _ = kill(pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            for pid in Self.descendants(of: root) + [root] { _ = kill(pid, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// The processes descended from `pid`, parents before children (`/proc/<pid>/task/*/children`).
    private static func descendants(of pid: Int32) -> [Int32] {
        var found: [Int32] = []
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let text =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            for child in text.split(separator: " ").compactMap({ Int32($0) }) {
                found.append(child)
                found += descendants(of: child)
            }
        }
        return found
    }
}

/// Whether mutter (and `dbus-run-session`, which gives it a session bus) is installed, and what the
/// tests do without it: skip loudly, or fail under CI=true.
public enum MutterAvailability {
    /// mutter's path, found on `PATH`, or nil.
    public static let executable = FixtureSupport.executable(named: "mutter")
    /// `dbus-run-session`'s path, or nil.
    public static let sessionRunner = FixtureSupport.executable(named: "dbus-run-session")

    /// Whether the tests that need mutter run. Without it and outside CI they are skipped, and a
    /// warning says so on standard error.
    public static let testsRun: Bool = {
        if (executable != nil && sessionRunner != nil) || WestonAvailability.isCI { return true }
        FileHandle.standardError.write(
            Data(
                ("\n*** Mixed-refresh tests: mutter is not installed: SKIPPING every test that needs two outputs. "
                    + "Install mutter and dbus (Tests/install-system-packages.sh) to run them "
                    + "(with CI=true they fail). ***\n\n").utf8))
        return false
    }()

    /// The reason shown for a skipped test.
    public static let skipReason =
        "mutter is not installed (apt-get install mutter dbus); with CI=true this fails"
}
