/// The fuzzer's own record of an animation it added to a layer: enough to recompute the layer's
/// presentation independently, one animation at a time through the public
/// `value(atParentTime:modelValue:)`, and to compare with what the layer's tables produce.
struct ShadowAnimation {
    var key: String?
    /// The timing as the layer stored it (begin time fixed at add).
    var timing: TimingParameters
    /// Whether this is a cumulative transform animation: its repeated composition may overflow
    /// even from tame values, so the transform field is then exempt from the NaN check.
    var isCumulativeTransform: Bool
    /// Writes the animation's value at layer time `time` into the state, over the value there.
    var apply: (inout LayerState, Double) -> Void

    init<Animation: LayerAnimation>(
        _ animation: Animation, key: String?, field: WritableKeyPath<LayerState, Animation.Value>
    ) {
        self.key = key
        timing = animation.timing
        isCumulativeTransform = Animation.Value.self == Transform2D.self && animation.isCumulative
        apply = { state, time in
            state[keyPath: field] = animation.value(atParentTime: time, modelValue: state[keyPath: field])
        }
    }
}

/// The animatable fields, with the key path the shadow writes through.
enum FuzzProperty: CaseIterable {
    case opacity, strokeStart, strokeEnd, lineWidth, miterLimit, fontSize
    case position, anchorPoint
    case boundsSize
    case bounds
    case backgroundColor, fillColor, strokeColor, foregroundColor
    case transform
}
