import Synchronization
import Wayland

/// Where the naive variant's input handler leaves the window's events (it runs holding the
/// connection's lock, so it must not draw), the refresh's result, and the flags its loop and the
/// script share.
final class NaiveInbox: Sendable {
    private let events = Mutex<[WaylandInputEvent]>([])
    private let refresh = Mutex<Duration?>(nil)
    private let stopping = Atomic(false)
    private let stopped = Atomic(false)

    func append(_ event: WaylandInputEvent) {
        events.withLock { $0.append(event) }
    }

    /// The events left since the last call, in order.
    func drain() -> [WaylandInputEvent] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }

    /// The refresh came back after `duration` (from any thread).
    func refreshed(after duration: Duration) {
        refresh.withLock { $0 = duration }
    }

    /// The refresh's duration once it came back, taken once.
    func takeRefresh() -> Duration? {
        refresh.withLock { result in
            defer { result = nil }
            return result
        }
    }

    /// Asks the loop to stop; whether it was asked.
    func stop() { stopping.store(true, ordering: .releasing) }
    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// The loop says it has stopped; whether it has.
    func markStopped() { stopped.store(true, ordering: .releasing) }
    var hasStopped: Bool { stopped.load(ordering: .acquiring) }
}
