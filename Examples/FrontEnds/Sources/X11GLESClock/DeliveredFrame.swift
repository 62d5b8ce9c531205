import FrameClock

/// One frame's callback, as seen from inside it (CLOCK_MONOTONIC nanoseconds).
struct DeliveredFrame: Sendable {
    /// The frame's sequence (the window's MSC).
    var sequence: UInt64
    /// The vblank the frame follows.
    var timestamp: Int64
    /// The frame's duration (the refresh interval times the divisor).
    var duration: Int64
    /// Whole intervals the link skipped before the frame.
    var skippedFrames: Int
    /// When the callback started.
    var calledAt: Int64
    /// What the link ticked on.
    var kind: FrameSourceKind
}
