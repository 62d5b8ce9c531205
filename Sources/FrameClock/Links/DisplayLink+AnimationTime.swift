extension DisplayLink {
    /// The time this link's frames give animations after a late frame (``Frame/animationTimestamp``):
    /// true to the clock (the default; what a clock face needs) or continuous (what a transition
    /// wants). See ``AnimationTimePolicy``. A change takes effect from the next frame, which starts
    /// the continuous time afresh at its target.
    public var animationTimePolicy: AnimationTimePolicy {
        get { state.withLock { $0.animationClock.policy } }
        set { state.withLock { $0.animationClock.policy = newValue } }
    }
}
