/// Why a ``KeyframeAnimation`` could not be built from the values, key times and timing functions
/// given. Thrown when the animation is constructed, so a layer never holds an invalid one.
public enum KeyframeAnimationError: Error, Sendable, Hashable {
    /// `values` is empty.
    case noValues
    /// `keyTimes` does not have one entry per value (or, in discrete mode, one more than the
    /// values).
    case keyTimeCountMismatch(valueCount: Int, keyTimeCount: Int)
    /// The key time at `index` is NaN, infinite, or outside [0, 1].
    case keyTimeOutOfRange(index: Int, keyTime: Double)
    /// The key time at `index` is smaller than the one before it.
    case keyTimesNotSorted(index: Int)
    /// `timingFunctions` does not have one entry per segment (one fewer than the values).
    case timingFunctionCountMismatch(expected: Int, actual: Int)
}
