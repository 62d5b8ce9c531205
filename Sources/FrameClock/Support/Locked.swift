internal import PthreadLock

#if canImport(Glibc)
    import Glibc
#endif

/// A value behind the package's pthread mutex (`PthreadMutex`, which the thread sanitizer
/// understands, where it reports false races on `Synchronization.Mutex`), with a condition to wait
/// on a change of it.
///
/// It locks and unlocks the mutex itself rather than through `PthreadMutex.withLock`: a lock is taken
/// several times on every frame's path, and the generic call across modules is not inlined there.
final class Locked<Value> {
    private let mutex = PthreadMutex()
    private let changed = PthreadCondition()
    /// Unchecked: the mutex makes every access exclusive (a nested `withLock` would deadlock on it
    /// first), and the runtime's check cost each frame some 700 instructions for the several locks on
    /// its path.
    @exclusivity(unchecked) private var value: Value

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

    /// Waits, the lock released meanwhile, until `isReady` holds for the value; then runs `body`
    /// with exclusive access to it. Another thread that makes `isReady` true calls
    /// ``broadcastChange()`` after its change.
    func withLock<Result>(
        whenReady isReady: (inout Value) -> Bool, _ body: (inout Value) -> Result
    ) -> Result {
        pthread_mutex_lock(mutex.mutex)
        defer { pthread_mutex_unlock(mutex.mutex) }
        while !isReady(&value) { changed.wait(releasing: mutex.mutex) }
        return body(&value)
    }

    /// As ``withLock(whenReady:_:)``, waiting at most `timeout` nanoseconds for `isReady`; `body`
    /// runs either way.
    func withLock<Result>(
        whenReady isReady: (inout Value) -> Bool, waitingAtMost timeout: Int64,
        _ body: (inout Value) -> Result
    ) -> Result {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) + max(0, timeout)
        pthread_mutex_lock(mutex.mutex)
        defer { pthread_mutex_unlock(mutex.mutex) }
        while !isReady(&value) {
            clock_gettime(CLOCK_MONOTONIC, &now)
            guard Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) < deadline else { break }
            changed.wait(releasing: mutex.mutex, until: deadline)
        }
        return body(&value)
    }

    /// Wakes the threads waiting in ``withLock(whenReady:_:)`` to look at the value again.
    func broadcastChange() {
        changed.broadcast()
    }
}

// The value is reached only under the mutex, so a lock over a sendable value may be shared.
extension Locked: @unchecked Sendable where Value: Sendable {}
