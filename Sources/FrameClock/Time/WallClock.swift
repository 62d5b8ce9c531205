internal import SystemCalls

/// Converts between `CLOCK_MONOTONIC` and `CLOCK_REALTIME`.
public enum WallClock {
    /// `CLOCK_REALTIME − CLOCK_MONOTONIC` now, in nanoseconds.
    ///
    /// The two clocks are read back to back; the reading with the smallest gap of three is used, so
    /// a preemption between the two reads does not skew the offset.
    public static func currentOffsetNanoseconds() -> Int64 {
        var best: (gap: Int64, offset: Int64) = (.max, 0)
        for _ in 0..<3 {
            let before = KernelClock.monotonicNanoseconds()
            let wall = KernelClock.realtimeNanoseconds()
            let after = KernelClock.monotonicNanoseconds()
            let gap = after - before
            if gap < best.gap {
                best = (gap, wall - (before + gap / 2))
            }
        }
        return best.offset
    }
}
