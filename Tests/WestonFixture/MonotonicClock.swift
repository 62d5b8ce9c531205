import Foundation

/// CLOCK_MONOTONIC now, in nanoseconds: the time base of every instant the Wayland module reports.
public func monotonicNow() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// CLOCK_MONOTONIC_RAW now, in nanoseconds (weston's presentation clock).
public func monotonicRawNow() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC_RAW, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
