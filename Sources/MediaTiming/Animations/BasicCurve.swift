/// The evaluation form of a ``BasicAnimation``: its values, timing function and composition flags.
struct BasicCurve<Value: Interpolatable>: ProgressEvaluating {
    var fromValue: Value?
    var toValue: Value?
    var byValue: Value?
    var timingFunction: TimingFunction
    var composition: AnimationComposition

    init(_ animation: BasicAnimation<Value>) {
        fromValue = animation.fromValue
        toValue = animation.toValue
        byValue = animation.byValue
        timingFunction = animation.timingFunction
        composition = AnimationComposition(of: animation)
    }

    /// The start and end values over `current` (see ``BasicAnimation``).
    @inline(__always)
    func endpoints(over current: Value) -> (from: Value, to: Value) {
        let base = composition.isAdditive ? Value.zero : current
        switch (fromValue, toValue, byValue) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return (from, from.adding(by))
        case (nil, let to?, let by?): return (to.subtracting(by), to)
        case (let from?, nil, nil): return (from, base)
        case (nil, let to?, nil): return (base, to)
        case (nil, nil, let by?): return (base, base.adding(by))
        case (nil, nil, nil): return (base, base)
        }
    }

    @inline(__always)
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value {
        let (from, to) = endpoints(over: underlying)
        let fraction = timingFunction.output(forInput: progress.progress)
        let value = from.interpolated(to: to, fraction: fraction)
        return composition.combined(
            value, cycleEndValue: autoreverses ? from : to, cycle: progress.cycle, underlying: underlying)
    }
}
