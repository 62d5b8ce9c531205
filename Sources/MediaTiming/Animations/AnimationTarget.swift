/// The ``LayerState`` field an attached animation drives, grouped by value type: a plain value
/// (two bytes) that the per-frame path switches on.
enum AnimationTarget: Hashable, Sendable {
    case scalar(ScalarSlot)
    case point(PointSlot)
    case size(SizeSlot)
    case rect(RectSlot)
    case color(ColorSlot)
    case transform(TransformSlot)

    /// A distinct bit for each stored field, so that a layer can find the first animation on each.
    /// `bounds.size` is part of `bounds`: the two share a bit, so that only the first animation on
    /// either reads the model.
    var fieldBit: UInt64 {
        let index: UInt8
        switch self {
        case .scalar(let slot): index = slot.rawValue
        case .point(let slot): index = 16 + slot.rawValue
        case .size(.boundsSize): index = 32 + RectSlot.bounds.rawValue
        case .rect(let slot): index = 32 + slot.rawValue
        case .color(let slot): index = 40 + slot.rawValue
        case .transform(let slot): index = 48 + slot.rawValue
        }
        return 1 << UInt64(index)
    }

    /// Whether two targets keep their evaluation forms in the same table.
    func sharesTable(with other: AnimationTarget) -> Bool {
        switch (self, other) {
        case (.scalar, .scalar), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
            (.transform, .transform):
            return true
        default:
            return false
        }
    }
}
