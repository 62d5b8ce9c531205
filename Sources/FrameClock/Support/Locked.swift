#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a pthread mutex.
///
/// `Synchronization.Mutex` is futex-based and invisible to the thread sanitizer on Linux (it reports
/// races that are not there); a pthread mutex is understood by it, so the sanitized test run can
/// tell real races from false ones.
final class Locked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// The value is reached only under the mutex, so a lock over a sendable value may be shared.
extension Locked: @unchecked Sendable where Value: Sendable {}
