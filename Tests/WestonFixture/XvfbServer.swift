import Foundation

/// Why an X server could not be started.
public struct XServerStartFailure: Error, CustomStringConvertible {
    public var description: String

    /// A failure that says `description`.
    public init(description: String) { self.description = description }
}

/// What the X server fixtures share: the socket directory, a free display number, the wait for a
/// socket.
public enum XServerSupport {
    /// Where X servers put their sockets.
    public static let socketDirectory = "/tmp/.X11-unix"
    /// The display numbers tried for Xvfb (above the ones sessions and weston take first).
    public static let displayNumbers = 60..<160

    /// Makes the socket directory (mode 1777) if it is missing, as a session's startup would.
    public static func ensureSocketDirectory() {
        var status = stat()
        if stat(socketDirectory, &status) != 0 {
            mkdir(socketDirectory, 0o1777)
            chmod(socketDirectory, 0o1777)
        }
    }

    /// The socket of display `:number`.
    public static func socketPath(_ number: Int) -> String { "\(socketDirectory)/X\(number)" }

    /// A display number with no live lock file and no listening socket, not handed out before in this
    /// process (suites run in parallel: two servers started at once would otherwise both take the
    /// lowest free number, and the second would exit while its test talks to the first). A lock file
    /// whose process is gone (an X server killed by a test) does not hold its number: the next server
    /// takes it over, as X servers do with a stale lock.
    public static func freeDisplayNumber() -> Int? {
        claims.withLock { claimed in
            let number = displayNumbers.first { number in
                !claimed.contains(number) && !hasLiveLock(number) && !UnixSocket.accepts(socketPath(number))
            }
            if let number { claimed.insert(number) }
            return number
        }
    }

    /// The display numbers handed out in this process.
    private static let claims = ClaimedNumbers()

    /// Whether display `:number`'s lock file names a process that still runs.
    static func hasLiveLock(_ number: Int) -> Bool {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else {
            return FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
        }
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else {
            return true
        }
        return Foundation.kill(pid, 0) == 0 || errno == EPERM
    }

    /// Waits until something accepts connections at `path`; false when `process` ended or `seconds`
    /// passed first.
    public static func waitForSocket(_ path: String, of process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !UnixSocket.accepts(path) {
            guard process.isRunning, Date() < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    /// Sends SIGTERM, then SIGKILL after 2 s, and waits for the exit.
    public static func stop(_ process: Process) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Xvfb on a free display: `Xvfb :N -screen 0 640x480x24 -nolisten tcp -noreset` (its fake CRTC
/// ticks from a timer, about every 16.3 ms; `-noreset`: a server that resets when its last client
/// leaves refuses the next one for a moment).
public final class XvfbServer {
    /// The display's name, `:N`.
    public let display: String
    private let process: Process

    /// Xvfb's path, found on `PATH`, or nil.
    public static let executable = FixtureSupport.executable(named: "Xvfb")

    /// Starts Xvfb and waits (up to 5 s) until its socket accepts connections; `arguments` are added
    /// to its command line.
    public init(arguments: [String] = []) throws {
        guard let executable = Self.executable else {
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
    public func kill(signal: Int32) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    /// Sends `signal` to Xvfb without waiting for anything (SIGSTOP holds it, SIGCONT resumes it).
    public func send(_ signal: Int32) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, signal)
    }

    /// Stops Xvfb (resumed first, should a test have held it with SIGSTOP).
    public func stop() {
        send(SIGCONT)
        XServerSupport.stop(process)
    }
}

/// The display numbers a process has handed out, under a lock.
private final class ClaimedNumbers: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers = Set<Int>()

    func withLock<Result>(_ body: (inout Set<Int>) -> Result) -> Result {
        lock.withLock { body(&numbers) }
    }
}
