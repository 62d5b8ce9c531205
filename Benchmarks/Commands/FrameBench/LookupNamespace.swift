import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// "Wi-Fi up, uplink down" for the lookup workload: a network namespace frame-bench makes for the
/// run and removes after it, with only its loopback, up; its `/etc/netns/NAME/resolv.conf` names a
/// DNS server on that loopback (`options timeout:2 attempts:1`). frame-bench runs again inside it
/// (`ip netns exec`), where ``SilentDNSServer`` holds the server's socket and never answers: every
/// lookup blocks about 2 s and fails, and no packet leaves the namespace.
enum LookupNamespace {
    /// Set in the environment of the frame-bench that runs inside the namespace: the namespace's name.
    static let environmentKey = "FRAME_BENCH_LOOKUP_NAMESPACE"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The namespace this process runs in, when it is frame-bench's own.
    static var current: String? { ProcessInfo.processInfo.environment[environmentKey] }

    /// Why the namespace cannot be made here; nil when it can be tried.
    static func unavailableReason() -> String? {
        if geteuid() != 0 { return "making a network namespace needs root (ip netns add)" }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin"
        let found = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/ip")
        }
        return found ? nil : "iproute2's ip is not installed (apt-get install iproute2)"
    }

    /// Makes the namespace, runs this frame-bench inside it with `arguments`, removes the namespace
    /// and returns the inner run's exit status.
    static func runInside(arguments: [String]) throws -> Int32 {
        let name = "frame-bench-lookup-\(getpid())"
        let folder = "/etc/netns/\(name)"
        try ip(["netns", "add", name])
        defer {
            _ = try? ip(["netns", "del", name])
            try? FileManager.default.removeItem(atPath: folder)
        }
        try ip(["-n", name, "link", "set", "lo", "up"])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "nameserver 127.0.0.1\noptions timeout:2 attempts:1\n".write(
            toFile: "\(folder)/resolv.conf", atomically: true, encoding: .utf8)
        return try spawnAndWait(
            ["ip", "netns", "exec", name, try executablePath()] + arguments,
            environment: ["\(environmentKey)=\(name)"])
    }

    /// This program's own file.
    private static func executablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { throw Failure(description: "cannot read /proc/self/exe (errno \(errno))") }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `arguments` (found on PATH) with this process's environment plus `extra` and its standard
    /// streams, every signal at its default and none blocked, and waits for it. Ctrl-C reaches the
    /// child (the same process group); this process ignores it meanwhile so that it still cleans up.
    private static func spawnAndWait(_ arguments: [String], environment extra: [String]) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + extra
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previousInterrupt) }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    /// Runs `ip` with `arguments`; throws with its standard error when it fails.
    private static func ip(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ip"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw Failure(
                description:
                    "ip \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text)")
        }
    }
}

/// The namespace's DNS server: a UDP socket bound to 127.0.0.1:53 that never reads, so every query
/// waits in its receive queue and none is answered. Held for the whole run inside the namespace.
final class SilentDNSServer: Sendable {
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw LookupNamespace.Failure(description: "socket: \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(53).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw LookupNamespace.Failure(
                description: "binding the silent DNS server to 127.0.0.1:53: \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
