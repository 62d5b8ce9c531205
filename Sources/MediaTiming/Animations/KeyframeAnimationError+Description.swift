extension KeyframeAnimationError: CustomStringConvertible {
    /// What was wrong with the keyframes and what to pass instead, as a sentence.
    public var description: String {
        switch self {
        case .noValues:
            "a keyframe animation needs at least one value, but values is empty: pass one value or more"
        case .keyTimeCountMismatch(let valueCount, let keyTimeCount):
            "keyTimes has \(keyTimeCount) entries for \(valueCount) values: give one key time per value "
                + "(in discrete mode, one per value or one more), or pass nil to space the values evenly"
        case .keyTimeOutOfRange(let index, let keyTime):
            "the key time at index \(index) is \(keyTime), outside 0...1: key times are fractions of an "
                + "iteration, from 0 to 1"
        case .keyTimesNotSorted(let index):
            "the key time at index \(index) is smaller than the one before it: key times must not decrease"
        case .timingFunctionCountMismatch(let expected, let actual):
            "timingFunctions has \(actual) entries for \(expected) segments: give one timing function per "
                + "segment (one fewer than the values), or pass nil for linear segments"
        }
    }
}
