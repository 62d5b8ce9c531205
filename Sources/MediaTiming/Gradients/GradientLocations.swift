/// Where each colour of a gradient lies, as fractions from the gradient's start (0) to its end
/// (1): Core Animation's `CAGradientLayer.locations`, as a value that animations interpolate.
///
/// An empty list (the default, Core Animation's `nil`) spreads the colours evenly. A list holds
/// at most ``capacity`` locations; longer lists keep their first ``capacity``. When drawn, a
/// list whose length differs from the number of colours is ignored (the colours are spread
/// evenly), as Core Animation ignores it, and each location is clamped to [0, 1] and to at least
/// the one before it (NaN reads as the one before it).
///
/// Lists of different lengths interpolate over the longer length, the shorter list repeating its
/// last location (an empty one is 1); ``adding(_:)``, ``subtracting(_:)`` and ``scaled(by:)``
/// work location by location, a missing location counting as 0.
public struct GradientLocations: Interpolatable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible
{
    /// The most locations a list holds: 8.
    public static var capacity: Int { GradientStopStorage<Double>.capacity }

    var storage: GradientStopStorage<Double>

    /// The first ``capacity`` of `locations`.
    public init(_ locations: [Double]) {
        storage = GradientStopStorage(locations)
    }

    /// The first ``capacity`` of the listed locations.
    public init(arrayLiteral locations: Double...) {
        self.init(locations)
    }

    init(storage: GradientStopStorage<Double>) {
        self.storage = storage
    }

    /// The locations, in order.
    public var locations: [Double] { storage.array }

    /// How many locations there are.
    public var count: Int { storage.count }

    /// A textual form, the list of locations.
    public var description: String { locations.description }

    /// No locations: colours spread evenly, and the identity of ``adding(_:)``.
    public static var zero: GradientLocations { GradientLocations([]) }

    /// Location by location, a `fraction` of the way from `self` to `end` (see the type's
    /// description for lists of different lengths).
    public func interpolated(to end: GradientLocations, fraction: Double) -> GradientLocations {
        GradientLocations(
            storage: storage.combined(with: end.storage, fill: Self.lastOrOne) {
                $0.interpolated(to: $1, fraction: fraction)
            })
    }

    /// Location by location sum.
    public func adding(_ other: GradientLocations) -> GradientLocations {
        GradientLocations(storage: storage.combined(with: other.storage, fill: { _ in 0 }) { $0 + $1 })
    }

    /// Location by location difference.
    public func subtracting(_ other: GradientLocations) -> GradientLocations {
        GradientLocations(storage: storage.combined(with: other.storage, fill: { _ in 0 }) { $0 - $1 })
    }

    /// Every location scaled by `factor`.
    public func scaled(by factor: Double) -> GradientLocations {
        GradientLocations(storage: storage.mapped { $0 * factor })
    }

    /// The largest distance between corresponding locations.
    public func distance(to other: GradientLocations) -> Double {
        var largest = 0.0
        _ = storage.combined(with: other.storage, fill: Self.lastOrOne) { first, second in
            largest = Swift.max(largest, abs(first - second))
            return first
        }
        return largest
    }

    /// Whether the two lists hold the same locations.
    public static func == (lhs: GradientLocations, rhs: GradientLocations) -> Bool {
        lhs.storage == rhs.storage
    }

    /// Hashes the locations.
    public func hash(into hasher: inout Hasher) { hasher.combine(locations) }

    /// The locations to draw `colorCount` colours at: these when there is one per colour, else
    /// evenly spread; each clamped to [0, 1] and to at least the one before.
    public func resolved(forColorCount colorCount: Int) -> [Double] {
        guard colorCount > 0 else { return [] }
        guard count == colorCount else {
            return colorCount == 1 ? [0] : (0..<colorCount).map { Double($0) / Double(colorCount - 1) }
        }
        var previous = 0.0
        return locations.map { location in
            let clamped = location >= previous ? Swift.min(location, 1) : previous  // NaN fails `>=`
            previous = clamped
            return clamped
        }
    }

    private static func lastOrOne(_ storage: GradientStopStorage<Double>) -> Double {
        storage.count > 0 ? storage[storage.count - 1] : 1
    }
}
