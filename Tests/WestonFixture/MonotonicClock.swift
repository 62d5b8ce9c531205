internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC now, in nanoseconds: the time base of every instant the Wayland module reports.
public func monotonicNow() -> Int64 {
    KernelClock.monotonicNanoseconds()
}

/// CLOCK_MONOTONIC_RAW now, in nanoseconds (weston's presentation clock).
public func monotonicRawNow() -> Int64 {
    (try? KernelClock(rawValue: CLOCK_MONOTONIC_RAW).nanoseconds()) ?? 0
}
