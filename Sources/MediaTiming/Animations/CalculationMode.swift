/// How a ``KeyframeAnimation`` gets from one keyframe to the next (`CAAnimationCalculationMode`).
///
/// Core Animation's cubic modes (Catmull–Rom splines through the values) are not provided.
public enum CalculationMode: Sendable, Hashable, CaseIterable {
    /// Straight interpolation between neighbouring values, each segment over its key-time span
    /// and through its own timing function. Core Animation's default.
    case linear
    /// No interpolation: each value holds until the next key time.
    case discrete
    /// Linear interpolation at constant speed: key times are derived from the distances between
    /// values; `keyTimes` and `timingFunctions` are ignored.
    case paced
}
