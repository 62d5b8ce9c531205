/// A colour as red, green, blue and alpha components, each nominally in [0, 1] and not
/// premultiplied.
///
/// A layer's colour that is fully transparent (``clear``) is not drawn: it plays the part of
/// Core Animation's `nil` colour.
public struct Color: Interpolatable, Hashable, CustomStringConvertible {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The opacity: 0 is transparent, 1 opaque.
    public var alpha: Double

    /// A colour from its components.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey of the given `white` level.
    @inlinable
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// All components 0: transparent black, the additive identity.
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Transparent: a colour that is not drawn.
    public static let clear = Color.zero
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// A textual form, `rgba(r, g, b, a)`.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

    /// Componentwise linear interpolation (on unpremultiplied components).
    @inlinable
    public func interpolated(to end: Color, fraction: Double) -> Color {
        // As `Double.interpolated(to:fraction:)` does for each component, with the ends tested once.
        if fraction == 1 { return end }
        if fraction == 0 { return self }
        return Color(
            red: red + (end.red - red) * fraction, green: green + (end.green - green) * fraction,
            blue: blue + (end.blue - blue) * fraction, alpha: alpha + (end.alpha - alpha) * fraction)
    }

    /// Componentwise sum (not clamped; the renderer clamps when drawing).
    @inlinable
    public func adding(_ other: Color) -> Color {
        Color(
            red: red + other.red, green: green + other.green, blue: blue + other.blue,
            alpha: alpha + other.alpha)
    }

    /// Componentwise difference (not clamped).
    @inlinable
    public func subtracting(_ other: Color) -> Color {
        Color(
            red: red - other.red, green: green - other.green, blue: blue - other.blue,
            alpha: alpha - other.alpha)
    }

    /// Every component multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Color {
        Color(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }

    /// The Euclidean distance over the four components.
    @inlinable
    public func distance(to other: Color) -> Double {
        let dr = other.red - red
        let dg = other.green - green
        let db = other.blue - blue
        let da = other.alpha - alpha
        return (dr * dr + dg * dg + db * db + da * da).squareRoot()
    }
}
