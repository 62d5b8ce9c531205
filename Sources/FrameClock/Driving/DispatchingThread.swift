#if canImport(Glibc)
    import Glibc
#endif

/// Marks the threads that are dispatching frames right now: a frame thread for its whole life, a
/// thread advancing a manual source while it does.
///
/// ``DisplayLink/invalidate()`` waits for a callback in flight to return, except on such a thread:
/// there the caller *is* a callback (of that link or of another one), and waiting could only
/// deadlock.
enum DispatchingThread {
    /// One key for the process; its value is non-nil on a marked thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the calling thread dispatches frames now.
    static var isCurrent: Bool { pthread_getspecific(key) != nil }

    /// Marks (or unmarks) the calling thread.
    static func mark(_ dispatching: Bool) {
        pthread_setspecific(key, dispatching ? UnsafeRawPointer(bitPattern: 1) : nil)
    }
}
