/// What every animation of a layer property has: the property, its timing, its timing function
/// and how it combines with the model value (Core Animation's `CAPropertyAnimation`).
///
/// Animations are values: `Layer.add(_:forKey:atRootTime:)` stores a copy (as Core Animation copies
/// an added animation), so changing an animation afterwards does not change the one on the layer.
///
/// The ``TimingParameters`` properties are also reachable directly (`animation.duration = 60`).
public protocol LayerAnimation: TimedAnimation {
    /// The type of the animated values.
    associatedtype Value: Interpolatable

    /// The layer property the animation drives.
    var property: LayerProperty<Value> { get }

    /// Whether the animation's value is added to the value beneath it (the model value, with the
    /// animations added before it applied) rather than replacing it. Default: `false`.
    var isAdditive: Bool { get set }

    /// Whether each repeat cycle starts from where the previous one ended (the cycle's end value
    /// is added once per finished cycle). Default: `false`.
    var isCumulative: Bool { get set }

    /// The animated value when the animation's parent (its layer) is at local time `parentTime`,
    /// given the value beneath the animation, `modelValue`; `modelValue` itself when the animation
    /// has no effect then (not begun or finished without a fill, removed on completion, or a time
    /// with no defined progress).
    func value(atParentTime parentTime: Double, modelValue: Value) -> Value
}

extension TimedAnimation {
    /// ``TimingParameters/beginTime``.
    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }

    /// ``TimingParameters/duration``.
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }

    /// ``TimingParameters/speed``.
    public var speed: Double {
        get { timing.speed }
        set { timing.speed = newValue }
    }

    /// ``TimingParameters/timeOffset``.
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }

    /// ``TimingParameters/repeatCount``.
    public var repeatCount: Double {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }

    /// ``TimingParameters/repeatDuration``.
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }

    /// ``TimingParameters/autoreverses``.
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }

    /// ``TimingParameters/fillMode``.
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }
}
