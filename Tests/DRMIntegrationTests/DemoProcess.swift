#if canImport(Glibc)
    import Glibc
#endif

/// Runs one of the package's executables from the build folder the test bundle runs from (the
/// guest runs the bundle from the host's build folder over 9p), capturing both output streams.
///
/// Plain `posix_spawn` and `poll`: Foundation's `Process` cannot run in the vkms guest (its run
/// loop fails to create its CFSocket wake-up pair there and the wait never ends).
enum DemoProcess {
    struct Result {
        /// The exit status (128 + the signal for a killed process); -1 when it was killed after the
        /// timeout or could not be started.
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The folder holding the test bundle and the executables (`.build/debug` or the like).
    static var buildFolder: String {
        guard let resolved = realpath(CommandLine.arguments[0], nil) else { return "." }
        var path = String(cString: resolved)
        free(resolved)
        while path.count > 1 {
            if let slash = path.lastIndex(of: "/") {
                path = slash == path.startIndex ? "/" : String(path[..<slash])
            } else {
                return "."
            }
            if access(path + "/clock-demo", X_OK) == 0 { return path }
        }
        return path
    }

    /// Runs `name` with `arguments`, with standard input from /dev/null, for at most `timeout`
    /// seconds (then SIGINT, and SIGKILL two seconds later).
    static func run(_ name: String, _ arguments: [String], timeout: Double = 60) -> Result {
        let path = buildFolder + "/" + name
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { return Result(status: -1, standardOutput: "", standardError: "pipe") }
        guard pipe(&err) == 0 else {
            close(out[0])
            close(out[1])
            return Result(status: -1, standardOutput: "", standardError: "pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in [out[0], out[1], err[0], err[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        posix_spawn_file_actions_destroy(&actions)
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            close(out[0])
            close(err[0])
            return Result(
                status: -1, standardOutput: "", standardError: "posix_spawn \(path): errno \(spawned)")
        }

        var collected: [[UInt8]] = [[], []]
        var open = [out[0], err[0]]
        let start = monotonicNanoseconds()
        let limit = Int64(timeout * 1e9)
        var timedOut = false
        var interruptedAt: Int64?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while open.contains(where: { $0 >= 0 }) {
            let elapsed = monotonicNanoseconds() - start
            if elapsed >= limit && interruptedAt == nil {
                timedOut = true
                kill(pid, SIGINT)
                interruptedAt = elapsed
            }
            if let interruptedAt, elapsed - interruptedAt > 2_000_000_000 {
                kill(pid, SIGKILL)
            }
            var entries = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&entries, nfds_t(entries.count), 100)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            for index in 0..<2 where open[index] >= 0 && entries[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(open[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    close(open[index])
                    open[index] = -1
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let standardError = String(decoding: collected[1], as: UTF8.self)
        return Result(
            status: timedOut ? -1 : exitStatus, standardOutput: String(decoding: collected[0], as: UTF8.self),
            standardError: timedOut ? "timed out\n" + standardError : standardError)
    }
}
