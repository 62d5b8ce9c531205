/// A point in a layer's coordinate space: x to the right, y downwards (as in UIKit and Cairo).
public struct Point: Interpolatable, Hashable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// A point at (`x`, `y`).
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// A textual form, `(x, y)`.
    public var description: String { "(\(x), \(y))" }

    /// Componentwise linear interpolation.
    @inlinable
    public func interpolated(to end: Point, fraction: Double) -> Point {
        // As `Double.interpolated(to:fraction:)` does for each coordinate, with the ends tested once.
        if fraction == 1 { return end }
        if fraction == 0 { return self }
        return Point(x: x + (end.x - x) * fraction, y: y + (end.y - y) * fraction)
    }

    /// Componentwise sum (a point moved by another point taken as a vector).
    @inlinable
    public func adding(_ other: Point) -> Point { Point(x: x + other.x, y: y + other.y) }

    /// Componentwise difference.
    @inlinable
    public func subtracting(_ other: Point) -> Point { Point(x: x - other.x, y: y - other.y) }

    /// Both coordinates multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }

    /// The Euclidean distance.
    @inlinable
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}
