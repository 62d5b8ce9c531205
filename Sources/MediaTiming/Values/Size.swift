/// A width and a height.
public struct Size: Interpolatable, Hashable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size of `width` × `height`.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// A textual form, `width×height`.
    public var description: String { "\(width)×\(height)" }

    /// Componentwise linear interpolation.
    @inlinable
    public func interpolated(to end: Size, fraction: Double) -> Size {
        // As `Double.interpolated(to:fraction:)` does for each extent, with the ends tested once.
        if fraction == 1 { return end }
        if fraction == 0 { return self }
        return Size(
            width: width + (end.width - width) * fraction, height: height + (end.height - height) * fraction)
    }

    /// Componentwise sum.
    @inlinable
    public func adding(_ other: Size) -> Size {
        Size(width: width + other.width, height: height + other.height)
    }

    /// Componentwise difference.
    @inlinable
    public func subtracting(_ other: Size) -> Size {
        Size(width: width - other.width, height: height - other.height)
    }

    /// Both extents multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }

    /// The Euclidean distance between the two sizes taken as vectors.
    @inlinable
    public func distance(to other: Size) -> Double {
        let dw = other.width - width
        let dh = other.height - height
        return (dw * dw + dh * dh).squareRoot()
    }
}
