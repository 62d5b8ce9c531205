@testable import FrameClock

/// Collects frames delivered on any thread.
final class FrameRecorder: Sendable {
    private let frames = Locked<[Frame]>([])

    func record(_ frame: Frame) { frames.withLock { $0.append(frame) } }
    var all: [Frame] { frames.withLock { $0 } }
    var count: Int { frames.withLock { $0.count } }
}

/// The exact nanosecond of tick `k` of a rate given as a whole number of frames per second.
func gridTime(_ k: Int64, fps: Int64, start: Int64 = 0) -> Int64 {
    start + Int64((Int128(k) * 1_000_000_000) / Int128(fps))
}
