#if canImport(Glibc)
    import Glibc
#endif

/// A pthread mutex: the package's one lock primitive, under FrameClock's `Locked`, Wayland's
/// connection lock and MediaTiming's shared tables.
///
/// `Synchronization.Mutex` is futex-based and invisible to the thread sanitizer on Linux (it reports
/// races that are not there); a pthread mutex is understood by it, so the sanitized test run can
/// tell real races from false ones.
package final class PthreadMutex: @unchecked Sendable {
    /// The mutex itself, for a lock on a hot path that locks and unlocks it directly.
    package let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
