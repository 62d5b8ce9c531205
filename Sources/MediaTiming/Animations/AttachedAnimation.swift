/// An animation as a layer evaluates it: its timing resolved once at add time, and its evaluation
/// form tagged with the ``LayerState`` field it drives. Its key and the animation as added are
/// kept apart (in ``AnimationRecord``), off the per-frame path.
struct AttachedAnimation: Sendable {
    /// The evaluation form and the field it drives, one case per value type. The cases whose
    /// values are large are stored indirectly, so that every attached animation stays small.
    enum Body: Sendable {
        case scalar(ScalarSlot, AnimationCurve<Double>)
        case point(PointSlot, AnimationCurve<Point>)
        case size(SizeSlot, AnimationCurve<Size>)
        indirect case rect(RectSlot, AnimationCurve<Rect>)
        indirect case color(ColorSlot, AnimationCurve<Color>)
        indirect case transform(TransformSlot, AnimationCurve<Transform2D>)
    }

    var timing: ResolvedTiming
    var body: Body
    /// Whether this is the first of its layer's animations on its field; the first one takes the
    /// model value as the value beneath it. Maintained by the layer.
    var isFirstOnField = true

    init(timing: ResolvedTiming, body: Body) {
        self.timing = timing
        self.body = body
    }

    var field: AnimatedField {
        switch body {
        case .scalar(let slot, _): AnimatedField(slot)
        case .point(let slot, _): AnimatedField(slot)
        case .size(let slot, _): AnimatedField(slot)
        case .rect(let slot, _): AnimatedField(slot)
        case .color(let slot, _): AnimatedField(slot)
        case .transform(let slot, _): AnimatedField(slot)
        }
    }

    /// Writes the animation's value at layer time `layerTime` into `state`. The value beneath it is
    /// the field in `model` when this is the first animation on the field and `model` is given,
    /// else the field in `state`.
    @inline(__always)
    func apply(
        to state: inout LayerState, model: UnsafePointer<LayerState>?, atLayerTime layerTime: Double
    ) {
        let beneathModel = isFirstOnField ? model : nil
        switch body {
        case .scalar(let slot, let curve):
            let underlying = beneathModel?.pointee[slot] ?? state[slot]
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: underlying)
        case .point(let slot, let curve):
            let underlying = beneathModel?.pointee[slot] ?? state[slot]
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: underlying)
        case .size(let slot, let curve):
            let underlying = beneathModel?.pointee[slot] ?? state[slot]
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: underlying)
        case .rect(let slot, let curve):
            let underlying = beneathModel?.pointee[slot] ?? state[slot]
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: underlying)
        case .color(let slot, let curve):
            let underlying = beneathModel?.pointee[slot] ?? state[slot]
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: underlying)
        case .transform(let slot, let curve):
            let underlying = beneathModel?.pointee[slot] ?? state[slot]
            state[slot] = curve.evaluate(timing: timing, atParentTime: layerTime, underlying: underlying)
        }
    }
}
