/// The kind of value an animation instruction computes, which selects its specialised evaluation.
enum ValueKind: UInt8, Sendable {
    case scalar, point, size, rect, color, transform
    /// A number that is a part of the transform (``TransformComponent``).
    case transformComponent
    /// A gradient's list of colours (``GradientColors``).
    case gradientColors
    /// A gradient's list of locations (``GradientLocations``).
    case gradientLocations
}

/// Where a layer property's animated value goes in a ``LayerState``: a plain value that an
/// animation instruction keeps, so that evaluation needs neither the property's closures nor a
/// switch over the fields.
struct PropertyTarget: Sendable, Hashable {
    /// The type of the value written.
    var kind: ValueKind
    /// The stored field the value belongs to (`bounds` for `bounds.size`): the first animation on a
    /// field reads the model value beneath it.
    var field: StateField
    /// The byte offset in ``LayerState`` at which the value is written: the field's own, or that
    /// of a part of it (`bounds.size`).
    var offset: Int
    /// For ``ValueKind/transformComponent``, the part of the transform written.
    var component = TransformComponent.rotation

    /// A target that writes the whole `field`.
    init(_ kind: ValueKind, field: StateField) {
        self.kind = kind
        self.field = field
        self.offset = field.offset
    }

    /// A target that writes a part of the transform.
    init(_ component: TransformComponent) {
        self.init(.transformComponent, field: .transform)
        self.component = component
    }

    /// A target that writes a part of `field` at `offset`.
    init(_ kind: ValueKind, field: StateField, offset: Int) {
        self.kind = kind
        self.field = field
        self.offset = offset
    }
}
