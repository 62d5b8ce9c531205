/// An animation as a layer evaluates it: its timing resolved once at add time, the field it
/// drives, and where its evaluation form is in the layer's ``AnimationTables``. A plain value; its
/// key and the animation as added are kept apart (in ``AnimationRecord``), off the per-frame path.
struct AttachedAnimation: Sendable {
    var timing: ResolvedTiming
    var target: AnimationTarget
    var isKeyframe: Bool
    /// Whether this is the first of its layer's animations on its field; the first one takes the
    /// model value as the value beneath it. Maintained by the layer.
    var isFirstOnField = true
    /// The index of the evaluation form in its table.
    var index: Int32

    init(timing: ResolvedTiming, target: AnimationTarget, isKeyframe: Bool, index: Int) {
        self.timing = timing
        self.target = target
        self.isKeyframe = isKeyframe
        self.index = Int32(truncatingIfNeeded: index)
    }

    /// Writes the animation's value at layer time `layerTime` into `state`. The value beneath it is
    /// the field in `model` when this is the first animation on the field and `model` is given,
    /// else the field in `state` (`bounds.size` and `bounds` count as one field).
    @inline(__always)
    func apply(
        to state: inout LayerState, tables: UnsafePointer<AnimationTables>, model: UnsafePointer<LayerState>?,
        atLayerTime layerTime: Double
    ) {
        let beneathModel = isFirstOnField ? model : nil
        let index = Int(self.index)
        switch target {
        case .scalar(let slot):
            state[slot] = tables.pointee.scalars.evaluate(
                isKeyframe: isKeyframe, at: index, timing: timing, atParentTime: layerTime,
                underlying: beneathModel?.pointee[slot] ?? state[slot])
        case .point(let slot):
            state[slot] = tables.pointee.points.evaluate(
                isKeyframe: isKeyframe, at: index, timing: timing, atParentTime: layerTime,
                underlying: beneathModel?.pointee[slot] ?? state[slot])
        case .size(let slot):
            // The size is part of the bounds: the first animation on them resets the whole rectangle
            // to the model, or an origin left by an earlier frame's bounds animation would remain.
            if let model = beneathModel, slot == .boundsSize { state[.bounds] = model.pointee[.bounds] }
            state[slot] = tables.pointee.sizes.evaluate(
                isKeyframe: isKeyframe, at: index, timing: timing, atParentTime: layerTime,
                underlying: beneathModel?.pointee[slot] ?? state[slot])
        case .rect(let slot):
            state[slot] = tables.pointee.rects.evaluate(
                isKeyframe: isKeyframe, at: index, timing: timing, atParentTime: layerTime,
                underlying: beneathModel?.pointee[slot] ?? state[slot])
        case .color(let slot):
            state[slot] = tables.pointee.colors.evaluate(
                isKeyframe: isKeyframe, at: index, timing: timing, atParentTime: layerTime,
                underlying: beneathModel?.pointee[slot] ?? state[slot])
        case .transform(let slot):
            state[slot] = tables.pointee.transforms.evaluate(
                isKeyframe: isKeyframe, at: index, timing: timing, atParentTime: layerTime,
                underlying: beneathModel?.pointee[slot] ?? state[slot])
        }
    }
}
