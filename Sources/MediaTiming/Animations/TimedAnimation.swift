/// What every animation has, whether it drives a property or groups other animations: its
/// timing, its timing function and whether it ends with its active interval (Core Animation's
/// `CAAnimation`).
///
/// The ``TimingParameters`` properties are also reachable directly (`animation.duration = 60`).
/// The animations a layer plays are this package's: ``BasicAnimation``, ``KeyframeAnimation``,
/// ``SpringAnimation`` (all ``LayerAnimation``s) and ``AnimationGroup``.
public protocol TimedAnimation: Sendable {
    /// When and how fast the animation plays.
    var timing: TimingParameters { get set }

    /// The curve applied to each iteration's progress. Default: linear.
    var timingFunction: TimingFunction { get set }

    /// Whether the animation stops affecting its layer once its active interval is over, whatever
    /// its fill mode; Core Animation removes such an animation from the layer, this model simply
    /// ignores it from then on. Default: `true`, as in Core Animation, so a forwards fill needs
    /// `isRemovedOnCompletion = false`. (Inside an ``AnimationGroup`` only the group's own setting
    /// counts, as in Core Animation.)
    var isRemovedOnCompletion: Bool { get set }
}
