/// Where an animation is at one instant: its phase, which iteration it is in, and how far
/// through that iteration it is, in the direction of play and before any timing function.
///
/// Produced by ``TimingParameters/progress(atParentTime:)``. Iterations are counted as Web
/// Animations counts them: with `autoreverses`, the forward pass and the backward pass are
/// separate iterations (0 forward, 1 backward, 2 forward, …), so a Core Animation repeat cycle
/// spans two of them (see ``cycle``).
public struct TimingProgress: Sendable, Hashable {
    /// The phase the instant falls in; `.before` and `.after` occur only when the fill mode
    /// fills that side.
    public var phase: TimingPhase

    /// The index of the current iteration (pass), counted from 0; negative only when a negative
    /// `timeOffset` reaches back before the first iteration.
    public var iteration: Double

    /// The index of the current repeat cycle as Core Animation counts `repeatCount`: equal to
    /// ``iteration`` without `autoreverses`, half of it (rounded down) with.
    public var cycle: Double

    /// The progress through the current iteration in the direction of play, in [0, 1]: reversed
    /// on the backward passes of an autoreversing animation, and exactly 1 at the end of an
    /// iteration that ends the active interval.
    public var progress: Double

    /// Whether the current iteration plays backwards (an odd pass of an autoreversing animation):
    /// the Web Animations specification's current direction being reverse.
    public var isBackwardPass: Bool

    /// A progress value from its parts.
    public init(
        phase: TimingPhase, iteration: Double, cycle: Double, progress: Double, isBackwardPass: Bool = false
    ) {
        self.phase = phase
        self.iteration = iteration
        self.cycle = cycle
        self.progress = progress
        self.isBackwardPass = isBackwardPass
    }

    /// The *before flag* that CSS step functions take (CSS Easing Functions Level 1, as Web
    /// Animations sets it): set before the active interval while playing forwards, and after it
    /// while playing backwards, that is, whenever the fill shows the value from before the first
    /// step. See ``TimingFunction/output(forInput:beforeFlag:)``.
    public var isBeforeFlagSet: Bool {
        Self.beforeFlag(phase: phase, isBackwardPass: isBackwardPass)
    }

    /// The before flag in `phase` on a pass that plays backwards when `isBackwardPass`.
    @usableFromInline @inline(__always)
    static func beforeFlag(phase: TimingPhase, isBackwardPass: Bool) -> Bool {
        switch phase {
        case .before: !isBackwardPass
        case .active: false
        case .after: isBackwardPass
        }
    }
}
