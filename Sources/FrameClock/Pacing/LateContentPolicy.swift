/// What a link does with scheduled content whose refresh went by without a frame to show it (a
/// callback that ran long, a frame skipped, a link paused): see ``DisplayLink/lateContentPolicy``.
public enum LateContentPolicy: Hashable, Sendable {
    /// Each frame shows the newest content due by its target; older content due with it is
    /// dropped, counted in ``Frame/droppedContent``. A video player's choice: the picture on screen
    /// is the one its time asks for, and a late stretch costs pictures, not sync.
    case dropLate
    /// Each frame shows the oldest content due by its target, so every piece is shown once, in
    /// order, a late stretch shown late, one per frame, until the frames catch up. A slideshow's or
    /// a keyframe sequence's choice: nothing is skipped.
    case showLate
}
