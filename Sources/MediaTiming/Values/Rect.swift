/// A rectangle: an origin (its top-left corner when the size is positive) and a size.
public struct Rect: Interpolatable, Hashable, CustomStringConvertible {
    /// The corner with the smallest coordinates when the size is positive.
    public var origin: Point
    /// The extent from the origin.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its four numbers.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The horizontal centre, `origin.x + width / 2`.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre, `origin.y + height / 2`.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// A textual form, `origin size`.
    public var description: String { "\(origin) \(size)" }

    /// Origin and size interpolated componentwise.
    @inlinable
    public func interpolated(to end: Rect, fraction: Double) -> Rect {
        Rect(
            origin: origin.interpolated(to: end.origin, fraction: fraction),
            size: size.interpolated(to: end.size, fraction: fraction))
    }

    /// Origins and sizes added componentwise.
    @inlinable
    public func adding(_ other: Rect) -> Rect {
        Rect(origin: origin.adding(other.origin), size: size.adding(other.size))
    }

    /// Origins and sizes subtracted componentwise.
    @inlinable
    public func subtracting(_ other: Rect) -> Rect {
        Rect(origin: origin.subtracting(other.origin), size: size.subtracting(other.size))
    }

    /// Origin and size multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Rect {
        Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }

    /// The Euclidean distance between the two rectangles taken as four-component vectors.
    @inlinable
    public func distance(to other: Rect) -> Double {
        let dx = other.origin.x - origin.x
        let dy = other.origin.y - origin.y
        let dw = other.size.width - size.width
        let dh = other.size.height - size.height
        return (dx * dx + dy * dy + dw * dw + dh * dh).squareRoot()
    }
}
