/// An animation from one value to another that moves as a damped spring does (Core Animation's
/// `CASpringAnimation`): it may overshoot the end value and oscillate about it before settling.
///
/// The endpoints come from `fromValue`, `toValue` and `byValue` as a ``BasicAnimation``'s do. The
/// spring is released at the start of each iteration with ``initialVelocity`` and its motion is
/// solved in closed form (under-, critically and over-damped alike); the time the spring has been
/// moving is the iteration's progress (after ``timingFunction``, linear by default) times its
/// duration. As in Core Animation, the duration is the animation's own: set it to
/// ``settlingDuration`` to see the spring come to rest.
///
/// ```swift
/// var bounce = SpringAnimation(property: .position, fromValue: start, toValue: end)
/// bounce.damping = 8
/// bounce.duration = bounce.settlingDuration
/// layer.add(bounce, forKey: "bounce", atRootTime: now)
/// ```
///
/// ## Bad input
/// A ``mass`` or ``stiffness`` that is not positive and finite is read as its default (1 and 100),
/// a ``damping`` that is negative or not finite as 10, and an ``initialVelocity`` that is not
/// finite as 0.
public struct SpringAnimation<Value: Interpolatable>: LayerAnimation {
    /// The endpoints, timing and flags: a spring animation is a basic animation whose progress
    /// moves as a spring (as `CASpringAnimation` is a `CABasicAnimation`).
    public var basic: BasicAnimation<Value>
    /// The mass of the object on the spring. Default: 1.
    public var mass: Double = 1
    /// The spring's stiffness: how hard it pulls towards the end value. Default: 100.
    public var stiffness: Double = 100
    /// The friction that slows the motion: 0 never settles, `2·√(stiffness·mass)` is critical
    /// damping (the fastest approach without overshooting). Default: 10.
    public var damping: Double = 10
    /// The speed at the start, in fractions of the distance from start to end per second;
    /// positive is towards the end value. Default: 0.
    public var initialVelocity: Double = 0

    /// A spring animation of `property`; unset values and timing take Core Animation's defaults.
    public init(
        property: LayerProperty<Value>, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        timing: TimingParameters = TimingParameters(), timingFunction: TimingFunction = .linear
    ) {
        basic = BasicAnimation(
            property: property, fromValue: fromValue, toValue: toValue, byValue: byValue, timing: timing,
            timingFunction: timingFunction)
    }

    /// The layer property the animation drives.
    public var property: LayerProperty<Value> {
        get { basic.property }
        set { basic.property = newValue }
    }

    /// The start value, or `nil` (see ``BasicAnimation``).
    public var fromValue: Value? {
        get { basic.fromValue }
        set { basic.fromValue = newValue }
    }

    /// The end value, where the spring comes to rest, or `nil` (see ``BasicAnimation``).
    public var toValue: Value? {
        get { basic.toValue }
        set { basic.toValue = newValue }
    }

    /// The change from start to end, or `nil` (see ``BasicAnimation``).
    public var byValue: Value? {
        get { basic.byValue }
        set { basic.byValue = newValue }
    }

    /// When and how fast the animation plays.
    public var timing: TimingParameters {
        get { basic.timing }
        set { basic.timing = newValue }
    }

    /// The curve applied to each iteration's progress before it becomes the spring's time.
    /// Default: linear.
    public var timingFunction: TimingFunction {
        get { basic.timingFunction }
        set { basic.timingFunction = newValue }
    }

    /// Whether the value is added to the value beneath. Default: `false`.
    public var isAdditive: Bool {
        get { basic.isAdditive }
        set { basic.isAdditive = newValue }
    }

    /// Whether repeat cycles accumulate. Default: `false`.
    public var isCumulative: Bool {
        get { basic.isCumulative }
        set { basic.isCumulative = newValue }
    }

    /// Whether the animation stops affecting its layer after its active interval. Default: `true`.
    public var isRemovedOnCompletion: Bool {
        get { basic.isRemovedOnCompletion }
        set { basic.isRemovedOnCompletion = newValue }
    }

    /// How long the spring takes to come to rest: the time after which it stays within 0.1 % of
    /// the distance from its end value (`.infinity` without damping). Set ``duration`` to it to see
    /// the whole motion.
    public var settlingDuration: Double { motion.settlingDuration }

    /// The fraction of the way from the start value to the end value that the spring has covered
    /// `time` seconds after its release: 0 at the release, above 1 while it overshoots, 1 at rest.
    public func fraction(atTime time: Double) -> Double {
        motion.fraction(at: time)
    }

    /// The animated value at the layer's local time `parentTime` over `modelValue` (see
    /// ``LayerAnimation/value(atParentTime:modelValue:)``).
    public func value(atParentTime parentTime: Double, modelValue: Value) -> Value {
        let resolved = ResolvedTiming(timing)
        return curve(iterationDuration: resolved.iterationDuration).evaluate(
            timing: resolved, atParentTime: parentTime, underlying: modelValue)
    }

    /// The motion of the spring, with bad values read as the documented defaults.
    var motion: SpringMotion {
        SpringMotion(
            mass: mass > 0 && mass.isFinite ? mass : 1,
            stiffness: stiffness > 0 && stiffness.isFinite ? stiffness : 100,
            damping: damping >= 0 && damping.isFinite ? damping : 10,
            initialVelocity: initialVelocity.isFinite ? initialVelocity : 0)
    }

    /// The evaluation form for iterations of `iterationDuration` seconds.
    func curve(iterationDuration: Double) -> SpringCurve<Value> {
        SpringCurve(endpoints: BasicCurve(basic), motion: motion, iterationDuration: iterationDuration)
    }
}
