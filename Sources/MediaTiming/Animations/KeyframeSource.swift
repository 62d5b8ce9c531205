/// What keyframe evaluation reads, whether the keyframes are in arrays (``KeyframeCurve``, for an
/// animation evaluated on its own) or in a layer's ``AnimationProgram`` (``ProgramKeyframes``), so
/// that both evaluate with the same code.
protocol KeyframeSource<Value>: ProgressEvaluating {

    /// How many values there are (at least one).
    var count: Int { get }
    /// The value at `index`.
    func value(at index: Int) -> Value
    /// The key time of the value at `index`: sorted, in [0, 1].
    func keyTime(at index: Int) -> Double
    /// Whether each segment has its own timing function.
    var hasSegmentTimingFunctions: Bool { get }
    /// The timing function of the segment starting at `index` (when there are such functions).
    func segmentTimingFunction(at index: Int) -> TimingFunction
    /// Whether each value holds until the next key time.
    var isDiscrete: Bool { get }
    /// The curve applied to each iteration's progress before the keyframes.
    var timingFunction: TimingFunction { get }
}

extension KeyframeSource {
    /// The keyframe value at eased iteration progress `fraction`. With `readsSegmentFunctions`
    /// false the segments' own timing functions are ignored (for callers that know there are none,
    /// so that the code for them is left out).
    @inline(__always)
    func keyframeValue(
        atFraction fraction: Double, phase: TimingPhase = .active, isBackwardPass: Bool = false,
        readsSegmentFunctions: Bool = true
    ) -> Value {
        // Before the first key time (or at a NaN fraction) the first value holds.
        guard keyTime(at: 0) <= fraction else { return value(at: 0) }
        // The last index whose key time is <= fraction, by a binary search without unpredictable
        // branches: the step either moves `low` or not.
        // (Indices stay within 0..<count: the arithmetic needs no overflow checks.)
        var low = 0
        var length = count
        while length > 1 {
            let half = length &>> 1
            if keyTime(at: low &+ half) <= fraction { low &+= half }
            length &-= half
        }
        if isDiscrete || low == count &- 1 { return value(at: low) }
        let startTime = keyTime(at: low)
        let span = keyTime(at: low &+ 1) - startTime
        var segmentProgress = span > 0 ? (fraction - startTime) / span : 1
        if readsSegmentFunctions && hasSegmentTimingFunctions {
            segmentProgress = segmentTimingFunction(at: low).evaluate(
                clampedInput: TimingFunction.clamped(segmentProgress), phase: phase,
                isBackwardPass: isBackwardPass)
        }
        return value(at: low).interpolated(to: value(at: low &+ 1), fraction: segmentProgress)
    }

    /// The value at `progress`, over `underlying`, the value beneath the animation; `autoreverses`
    /// tells where a repeat cycle ends (for cumulative animations).
    @inline(__always)
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value {
        let fraction = timingFunction.output(for: progress)
        return composition.combined(
            keyframeValue(
                atFraction: fraction, phase: progress.phase, isBackwardPass: progress.isBackwardPass),
            cycle: progress.cycle,
            underlying: underlying,
            cycleEndValue: value(at: autoreverses ? 0 : count &- 1))
    }
}
