/// An animation as a layer holds it: its key, its timing resolved once at add time, and the
/// animation itself tagged with the field it drives.
struct AttachedAnimation: Sendable {
    /// The animation and the ``LayerState`` field it drives, one case per value type.
    enum Body: Sendable {
        case scalar(ScalarSlot, AnimationCurve<Double>)
        case point(PointSlot, AnimationCurve<Point>)
        case size(SizeSlot, AnimationCurve<Size>)
        case rect(RectSlot, AnimationCurve<Rect>)
        case color(ColorSlot, AnimationCurve<Color>)
        case transform(TransformSlot, AnimationCurve<Transform2D>)
    }

    var key: String?
    var timing: ResolvedTiming
    var body: Body

    /// Writes the animation's value at layer time `layerTime` into `state`.
    @inline(__always)
    func apply(to state: inout LayerState, atLayerTime layerTime: Double) {
        switch body {
        case .scalar(let slot, let curve):
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: state[slot])
        case .point(let slot, let curve):
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: state[slot])
        case .size(let slot, let curve):
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: state[slot])
        case .rect(let slot, let curve):
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: state[slot])
        case .color(let slot, let curve):
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: state[slot])
        case .transform(let slot, let curve):
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: state[slot])
        }
    }

    /// The animation as it was added (with its begin time fixed).
    var animation: any LayerAnimation {
        switch body {
        case .scalar(_, let curve): curve.animation
        case .point(_, let curve): curve.animation
        case .size(_, let curve): curve.animation
        case .rect(_, let curve): curve.animation
        case .color(_, let curve): curve.animation
        case .transform(_, let curve): curve.animation
        }
    }
}
