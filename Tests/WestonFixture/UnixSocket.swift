import Foundation

/// Plain Unix-socket calls for the fixture and the stale-socket test.
public enum UnixSocket {
    /// Connects to `path` and closes at once; true when something listens there.
    public static func accepts(_ path: String) -> Bool {
        withSocket(at: path) { descriptor, address, length in connect(descriptor, address, length) == 0 }
            ?? false
    }

    /// Binds a socket at `path` and closes it without listening: the file stays, as a killed
    /// compositor's does. True on success.
    public static func bindAndClose(at path: String) -> Bool {
        withSocket(at: path) { descriptor, address, length in bind(descriptor, address, length) == 0 }
            ?? false
    }

    /// Makes a stream socket and an address for `path`, runs `body`, closes the socket; nil when the
    /// socket cannot be made or the path is too long.
    private static func withSocket(
        at path: String, _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool
    ) -> Bool? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
