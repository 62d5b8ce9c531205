/// An animation through a sequence of values (Core Animation's `CAKeyframeAnimation`).
///
/// The animation's ``timingFunction`` is applied to the progress of each iteration first; the
/// result selects a segment between key times, whose own entry in `timingFunctions` (linear
/// mode only) then eases the progress within the segment.
///
/// Key times are fractions of an iteration in [0, 1], sorted (equal neighbours allowed; the value
/// jumps there). Before the first key time the first value holds, after the last the last.
/// Without `keyTimes`, linear mode spaces the values evenly (value i at i/(n−1)), discrete mode
/// shows each for 1/n of the iteration (value i from i/n), and paced mode derives them from the
/// distances between values. Discrete mode accepts n key times (value i from `keyTimes[i]`) or, as
/// Core Animation documents, n + 1 (the last closes the last value's span).
///
/// ## Errors
/// The values, key times and timing functions are checked when the animation is made (by the
/// initialiser and ``setKeyframes(values:keyTimes:timingFunctions:calculationMode:)``), which
/// throw ``KeyframeAnimationError``; evaluation cannot fail.
public struct KeyframeAnimation<Value: Interpolatable>: LayerAnimation {
    /// The layer property the animation drives.
    public var property: LayerProperty<Value>
    /// The keyframe values (at least one).
    public private(set) var values: [Value]
    /// The key times as given, or `nil` for the default spacing.
    public private(set) var keyTimes: [Double]?
    /// One timing function per segment as given, or `nil` for linear segments.
    public private(set) var timingFunctions: [TimingFunction]?
    /// How values are interpolated.
    public private(set) var calculationMode: CalculationMode
    /// When and how fast the animation plays.
    public var timing: TimingParameters
    /// The curve applied to each iteration's progress before the keyframes. Default: linear.
    public var timingFunction: TimingFunction
    /// Whether the value is added to the value beneath. Default: `false`.
    public var isAdditive: Bool = false
    /// Whether repeat cycles accumulate. Default: `false`.
    public var isCumulative: Bool = false
    /// Whether the animation stops affecting its layer after its active interval. Default: `true`.
    public var isRemovedOnCompletion: Bool = true

    /// The key time of each value as evaluation uses it (validated or derived), one per value.
    private var effectiveKeyTimes: [Double]

    /// A keyframe animation of `property` through `values`.
    ///
    /// - Throws: ``KeyframeAnimationError`` when `values` is empty, when `keyTimes` has the wrong
    ///   length, is unsorted or leaves [0, 1], or when `timingFunctions` has the wrong length.
    public init(
        property: LayerProperty<Value>, values: [Value], keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
        timing: TimingParameters = TimingParameters(), timingFunction: TimingFunction = .linear
    ) throws(KeyframeAnimationError) {
        self.property = property
        self.values = []
        self.calculationMode = calculationMode
        self.timing = timing
        self.timingFunction = timingFunction
        self.effectiveKeyTimes = []
        try setKeyframes(
            values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
            calculationMode: calculationMode)
    }

    /// Replaces the keyframes after checking them; on error the animation is unchanged.
    ///
    /// - Throws: ``KeyframeAnimationError`` (see ``init(property:values:keyTimes:timingFunctions:calculationMode:timing:timingFunction:)``).
    public mutating func setKeyframes(
        values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear
    ) throws(KeyframeAnimationError) {
        let effective = try Self.effectiveKeyTimes(
            values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: calculationMode)
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.effectiveKeyTimes = effective
    }

    static func effectiveKeyTimes(
        values: [Value], keyTimes: [Double]?, timingFunctions: [TimingFunction]?, mode: CalculationMode
    ) throws(KeyframeAnimationError) -> [Double] {
        let count = values.count
        guard count > 0 else { throw .noValues }
        if mode == .paced { return pacedKeyTimes(values) }
        if mode == .linear, let timingFunctions, timingFunctions.count != count - 1 {
            throw .timingFunctionCountMismatch(expected: count - 1, actual: timingFunctions.count)
        }
        guard let keyTimes else {
            let divisor = Double(mode == .discrete ? count : max(count - 1, 1))
            return (0..<count).map { Double($0) / divisor }
        }
        let allowedCounts = mode == .discrete ? [count, count + 1] : [count]
        guard allowedCounts.contains(keyTimes.count) else {
            throw .keyTimeCountMismatch(valueCount: count, keyTimeCount: keyTimes.count)
        }
        for (index, keyTime) in keyTimes.enumerated() {
            guard keyTime >= 0 && keyTime <= 1 else {
                throw .keyTimeOutOfRange(index: index, keyTime: keyTime)
            }
            if index > 0 && keyTime < keyTimes[index - 1] { throw .keyTimesNotSorted(index: index) }
        }
        return Array(keyTimes.prefix(count))
    }

    /// Key times proportional to the cumulative distance between values; evenly spaced when the
    /// values do not move or the distances are not finite.
    static func pacedKeyTimes(_ values: [Value]) -> [Double] {
        let count = values.count
        guard count > 1 else { return [0] }
        var cumulative = [0.0]
        cumulative.reserveCapacity(count)
        for index in 1..<count {
            cumulative.append(cumulative[index - 1] + values[index - 1].distance(to: values[index]))
        }
        let total = cumulative[count - 1]
        guard total > 0 && total.isFinite else {
            return (0..<count).map { Double($0) / Double(count - 1) }
        }
        return cumulative.map { $0 / total }
    }

    /// The animated value at the layer's local time `parentTime` over `modelValue` (see
    /// ``LayerAnimation/value(atParentTime:modelValue:)``).
    public func value(atParentTime parentTime: Double, modelValue: Value) -> Value {
        curve.evaluate(timing: ResolvedTiming(timing), atParentTime: parentTime, underlying: modelValue)
    }

    /// The keyframe value at eased iteration progress `fraction` (after the animation's own
    /// timing function, before additive and cumulative combination).
    public func keyframeValue(atFraction fraction: Double) -> Value {
        curve.keyframeValue(atFraction: fraction)
    }

    /// The evaluation form: the validated keyframes and the current flags.
    var curve: KeyframeCurve<Value> {
        KeyframeCurve(
            values: values, keyTimes: effectiveKeyTimes,
            segmentTimingFunctions: calculationMode == .linear ? timingFunctions : nil,
            isDiscrete: calculationMode == .discrete, timingFunction: timingFunction,
            composition: AnimationComposition(of: self))
    }
}
