/// A part of a ``Transform2D`` that can be read and set as a number, as Core Animation's key
/// paths `transform.rotation.z`, `transform.scale` and `transform.translation.x` do: through the
/// transform's decomposition into translation, rotation, scale and shear (see
/// ``DecomposedTransform``), the other parts kept.
enum TransformComponent: UInt8, Sendable {
    /// The rotation angle in radians. Read back in (−π, π]; any angle can be set (and animated).
    case rotation
    /// The scale in both directions: read as the mean of the two scales' magnitudes; setting it
    /// sets both (a reflection stays a reflection).
    case scale
    case scaleX
    case scaleY
    case translationX
    case translationY

    /// The component of `transform`.
    func value(in transform: Transform2D) -> Double {
        value(in: DecomposedTransform(transform))
    }

    /// The component of a decomposed transform.
    func value(in parts: DecomposedTransform) -> Double {
        switch self {
        case .rotation: parts.angle
        case .scale: (abs(parts.scaleX) + abs(parts.scaleY)) / 2
        case .scaleX: parts.scaleX
        case .scaleY: parts.scaleY
        case .translationX: parts.translationX
        case .translationY: parts.translationY
        }
    }

    /// Sets the component in a decomposed transform.
    func set(_ value: Double, in parts: inout DecomposedTransform) {
        switch self {
        case .rotation: parts.angle = value
        case .scale:
            parts.scaleX = parts.scaleX < 0 ? -value : value
            parts.scaleY = parts.scaleY < 0 ? -value : value
        case .scaleX: parts.scaleX = value
        case .scaleY: parts.scaleY = value
        case .translationX: parts.translationX = value
        case .translationY: parts.translationY = value
        }
    }
}
