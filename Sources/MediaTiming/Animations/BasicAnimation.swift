/// An animation from one value to another (Core Animation's `CABasicAnimation`).
///
/// The endpoints come from `fromValue`, `toValue` and `byValue` exactly as `CABasicAnimation`
/// defines them, where *current* is the value beneath the animation (the model value with earlier
/// animations applied):
///
/// | set                 | from              | to                 |
/// |---------------------|-------------------|--------------------|
/// | from, to            | `fromValue`       | `toValue`          |
/// | from, by            | `fromValue`       | `fromValue + byValue` |
/// | by, to              | `toValue − byValue` | `toValue`        |
/// | from                | `fromValue`       | current            |
/// | to                  | current           | `toValue`          |
/// | by                  | current           | current + `byValue` |
/// | none                | current           | current            |
///
/// All three set is undefined in Core Animation; here `byValue` is then ignored. For an additive
/// animation "current" is ``Interpolatable/zero`` instead, since the value beneath is added
/// afterwards (so a `byValue`-only additive animation animates from the model value to the model
/// value plus `byValue`).
public struct BasicAnimation<Value: Interpolatable>: LayerAnimation {
    /// The layer property the animation drives.
    public var property: LayerProperty<Value>
    /// The start value, or `nil` (see the table above).
    public var fromValue: Value?
    /// The end value, or `nil` (see the table above).
    public var toValue: Value?
    /// The change from start to end, or `nil` (see the table above).
    public var byValue: Value?
    /// When and how fast the animation plays.
    public var timing: TimingParameters
    /// The curve applied to each iteration's progress. Default: linear.
    public var timingFunction: TimingFunction
    /// Whether the value is added to the value beneath. Default: `false`.
    public var isAdditive: Bool = false
    /// Whether repeat cycles accumulate. Default: `false`.
    public var isCumulative: Bool = false
    /// Whether the animation stops affecting its layer after its active interval. Default: `true`.
    public var isRemovedOnCompletion: Bool = true

    /// An animation of `property`; unset values and timing take Core Animation's defaults.
    public init(
        property: LayerProperty<Value>, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        timing: TimingParameters = TimingParameters(), timingFunction: TimingFunction = .linear
    ) {
        self.property = property
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.timingFunction = timingFunction
    }

    /// The start and end values over `current`, the value beneath the animation (see the table
    /// in the type's description).
    public func endpoints(over current: Value) -> (from: Value, to: Value) {
        BasicCurve(self).endpoints(over: current)
    }

    /// The animated value at the layer's local time `parentTime` over `modelValue` (see
    /// ``LayerAnimation/value(atParentTime:modelValue:)``).
    public func value(atParentTime parentTime: Double, modelValue: Value) -> Value {
        BasicCurve(self).evaluate(
            timing: ResolvedTiming(timing), atParentTime: parentTime, underlying: modelValue)
    }
}
