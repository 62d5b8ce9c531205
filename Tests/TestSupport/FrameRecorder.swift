import FrameClock
import Synchronization

/// Collects the frames a display link delivers, on whatever thread it delivers them.
public final class FrameRecorder: Sendable {
    private let frames = Mutex<[Frame]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Appends `frame`.
    public func record(_ frame: Frame) { frames.withLock { $0.append(frame) } }

    /// Every frame recorded so far, in order.
    public var all: [Frame] { frames.withLock { $0 } }

    /// How many frames were recorded.
    public var count: Int { frames.withLock { $0.count } }
}
