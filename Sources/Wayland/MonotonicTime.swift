#if canImport(Glibc)
    import Glibc
#endif

/// Reads of the kernel's clocks, in nanoseconds.
enum KernelClock {
    /// CLOCK_MONOTONIC, the time base of every instant this module reports.
    static let monotonic = CLOCK_MONOTONIC

    /// `clock`'s current time in nanoseconds, or nil when the clock cannot be read (an unknown id).
    static func read(_ clock: clockid_t) -> Int64? {
        var now = timespec()
        guard clock_gettime(clock, &now) == 0 else { return nil }
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    /// CLOCK_MONOTONIC now, in nanoseconds (it can always be read).
    static func monotonicNow() -> Int64 {
        read(monotonic) ?? 0
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to `Int64`'s range (negative durations become 0).
    var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (wholeSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (total, overflowAdding) = wholeSeconds.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowAdding ? .max : total
    }
}

/// `now + timeout` in CLOCK_MONOTONIC nanoseconds, saturating instead of overflowing.
func monotonicDeadline(after timeout: Duration) -> Int64 {
    let (deadline, overflow) = KernelClock.monotonicNow().addingReportingOverflow(timeout.clampedNanoseconds)
    return overflow ? .max : deadline
}
