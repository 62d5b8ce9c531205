/// The evaluation form of a ``KeyframeAnimation``: validated keyframes, timing functions and
/// composition flags.
struct KeyframeCurve<Value: Interpolatable>: ProgressEvaluating {
    /// At least one value.
    var values: [Value]
    /// One key time per value, sorted, in [0, 1].
    var keyTimes: [Double]
    /// One timing function per segment, or `nil` for linear segments.
    var segmentTimingFunctions: [TimingFunction]?
    var isDiscrete: Bool
    var timingFunction: TimingFunction
    var composition: AnimationComposition

    /// The keyframe value at eased iteration progress `fraction`.
    func keyframeValue(atFraction fraction: Double) -> Value {
        let count = values.count
        if count == 1 { return values[0] }
        // The last index whose key time is <= fraction, or -1.
        var low = -1
        var high = count
        while high - low > 1 {
            let middle = (low + high) / 2
            if keyTimes[middle] <= fraction { low = middle } else { high = middle }
        }
        if low < 0 { return values[0] }
        if isDiscrete || low >= count - 1 { return values[low] }
        let span = keyTimes[low + 1] - keyTimes[low]
        var segmentProgress = span > 0 ? (fraction - keyTimes[low]) / span : 1
        if let segmentTimingFunctions {
            segmentProgress = segmentTimingFunctions[low].output(forInput: segmentProgress)
        }
        return values[low].interpolated(to: values[low + 1], fraction: segmentProgress)
    }

    @inline(__always)
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value {
        let fraction = timingFunction.output(forInput: progress.progress)
        let value = keyframeValue(atFraction: fraction)
        let cycleEnd = autoreverses ? values[0] : values[values.count - 1]
        return composition.combined(
            value, cycleEndValue: cycleEnd, cycle: progress.cycle, underlying: underlying)
    }
}
