/// How fast a pointer or touch point moves, in the surface's coordinates per second.
public struct InputVelocity: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal speed, positive to the right.
    public var x: Double
    /// Vertical speed, positive downwards.
    public var y: Double

    /// A velocity of `x` and `y` per second.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// At rest.
    public static let zero = InputVelocity(x: 0, y: 0)

    /// The speed: the velocity's length.
    public var magnitude: Double { (x * x + y * y).squareRoot() }

    /// "(x, y)/s".
    public var description: String { "(\(x), \(y))/s" }
}
