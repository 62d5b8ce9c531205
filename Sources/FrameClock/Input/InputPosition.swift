/// Where a pointer or a touch point is, in the surface's coordinates (Wayland's surface-local
/// coordinates: logical pixels from the top left corner).
public struct InputPosition: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// A position at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The position a fraction `t` of the way from `self` to `other` (`t` outside 0...1 extrapolates).
    public func interpolated(to other: InputPosition, fraction t: Double) -> InputPosition {
        InputPosition(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}
