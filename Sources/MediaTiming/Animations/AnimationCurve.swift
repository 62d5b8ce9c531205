/// An animation of one value type held without an existential: the hot path switches on the kind.
enum AnimationCurve<Value: Interpolatable>: Sendable {
    case basic(BasicAnimation<Value>)
    case keyframe(KeyframeAnimation<Value>)

    @inline(__always)
    func evaluate(timing: ResolvedTiming, atParentTime parentTime: Double, underlying: Value) -> Value {
        switch self {
        case .basic(let animation):
            return animation.evaluate(timing: timing, atParentTime: parentTime, underlying: underlying)
        case .keyframe(let animation):
            return animation.evaluate(timing: timing, atParentTime: parentTime, underlying: underlying)
        }
    }

    var animation: any LayerAnimation {
        switch self {
        case .basic(let animation): animation
        case .keyframe(let animation): animation
        }
    }

    var isRemovedOnCompletion: Bool {
        switch self {
        case .basic(let animation): animation.isRemovedOnCompletion
        case .keyframe(let animation): animation.isRemovedOnCompletion
        }
    }
}
