import FrameClock

/// What one frame showed: its times, the pull and the arrow, and what the gesture did in it.
struct FrameRecord: Sendable {
    /// The frame's vsync, its target and its duration, in nanoseconds on `CLOCK_MONOTONIC`.
    var timestamp: Int64
    var target: Int64
    var duration: Int64
    /// The instant the finger's motion was resampled to.
    var samplingTime: Int64
    /// Whole intervals missed before this frame.
    var skipped: Int
    /// How long drawing and committing the frame took, in nanoseconds.
    var drawTime: Int64
    var phase: PullPhase
    /// The pull the finger asked for (while dragging).
    var fingerOffset: Double?
    /// The pull and the arrow's angle shown.
    var offset: Double
    var offsetVelocity: Double
    var arrowAngle: Double
    /// Whether a drag grabbed the header in this frame.
    var grabbed: Bool
    /// The release handed to a spring in this frame, if one was.
    var handOff: PullGesture.HandOff?
}
