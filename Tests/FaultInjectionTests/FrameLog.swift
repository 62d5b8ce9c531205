@testable import FrameClock

/// Collects frames delivered on the frame thread.
final class FrameLog: Sendable {
    private let frames = Locked<[Frame]>([])

    func record(_ frame: Frame) { frames.withLock { $0.append(frame) } }
    var all: [Frame] { frames.withLock { $0 } }
    var count: Int { frames.withLock { $0.count } }
}
