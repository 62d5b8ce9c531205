internal import CWaylandProtocols
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// An eventfd that one thread signals to wake another out of `poll`.
final class EventSignal: Sendable {
    /// The descriptor to poll for readability.
    let descriptor: Int32

    init() throws(WaylandError) {
        let descriptor = cwl_eventfd_create()
        guard descriptor >= 0 else { throw .systemCall(name: "eventfd", errno: .current) }
        self.descriptor = descriptor
    }

    deinit {
        _ = close(descriptor)
    }

    /// Makes the descriptor readable.
    func signal() {
        _ = cwl_eventfd_signal(descriptor)
    }

    /// Makes the descriptor unreadable again.
    func drain() {
        _ = cwl_eventfd_drain(descriptor)
    }
}
