/// What the pacing rules make of a tick, before anything of the link moves: the frame (or none),
/// and the pacing the link has once it is committed (``LinkState/commit(_:)``). A rehearsal takes
/// the frame and commits nothing.
struct TickDecision {
    /// The frame, or nil (not yet, or dropped).
    var plan: FramePlan?
    /// The pacer after the decision.
    var pacer: FramePacer
    /// Whether the tick was dropped (a late wake-up past the grid point, a start too close to the
    /// previous callback's).
    var droppedTick = false
    /// The frame interval the frame was planned with.
    var timing: FrameTiming
}
