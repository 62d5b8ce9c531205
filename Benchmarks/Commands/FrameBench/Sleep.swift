#if canImport(Glibc)
    import Glibc
#endif

/// Plain blocking sleeps, as the naive loops and the reference loop use them.
enum Sleep {
    /// A relative `nanosleep`, resumed after signals.
    static func blocking(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(
            tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// An absolute `clock_nanosleep` on `CLOCK_MONOTONIC` (`TIMER_ABSTIME`).
    static func until(monotonicNanoseconds deadline: Int64) {
        var request = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
    }
}
