extension Frame {
    /// The time before which a compositor is not to show this frame's commit, for one that holds a
    /// commit until a time given with it (Wayland's `wp_commit_timing_v1`:
    /// `WaylandWindow.commit(damage:notBefore:)`): half a frame interval before
    /// ``targetTimestamp``, or the time of the frame's ``content`` when that is later.
    ///
    /// Half an interval before the target lies after the refresh before it, so a commit made early
    /// (a fast frame, a compositor that latches sooner than the link predicted) waits for its target
    /// instead of being shown a refresh early, and it leaves the compositor room to latch the commit
    /// ahead of the target's refresh: mutter 48 applies a timed commit at a refresh only when its time
    /// lies a few milliseconds before it, so a time at the target itself would wait a refresh more and
    /// the next frame's commit would replace it unseen. Content whose time lies in that last half
    /// interval is held to its own time: shown at the target when the compositor latches it in time,
    /// a refresh late otherwise, never early. Give it to every frame's commit, not only those with
    /// content, so that no untimed commit overtakes a timed one.
    public var commitNotBefore: MonotonicInstant {
        let halfway = targetTimestamp - duration / 2
        guard let content, content.presentationTime > halfway else { return halfway }
        return content.presentationTime
    }
}
