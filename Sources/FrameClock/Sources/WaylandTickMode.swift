/// What a ``WaylandTickSource`` ticks on, as one value.
indirect enum WaylandTickMode: Equatable, Sendable {
    /// The surface's frame callbacks (the grid where none can come yet).
    case followingCallbacks
    /// The callbacks stopped: a timer on the last presentations' grid, since this instant.
    case onTimer(since: Int64)
    /// No link wants a tick: waiting for the control channel, taking the surface's events meanwhile;
    /// then back to `resume`.
    case idle(resume: WaylandTickMode)

    /// The mode ticks follow: this one, or the one an idle wait returns to.
    var ticking: WaylandTickMode {
        if case .idle(let resume) = self { return resume }
        return self
    }
}
