internal import SystemCalls

/// A value behind the package's pthread mutex (``PthreadMutex``, which the thread sanitizer
/// understands, where it reports false races on `Synchronization.Mutex`).
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
        try mutex.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}

// The value is reached only under the mutex, so a lock over a sendable value may be shared.
extension Locked: @unchecked Sendable where Value: Sendable {}
