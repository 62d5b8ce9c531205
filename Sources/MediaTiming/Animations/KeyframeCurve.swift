/// The evaluation form of a ``KeyframeAnimation`` in arrays: validated keyframes, timing functions
/// and composition flags.
struct KeyframeCurve<Value: Interpolatable>: KeyframeSource {
    /// At least one value.
    var values: [Value]
    /// One key time per value, sorted, in [0, 1].
    var keyTimes: [Double]
    /// One timing function per segment, or `nil` for linear segments.
    var segmentTimingFunctions: [TimingFunction]?
    var isDiscrete: Bool
    var timingFunction: TimingFunction
    var composition: AnimationComposition

    var count: Int { values.count }
    func value(at index: Int) -> Value { values[index] }
    func keyTime(at index: Int) -> Double { keyTimes[index] }
    var hasSegmentTimingFunctions: Bool { segmentTimingFunctions != nil }
    func segmentTimingFunction(at index: Int) -> TimingFunction { segmentTimingFunctions?[index] ?? .linear }
}
