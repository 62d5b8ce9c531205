/// Which ``LayerState`` field an attached animation drives, as one small number, so that a layer
/// can tell which of its animations is the first on each field.
struct AnimatedField: Hashable, Sendable {
    /// A distinct number below 64 for each field.
    let index: UInt8

    init(_ slot: ScalarSlot) { index = slot.rawValue }
    init(_ slot: PointSlot) { index = 16 + slot.rawValue }
    init(_ slot: SizeSlot) { index = 24 + slot.rawValue }
    init(_ slot: RectSlot) { index = 32 + slot.rawValue }
    init(_ slot: ColorSlot) { index = 40 + slot.rawValue }
    init(_ slot: TransformSlot) { index = 48 + slot.rawValue }

    /// The field as a bit in a 64-bit set.
    var bit: UInt64 { 1 << UInt64(index) }
}
