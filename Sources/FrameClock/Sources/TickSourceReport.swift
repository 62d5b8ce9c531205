/// What a source learns while it waits, besides ticks, and hands to its frame driver at once (on the
/// frame thread): frames shown or discarded, and a change of what it ticks on that it made itself.
enum TickSourceReport {
    /// What was drawn after tick `tick` was shown at `time` (CLOCK_MONOTONIC nanoseconds).
    case presented(tick: Int64, time: Int64)
    /// What was drawn after tick `tick` will never be shown.
    case discarded(tick: Int64)
    /// The source now ticks on something else, for the reason given (a Wayland surface's frame
    /// callbacks stopped, or resumed): the new ``DisplayLink/sourceInfo``.
    case changed(FrameSourceInfo)
}
