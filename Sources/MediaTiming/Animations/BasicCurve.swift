/// The evaluation form of a ``BasicAnimation``: its two endpoints, each either a constant or
/// relative to the value beneath the animation, its timing function and composition flags.
///
/// `CABasicAnimation`'s seven from/to/by combinations reduce to this form once, when the animation
/// is added: constants such as `toValue − byValue` are computed then, and an endpoint that is
/// "the current value" becomes `zero` relative to it. Two values and two flags keep the form small.
struct BasicCurve<Value: Interpolatable>: ProgressEvaluating {
    var start: Value
    var end: Value
    /// Whether `start` is added to the value beneath (else it is used as it is).
    var startIsRelative: Bool
    /// Whether `end` is added to the value beneath.
    var endIsRelative: Bool
    var timingFunction: TimingFunction
    var composition: AnimationComposition

    init(_ animation: BasicAnimation<Value>) {
        let zero = Value.zero
        switch (animation.fromValue, animation.toValue, animation.byValue) {
        case (let from?, let to?, _): (start, startIsRelative, end, endIsRelative) = (from, false, to, false)
        case (let from?, nil, let by?):
            (start, startIsRelative, end, endIsRelative) = (from, false, from.adding(by), false)
        case (nil, let to?, let by?):
            (start, startIsRelative, end, endIsRelative) = (to.subtracting(by), false, to, false)
        case (let from?, nil, nil): (start, startIsRelative, end, endIsRelative) = (from, false, zero, true)
        case (nil, let to?, nil): (start, startIsRelative, end, endIsRelative) = (zero, true, to, false)
        case (nil, nil, let by?): (start, startIsRelative, end, endIsRelative) = (zero, true, by, true)
        case (nil, nil, nil): (start, startIsRelative, end, endIsRelative) = (zero, true, zero, true)
        }
        timingFunction = animation.timingFunction
        composition = AnimationComposition(of: animation)
    }

    /// Whether the value depends on the value beneath the animation.
    var usesValueBeneath: Bool { startIsRelative || endIsRelative || composition.isAdditive }

    /// The start and end values over `current` (see ``BasicAnimation``); for an additive animation
    /// relative endpoints are relative to zero, since the value beneath is added afterwards.
    @inline(__always)
    func endpoints(over current: Value) -> (from: Value, to: Value) {
        let base = composition.isAdditive ? Value.zero : current
        return (
            startIsRelative ? base.adding(start) : start,
            endIsRelative ? base.adding(end) : end
        )
    }

    @inline(__always)
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value {
        value(
            atFraction: timingFunction.output(for: progress), cycle: progress.cycle,
            autoreverses: autoreverses,
            underlying: underlying)
    }

    /// The value a `fraction` of the way from the start to the end (beyond them for fractions
    /// outside [0, 1]) in repeat cycle `cycle`, over `underlying`.
    @inline(__always)
    func value(atFraction fraction: Double, cycle: Double, autoreverses: Bool, underlying: Value) -> Value {
        let (from, to) = endpoints(over: underlying)
        let value = from.interpolated(to: to, fraction: fraction)
        return composition.combined(
            value, cycle: cycle, underlying: underlying, cycleEndValue: autoreverses ? from : to)
    }
}
