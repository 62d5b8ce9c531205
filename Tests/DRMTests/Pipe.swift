#if canImport(Glibc)
    import Glibc
#endif

/// A descriptor pair for feeding bytes to a reader: a pipe, or a SOCK_SEQPACKET socketpair that
/// keeps each write a separate read.
final class BytePipe {
    let readEnd: Int32
    let writeEnd: Int32

    init(packets: Bool = false) {
        var fds: [Int32] = [-1, -1]
        if packets {
            precondition(
                socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
                    == 0)
        } else {
            precondition(pipe(&fds) == 0)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    func write(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
    }

    func closeWriteEnd() { _ = close(writeEnd) }

    deinit {
        _ = close(readEnd)
        _ = close(writeEnd)
    }
}
