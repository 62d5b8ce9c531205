internal import PthreadLock

#if canImport(Glibc)
    import Glibc
#endif

/// A value behind the package's pthread mutex (`PthreadMutex`, which the thread sanitizer
/// understands, where it reports false races on `Synchronization.Mutex`).
///
/// It locks and unlocks the mutex itself rather than through `PthreadMutex.withLock`: a lock is taken
/// several times on every frame's path, and the generic call across modules costs about 20 ns each.
final class Locked<Value> {
    private let mutex = PthreadMutex()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        pthread_mutex_lock(mutex.mutex)
        defer { pthread_mutex_unlock(mutex.mutex) }
        return try body(&value)
    }
}

// The value is reached only under the mutex, so a lock over a sendable value may be shared.
extension Locked: @unchecked Sendable where Value: Sendable {}
