import Foundation

/// "Wi-Fi up, uplink down", made for a test: a network namespace of its own (only `lo`, up), whose
/// `/etc/netns/NAME/resolv.conf` names a DNS server inside it — a UDP socket on 127.0.0.1:53 that
/// reads queries and never answers — with `options timeout:2 attempts:1`, so a lookup blocks about
/// 2 s and then fails (EAI_AGAIN). No packet leaves the namespace. ``remove()`` deletes the namespace
/// and its `/etc/netns` folder.
final class SilentResolverNamespace {
    let name: String
    private let folder: URL
    private let server: Process
    private let serverOutput: DataReader
    private var removed = false

    /// The server: binds, says so, then prints a line per query it reads (and answers none).
    private static let serverScript = """
        import socket
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.bind(("127.0.0.1", 53))
        print("listening", flush=True)
        while True:
            data, peer = s.recvfrom(4096)
            print("query", len(data), flush=True)
        """

    /// Makes the namespace and starts its silent DNS server.
    init() throws {
        name = "fc-uplink-down-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        folder = URL(fileURLWithPath: "/etc/netns/\(name)")
        try Self.ip(["netns", "add", name])
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["ip", "netns", "exec", name, "python3", "-c", Self.serverScript]
        server.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        server.standardOutput = pipe
        server.standardError = FileHandle.nullDevice
        serverOutput = DataReader(pipe.fileHandleForReading)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "nameserver 127.0.0.1\noptions timeout:2 attempts:1\n".write(
                to: folder.appendingPathComponent("resolv.conf"), atomically: true, encoding: .utf8)
            try Self.ip(["netns", "exec", name, "ip", "link", "set", "lo", "up"])
            try server.run()
            let deadline = Date().addingTimeInterval(10)
            while !serverOutput.currentText.contains("listening\n") {
                guard server.isRunning, Date() < deadline else {
                    throw Failure(description: "the namespace's DNS server did not start (python3 -c …)")
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// Queries the server has read so far.
    var queriesRead: Int {
        serverOutput.currentText.split(separator: "\n").filter { $0.hasPrefix("query ") }.count
    }

    /// Runs `executable` inside the namespace (`ip netns exec`), as ``ExecutableRunner`` runs it.
    func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval) throws
        -> ExecutableRunner.Result
    {
        try ExecutableRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["ip", "netns", "exec", name, executable.path] + arguments,
            timeout: timeout)
    }

    /// Stops the server, deletes the namespace and its `/etc/netns` folder (once).
    func remove() {
        guard !removed else { return }
        removed = true
        if server.isRunning {
            // SIGKILL: a child of Foundation's Process starts with most signals blocked, SIGTERM too.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        _ = try? Self.ip(["netns", "del", name])
        try? FileManager.default.removeItem(at: folder)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `ip` with `arguments`; throws with its standard error when it fails.
    @discardableResult
    static func ip(_ arguments: [String]) throws -> String {
        let result = try ExecutableRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["ip"] + arguments, timeout: 20)
        guard result.status == 0 else {
            throw Failure(
                description: "ip \(arguments.joined(separator: " ")) failed (\(result.status)): "
                    + result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return result.standardOutput
    }
}
