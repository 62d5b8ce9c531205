extension Frame {
    /// The time before which a compositor is not to show this frame's commit, for one that holds a
    /// commit until a time given with it (Wayland's `wp_commit_timing_v1`:
    /// `WaylandWindow.commit(damage:notBefore:)`): half a frame interval after the frame's
    /// ``timestamp`` (no later than ``targetTimestamp``), or the time of the frame's ``content`` when
    /// that is later.
    ///
    /// Content is so never shown before its time, whatever the compositor's timing. The frame itself
    /// is held only from the refresh it follows, never to its target: a link that predicted its
    /// commit would be shown a refresh later than the compositor can show it (a depth learned from
    /// one late frame) sees the frame shown sooner and learns again, where a commit held to the
    /// target would be shown there and confirm the mistake, the link's rate halved for good (measured
    /// under mutter 48: a link at 30 frames a second on a 60 Hz output after its first frame was
    /// late). Give it to every frame's commit, not only those with content: the window's fifo barrier
    /// then keeps a later commit from replacing a held one unseen.
    public var commitNotBefore: MonotonicInstant {
        let afterItsRefresh = min(targetTimestamp, timestamp + duration / 2)
        guard let content, content.presentationTime > afterItsRefresh else { return afterItsRefresh }
        return content.presentationTime
    }
}
