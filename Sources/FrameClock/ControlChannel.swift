internal import CLinuxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An eventfd that wakes a frame thread out of its wait when a link changes (start, pause, rate,
/// invalidate).
final class ControlChannel: @unchecked Sendable {
    /// The eventfd; sources add it to their epoll set.
    let fd: Int32

    init() throws(DisplayLinkError) {
        let descriptor = fc_eventfd_create()
        guard descriptor >= 0 else { throw .system(SystemCallError(call: "eventfd", errno: errno)) }
        fd = descriptor
    }

    /// Wakes the thread that waits on the channel.
    func signal() {
        _ = fc_eventfd_signal(fd)
    }

    /// Clears a pending wake-up.
    func drain() {
        _ = fc_eventfd_drain(fd)
    }

    deinit {
        Glibc.close(fd)
    }
}
