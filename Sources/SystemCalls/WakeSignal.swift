import Synchronization
import SystemPackage

/// What wakes a thread out of its wait: a pending flag that says something changed, and an eventfd
/// that carries the wake-up to a thread waiting in ``SystemCall/poll(_:until:retryOnInterrupt:)-([PollDescriptor],_,_)``.
///
/// Owns its eventfd (closed when the signal goes). Any thread may ``signal()``; the waiting thread
/// polls ``fileDescriptor`` for readability and calls ``consume()`` to learn whether a signal came
/// (a cheap atomic check when none did).
///
/// A signal writes the eventfd before it sets the flag, and ``consume()`` clears the flag before it
/// drains the eventfd. So a signal is never lost (whoever sees the flag clear and then polls sees the
/// eventfd readable), and the eventfd is never left readable with the flag clear for longer than
/// the signalling thread takes between its two steps; at worst a signal that races a consume is
/// reported twice, which a waiter treats as a wake-up with nothing new.
package final class WakeSignal: Sendable {
    /// The eventfd.
    package let event: EventDescriptor
    private let pending = Atomic<Bool>(false)

    /// Creates a signal, not pending.
    ///
    /// - Throws: `Errno` from `eventfd` (`EMFILE`, `ENFILE`, `ENOMEM`).
    package init() throws(Errno) {
        event = try EventDescriptor.create()
    }

    deinit {
        try? event.close()
    }

    /// The descriptor to poll for readability.
    package var fileDescriptor: FileDescriptor { event.fileDescriptor }

    /// Whether a signal is pending, without consuming it.
    package var isPending: Bool { pending.load(ordering: .sequentiallyConsistent) }

    /// Wakes the thread that waits on the signal (or makes its next wait return at once).
    package func signal() {
        // Cannot fail: the descriptor is open while the signal exists, and the counter cannot reach
        // its limit of 2^64 − 2 one signal at a time.
        try? event.signal()
        pending.store(true, ordering: .sequentiallyConsistent)
    }

    /// Whether a signal was pending; clears it and drains the eventfd (making it unreadable).
    package func consume() -> Bool {
        guard pending.exchange(false, ordering: .sequentiallyConsistent) else { return false }
        _ = try? event.drain()
        return true
    }
}
