import Foundation

/// A compositor started headless for one test by `Tests/Compositors/compositors.sh`, the script the
/// shell checks start theirs with, in a runtime directory of its own.
///
/// The script's `start_compositor` runs in a `bash` that stays the compositor's parent, to reap it:
/// it prints the compositor's PID, runtime directory and socket, closes its output and waits. The
/// compositor leads a session and process group of its own holding everything it starts; the socket
/// is polled until it accepts connections, and the group is stopped when the test ends.
public class CompositorServer {
    /// Why a compositor could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong, with the compositor's log where there is one.
        public var description: String

        /// A failure described by `description`.
        public init(description: String) { self.description = description }
    }

    /// The runtime directory (`XDG_RUNTIME_DIR` for the compositor), removed at the end.
    public let runtimeDirectory: String
    /// The socket's absolute path: what `WaylandConnection(name:)` takes.
    public let socketPath: String
    /// The compositor's standard output and error.
    public let logPath: String
    /// The compositor's process id (its session runner's for one started by `dbus-run-session`), also
    /// the id of its process group: `kill(-pid, …)` reaches everything it started.
    public let pid: Int32
    /// The `bash` that started the compositor and waits for it: running while the compositor is.
    private let starter: Process

    /// The script that starts compositors.
    static let script = FixtureSupport.testsPath("Compositors/compositors.sh")

    /// Starts compositor `name` (one of the script's, such as `weston10` or `mutter43`) on the socket
    /// `socketName`, with the script's `settings` (`COMPOSITOR_REPAINT_WINDOW` and the like) and
    /// `environment` added to the compositor's, and waits until its socket accepts connections: all
    /// within `seconds`.
    public init(
        name: String, socketName: String = "wl-test", settings: [String: String] = [:],
        environment added: [String: String] = [:], seconds: Int
    ) throws {
        let deadline = Date().addingTimeInterval(Double(seconds))
        // The script's settings are these alone, whatever the test's own environment holds.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("COMPOSITOR_") }
        environment.merge(added) { $1 }
        environment.merge(settings) { $1 }
        environment["COMPOSITOR_SOCKET_NAME"] = socketName
        environment["COMPOSITOR_START_SECONDS"] = String(seconds)
        environment["COMPOSITOR_SETTLE_SECONDS"] = "0"

        starter = Process()
        starter.executableURL = URL(fileURLWithPath: "/bin/bash")
        starter.arguments = [
            "-c",
            "source \"$0\" && start_compositor \"$1\" && "
                + "printf '%s\\n' \"$COMPOSITOR_PID\" \"$COMPOSITOR_RUNTIME\" \"$COMPOSITOR_SOCKET\" && "
                + "exec >/dev/null 2>&1 && wait \"$COMPOSITOR_PID\"",
            Self.script, name,
        ]
        starter.environment = environment
        let output = Pipe()
        starter.standardOutput = output
        starter.standardError = output
        starter.standardInput = FileHandle.nullDevice
        try starter.run()

        // The script's own waits are bounded by `seconds`; its stop on a failure takes 5 s more.
        let text = Self.read(output.fileHandleForReading, until: deadline.addingTimeInterval(10))
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 3, let pid = Int32(lines[0]), starter.isRunning else {
            if lines.count == 3, let pid = Int32(lines[0]) {
                _ = Foundation.kill(-pid, SIGKILL)
                try? FileManager.default.removeItem(atPath: lines[1])
            }
            if starter.isRunning { starter.terminate() }
            throw StartFailure(description: "\(name) did not start:\n\(text)")
        }
        self.pid = pid
        runtimeDirectory = lines[1]
        socketPath = lines[1] + "/" + lines[2]
        logPath = lines[1] + "/log"

        let left = max(deadline.timeIntervalSinceNow, 0.1)
        guard FixtureSupport.waitForSocket(socketPath, of: starter, seconds: left, poll: 5_000) else {
            stop()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw StartFailure(
                description: "\(name) did not listen on its socket within \(seconds) s:\n\(log)")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// Whether the compositor is still running.
    public var isRunning: Bool { starter.isRunning }

    /// Waits until something accepts connections at the socket `path` (one the compositor makes
    /// besides its Wayland socket, such as its Xwayland's); false when the compositor ended or
    /// `seconds` passed first.
    public func waitForSocket(_ path: String, seconds: Double) -> Bool {
        FixtureSupport.waitForSocket(path, of: starter, seconds: seconds, poll: 5_000)
    }

    /// Sends `signal` to every process of the compositor's group (SIGSTOP and SIGCONT stop and
    /// continue all of it).
    public func signal(_ signal: Int32) {
        _ = Foundation.kill(-pid, signal)
    }

    /// Sends `signal` to the compositor's group and waits (up to 2 s) for the compositor to exit.
    public func kill(signal: Int32) {
        self.signal(signal)
        waitForExit(seconds: 2)
    }

    /// Stops the compositor and all it started: SIGTERM to its group, SIGKILL to what is left after 2 s.
    public func stop() {
        guard Foundation.kill(-pid, 0) == 0 else { return }
        kill(signal: SIGTERM)
        if Foundation.kill(-pid, 0) == 0 { kill(signal: SIGKILL) }
    }

    /// Waits until the compositor has exited (its starter with it), or `seconds` passed.
    private func waitForExit(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while starter.isRunning && Date() < deadline { usleep(2_000) }
    }

    /// What `handle` gives until its end or `deadline`, whichever comes first.
    private static func read(_ handle: FileHandle, until deadline: Date) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let left = Int32(max(deadline.timeIntervalSinceNow * 1000, 0))
            guard left > 0 else { break }
            let ready = poll(&descriptor, 1, left)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = Glibc.read(handle.fileDescriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
