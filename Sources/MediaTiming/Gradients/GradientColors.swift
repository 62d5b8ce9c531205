/// The colours of a gradient, in order from its start to its end: Core Animation's
/// `CAGradientLayer.colors`, as a value that animations interpolate.
///
/// A list holds at most ``capacity`` colours; longer lists keep their first ``capacity`` (a
/// documented clamp, so that the value stays a plain value that evaluation copies without
/// allocating). An empty list draws no gradient.
///
/// Lists of different lengths interpolate over the longer length, the shorter list repeating its
/// last colour (an empty one is ``Color/clear``); ``adding(_:)``, ``subtracting(_:)`` and
/// ``scaled(by:)`` work colour by colour, a missing colour counting as ``Color/zero``.
public struct GradientColors: Interpolatable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The most colours a list holds: 8.
    public static var capacity: Int { GradientStopStorage<Color>.capacity }

    var storage: GradientStopStorage<Color>

    /// The first ``capacity`` of `colors`.
    public init(_ colors: [Color]) {
        storage = GradientStopStorage(colors)
    }

    /// The first ``capacity`` of the listed colours.
    public init(arrayLiteral colors: Color...) {
        self.init(colors)
    }

    init(storage: GradientStopStorage<Color>) {
        self.storage = storage
    }

    /// The colours, in order.
    public var colors: [Color] { storage.array }

    /// How many colours there are.
    public var count: Int { storage.count }

    /// A textual form, the list of colours.
    public var description: String { colors.description }

    /// No colours: no gradient, and the identity of ``adding(_:)``.
    public static var zero: GradientColors { GradientColors([]) }

    /// Colour by colour, a `fraction` of the way from `self` to `end` (see the type's description
    /// for lists of different lengths).
    public func interpolated(to end: GradientColors, fraction: Double) -> GradientColors {
        GradientColors(
            storage: storage.combined(with: end.storage, fill: Self.lastOrClear) {
                $0.interpolated(to: $1, fraction: fraction)
            })
    }

    /// Colour by colour sum.
    public func adding(_ other: GradientColors) -> GradientColors {
        GradientColors(storage: storage.combined(with: other.storage, fill: { _ in .zero }) { $0.adding($1) })
    }

    /// Colour by colour difference.
    public func subtracting(_ other: GradientColors) -> GradientColors {
        GradientColors(
            storage: storage.combined(with: other.storage, fill: { _ in .zero }) { $0.subtracting($1) })
    }

    /// Every colour scaled by `factor`.
    public func scaled(by factor: Double) -> GradientColors {
        GradientColors(storage: storage.mapped { $0.scaled(by: factor) })
    }

    /// The largest distance between corresponding colours.
    public func distance(to other: GradientColors) -> Double {
        var largest = 0.0
        _ = storage.combined(with: other.storage, fill: Self.lastOrClear) { first, second in
            largest = Swift.max(largest, first.distance(to: second))
            return first
        }
        return largest
    }

    /// Whether the two lists hold the same colours.
    public static func == (lhs: GradientColors, rhs: GradientColors) -> Bool { lhs.storage == rhs.storage }

    /// Hashes the colours.
    public func hash(into hasher: inout Hasher) { hasher.combine(colors) }

    private static func lastOrClear(_ storage: GradientStopStorage<Color>) -> Color {
        storage.count > 0 ? storage[storage.count - 1] : .clear
    }
}
