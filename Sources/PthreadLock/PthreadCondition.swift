#if canImport(Glibc)
    import Glibc
#endif

/// A pthread condition variable, waited on with a ``PthreadMutex`` held: how a thread waits for
/// another to finish something (a display link's `invalidate()` waiting for a callback in flight).
package final class PthreadCondition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// Creates a condition with no waiters.
    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // Timed waits count on CLOCK_MONOTONIC, the package's one time base.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Releases `mutex` (which the caller holds), waits for a broadcast and takes `mutex` again.
    /// May return without one (a spurious wake-up): wait in a loop on the state it guards.
    package func wait(releasing mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_cond_wait(condition, mutex)
    }

    /// As ``wait(releasing:)``, returning at the latest at `deadline` (CLOCK_MONOTONIC nanoseconds).
    package func wait(releasing mutex: UnsafeMutablePointer<pthread_mutex_t>, until deadline: Int64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &time)
    }

    /// Wakes every waiter.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
