/// An animation as it was added to a layer, under its key: what `animation(forKey:)` returns, how
/// to compile it into the layer's program, and whether its end has been reported.
struct AnimationRecord {
    var key: String?
    var animation: any TimedAnimation
    /// Appends the animation's instructions (``ProgramEmitting/emit(into:)`` of the concrete type).
    var emit: (inout ProgramBuilder) -> Void
    /// The animation's timing in the layer's time, resolved once.
    var timing: ResolvedTiming
    /// Whether ``Layer/takeStoppedAnimations(atLocalTime:)`` reported the end of its active interval
    /// (cleared when a later call finds the layer's time back before the end).
    var hasReportedEnd = false
    /// The delegate and transaction completions to tell of the start and the stop, until the stop
    /// has been found.
    var observation: AnimationObservation?

    init(key: String?, animation: any TimedAnimation, emit: @escaping (inout ProgramBuilder) -> Void) {
        self.key = key
        self.animation = animation
        self.emit = emit
        timing = ResolvedTiming(animation.timing)
    }
}

/// An animation removed before its end was reported, waiting for the next report.
struct PendingStop {
    var key: String?
    var animation: any TimedAnimation
}
