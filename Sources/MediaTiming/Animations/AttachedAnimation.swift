/// An animation as a layer evaluates it: its timing resolved once at add time, and its evaluation
/// form tagged with the ``LayerState`` field it drives. Its key and the animation as added are
/// kept apart (in ``AnimationRecord``), off the per-frame path.
struct AttachedAnimation: Sendable {
    /// The evaluation form and the field it drives, one case per value type.
    enum Body: Sendable {
        case scalar(ScalarSlot, AnimationCurve<Double>)
        case point(PointSlot, AnimationCurve<Point>)
        case size(SizeSlot, AnimationCurve<Size>)
        case rect(RectSlot, AnimationCurve<Rect>)
        case color(ColorSlot, AnimationCurve<Color>)
        case transform(TransformSlot, AnimationCurve<Transform2D>)
    }

    var timing: ResolvedTiming
    var body: Body

    /// Writes the animation's value at layer time `layerTime` into `state`, over the value the
    /// field has there.
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

    /// Copies the field the animation drives from `model` into `state`.
    @inline(__always)
    func restoreField(in state: inout LayerState, from model: borrowing LayerState) {
        switch body {
        case .scalar(let slot, _): state[slot] = model[slot]
        case .point(let slot, _): state[slot] = model[slot]
        case .size(let slot, _): state[slot] = model[slot]
        case .rect(let slot, _): state[slot] = model[slot]
        case .color(let slot, _): state[slot] = model[slot]
        case .transform(let slot, _): state[slot] = model[slot]
        }
    }
}
