/// An animation of one value type in its evaluation form, held without an existential: the
/// per-frame path switches on the kind.
enum AnimationCurve<Value: Interpolatable>: Sendable {
    case basic(BasicCurve<Value>)
    case keyframe(KeyframeCurve<Value>)

    @inline(__always)
    func evaluate(timing: ResolvedTiming, atParentTime parentTime: Double, underlying: Value) -> Value {
        switch self {
        case .basic(let curve):
            return curve.evaluate(timing: timing, atParentTime: parentTime, underlying: underlying)
        case .keyframe(let curve):
            return curve.evaluate(timing: timing, atParentTime: parentTime, underlying: underlying)
        }
    }
}
