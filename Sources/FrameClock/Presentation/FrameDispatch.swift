/// When in a frame interval a link starts its callback.
public enum FrameDispatch: Hashable, Sendable {
    /// Right after the vblank the frame follows (the default, as `CADisplayLink` does): the most
    /// time for the work, and a latency of a whole frame interval from the callback's start to the
    /// frame being shown.
    case afterVBlank
    /// As late as the learned callback duration allows: at the frame's ``Frame/deadline`` minus the
    /// predicted callback duration minus `safetyMargin`, so that the time from the callback's start
    /// to the frame being shown is short. The prediction follows recent callback durations: a
    /// longer frame raises it at once, shorter ones lower it slowly. Until a callback has been
    /// measured, the link dispatches after the vblank.
    case renderDeadline(safetyMargin: Duration)

    /// The margin of ``renderDeadline``: 500 µs.
    public static let defaultSafetyMargin = Duration.microseconds(500)

    /// ``renderDeadline(safetyMargin:)`` with ``defaultSafetyMargin``.
    public static var renderDeadline: FrameDispatch { .renderDeadline(safetyMargin: defaultSafetyMargin) }
}
