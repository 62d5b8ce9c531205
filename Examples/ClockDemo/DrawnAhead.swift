import FrameClock

/// A frame clock-demo drew into a free buffer of its Wayland window right after a commit, for the
/// instant it predicted the next frame to be shown at: the face shows nothing but the time of its
/// target, so the next frame can be ready before its frame callback, which then only commits it.
struct DrawnAhead {
    /// The target it was drawn for: the committed frame's target plus its duration.
    var target: MonotonicInstant
    /// The time of day it shows.
    var time: TimeOfDay
    /// Its pixels, when the last committed frame is kept for a screenshot.
    var copy: [UInt32]?

    /// Whether this frame may be shown for a frame whose target is `target`, showing `time`: the same
    /// label, and a target less than half `duration` (the frame's) from the one drawn for — nearer
    /// to it than to either neighbouring grid point, so the same frame of the grid, as the link
    /// reckons a callback to follow a grid point. The link anchors its grid on each presentation, so
    /// its targets come a few tens of microseconds from the ones predicted, and 2.35 ms away once
    /// when it replaced weston's advertised 16.67 ms by the 17.6 ms it measured; drawing such a frame
    /// anew would take longer than weston leaves between its frame callback and its repaint, and show
    /// it a refresh late, where the face drawn for a few milliseconds off differs by a hundredth of a
    /// pixel. A target an interval or more away (a skipped frame, a new output, a new presentation
    /// depth) is a frame drawn anew.
    ///
    /// - Returns: how far the target is from the one drawn for (never negative), or nil when the
    ///   frame does not do.
    func distance(to target: MonotonicInstant, showing time: TimeOfDay, duration: Duration) -> Duration? {
        let offset = target - self.target
        let distance = offset < .zero ? .zero - offset : offset
        guard self.time.label == time.label, distance < duration / 2 else { return nil }
        return distance
    }
}

/// How clock-demo's frames reached its Wayland window.
struct DrawAheadCounts {
    /// Frames committed from the buffer drawn ahead for them.
    var committedAhead = 0
    /// The largest distance from a committed frame's target to the one it was drawn for.
    var largestDistance = Duration.zero
    /// Frames drawn at their callback, although one was drawn ahead: their target was not the one
    /// predicted.
    var redrawn = 0
    /// Times no buffer was free to draw the next frame ahead into.
    var noFreeBuffer = 0
    /// Frames not drawn at all: every buffer was held by the compositor at their callback.
    var skippedNoBuffer = 0
    /// Frames not committed: the compositor was not reading its socket.
    var notSent = 0
}
