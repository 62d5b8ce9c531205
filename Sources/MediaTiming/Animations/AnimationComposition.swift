/// How an animation's value combines with the value beneath it, and whether it outlives its
/// active interval: the flags every animation kind shares.
struct AnimationComposition: Sendable, Hashable {
    var isAdditive: Bool
    var isCumulative: Bool
    var isRemovedOnCompletion: Bool

    init(of animation: some LayerAnimation) {
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        isRemovedOnCompletion = animation.isRemovedOnCompletion
    }

    /// Adds the cumulative offset (the cycle's end value once per finished cycle) and, for an
    /// additive animation, the value beneath, to a value computed within one cycle.
    @inline(__always)
    func combined<Value: Interpolatable>(
        _ value: Value, cycle: Double, underlying: Value, cycleEndValue: @autoclosure () -> Value
    ) -> Value {
        var result = value
        if isCumulative {
            if cycle != 0 { result = result.adding(cycleEndValue().scaled(by: cycle)) }
        }
        if isAdditive {
            result = underlying.adding(result)
        }
        return result
    }
}
