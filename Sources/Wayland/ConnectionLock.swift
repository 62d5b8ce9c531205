#if canImport(Glibc)
    import Glibc
#endif

/// The mutex that guards a connection's state and every object made on it.
///
/// A pthread mutex rather than `Synchronization.Mutex`: the thread sanitizer understands it (it does
/// not see the futex under `Mutex` as ordering), so the sanitized test run reports only real races.
final class ConnectionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
