internal import CLinuxShims
import Synchronization
internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes a frame thread out of its wait when a link changes (start, pause, rate, invalidate).
///
/// A pending flag says that something changed; an eventfd carries the wake-up to sources that wait
/// in `poll` (DRM), and a source that blocks in `read` on its own timerfd (the timer, whose wake-up
/// is a few microseconds faster without `poll`) registers that timerfd to be fired at once instead.
final class ControlChannel: Sendable {
    /// The eventfd; sources that wait in `poll` add it to their set.
    let fd: Int32
    private let pending = Atomic<Bool>(false)
    private let kickedTimer = Atomic<Int32>(-1)

    init() throws(DisplayLinkError) {
        do {
            fd = try SystemCall.perform("eventfd") { fc_eventfd_create() }
        } catch {
            throw .system(error)
        }
    }

    /// Wakes the thread that waits on the channel.
    func signal() {
        pending.store(true, ordering: .sequentiallyConsistent)
        _ = fc_eventfd_signal(fd)
        let timer = kickedTimer.load(ordering: .sequentiallyConsistent)
        // An absolute deadline in the past fires the timerfd at once.
        if timer >= 0 { _ = fc_timerfd_set_absolute(timer, 1) }
    }

    /// Whether a wake-up was pending; clears it.
    func consume() -> Bool {
        guard pending.exchange(false, ordering: .sequentiallyConsistent) else { return false }
        _ = fc_eventfd_drain(fd)
        return true
    }

    /// Clears a pending wake-up (for sources that saw the eventfd become readable).
    func drain() {
        _ = consume()
    }

    /// Makes `signal()` fire `timer` (or nothing, with -1).
    func kick(timer: Int32) {
        kickedTimer.store(timer, ordering: .sequentiallyConsistent)
    }

    deinit {
        Glibc.close(fd)
    }
}
