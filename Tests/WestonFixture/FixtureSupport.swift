import Foundation

/// What the compositor fixtures share: finding an executable, a private runtime directory, and the
/// wait for a socket to accept connections.
public enum FixtureSupport {
    /// The path of `name` on `PATH`, or nil.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// A new directory of mode 0700 (what compositors ask of `XDG_RUNTIME_DIR`) in the temporary
    /// directory, its name starting with `prefix`.
    public static func makeRuntimeDirectory(prefix: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw WestonServer.StartFailure(description: "mkdtemp failed: errno \(errno)")
        }
        return String(cString: made)
    }

    /// The absolute path of `relative` in the package's `Tests` folder, found from this file's place.
    static func testsPath(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }

    /// Waits until something accepts connections at `socketPath`, polling every `poll`; false when
    /// `process` ended or `seconds` passed first.
    static func waitForSocket(
        _ socketPath: String, of process: Process, seconds: Double, poll: useconds_t
    ) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !UnixSocket.accepts(socketPath) {
            guard process.isRunning, Date() < deadline else { return false }
            usleep(poll)
        }
        return true
    }
}
