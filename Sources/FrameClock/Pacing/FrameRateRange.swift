/// The range of frame rates a link accepts, as `CAFrameRateRange`: the link runs at the source's
/// rate divided by a whole number, chosen to be inside the range and nearest the preferred rate.
public struct FrameRateRange: Hashable, Sendable, CustomStringConvertible {
    /// The lowest acceptable rate in frames per second (0: no lower bound).
    public let minimum: Double
    /// The highest acceptable rate in frames per second (0: the source's rate).
    public let maximum: Double
    /// The rate wanted, if any; without one, the highest rate in the range.
    public let preferred: Double?

    /// The source's full rate.
    public static let native = FrameRateRange(unchecked: 0, 0, nil)

    /// Creates a range.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRateRange(minimum:maximum:preferred:)`` unless every
    ///   value is finite and `0 ≤ minimum ≤ preferred ≤ maximum` (a maximum of 0 means unbounded).
    public init(minimum: Double, maximum: Double, preferred: Double? = nil) throws(DisplayLinkError) {
        let error = DisplayLinkError.invalidFrameRateRange(
            minimum: minimum, maximum: maximum, preferred: preferred)
        let upper = maximum == 0 ? Double.greatestFiniteMagnitude : maximum
        guard minimum.isFinite, maximum.isFinite, minimum >= 0, maximum >= 0, minimum <= upper else {
            throw error
        }
        if let preferred {
            guard preferred.isFinite, preferred >= minimum, preferred <= upper else { throw error }
        }
        self.init(unchecked: minimum, maximum, preferred)
    }

    /// A range that prefers one rate and accepts any other.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` for a NaN, infinite or negative rate;
    ///   0 means the source's rate.
    public init(preferred: Double) throws(DisplayLinkError) {
        guard preferred.isFinite, preferred >= 0 else { throw .invalidFrameRate(preferred) }
        self.init(unchecked: 0, 0, preferred == 0 ? nil : preferred)
    }

    private init(unchecked minimum: Double, _ maximum: Double, _ preferred: Double?) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// The whole divisor of `sourceRate` that this range chooses.
    ///
    /// Among divisors whose rate lies in the range, the one nearest the preferred rate (or the
    /// highest rate when none is preferred); when no divisor fits, the one nearest the range.
    /// Ties go to the higher rate.
    public func divisor(forSourceRate sourceRate: Double) -> Int {
        guard sourceRate.isFinite, sourceRate > 0 else { return 1 }
        let upper = maximum == 0 ? sourceRate : maximum
        let target = preferred ?? upper
        let lowestUseful = max(minimum, target, 1e-3)
        let limit = min(10_000, max(1, Int((sourceRate / lowestUseful).rounded(.up)) + 1))
        var best = (divisor: 1, cost: Double.infinity)
        for candidate in 1...limit {
            let rate = sourceRate / Double(candidate)
            let outside =
                rate > upper * (1 + 1e-9) ? rate - upper : (rate < minimum * (1 - 1e-9) ? minimum - rate : 0)
            let cost = (outside > 0 ? 1e12 + outside : 0) + abs(rate - target)
            if cost < best.cost - 1e-9 { best = (candidate, cost) }
        }
        return best.divisor
    }

    /// The range as text.
    public var description: String {
        let preferredText = preferred.map { "preferred \($0)" } ?? "no preference"
        return "\(minimum)...\(maximum == 0 ? "native" : "\(maximum)") fps, \(preferredText)"
    }
}

extension FrameRateRange {
    /// Whether `rate` lies in the range (a maximum of 0 is unbounded).
    func contains(_ rate: Double) -> Bool {
        let upper = maximum == 0 ? Double.infinity : maximum
        return rate >= minimum * (1 - 1e-9) && rate <= upper * (1 + 1e-9)
    }
}
