@testable import FrameClock

/// The exact nanosecond of tick `k` of a rate given as a whole number of frames per second.
func gridTime(_ k: Int64, fps: Int64, start: Int64 = 0) -> Int64 {
    start + Int64((Int128(k) * 1_000_000_000) / Int128(fps))
}
