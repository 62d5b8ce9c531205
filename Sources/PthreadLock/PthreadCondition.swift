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
        pthread_cond_init(condition, nil)
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

    /// Wakes every waiter.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
