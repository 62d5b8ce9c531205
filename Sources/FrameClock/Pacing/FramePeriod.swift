/// An exact refresh interval: a rational number of nanoseconds.
///
/// A 60 Hz interval is 16 666 666.67 ns; rounding it to whole nanoseconds would drift by 0.67 ns a
/// frame (40 µs an hour). FrameClock keeps the interval as `numerator / denominator` nanoseconds and
/// places tick *k* at `floor(k · numerator / denominator)` after the grid's anchor, so ten million
/// frames later the grid is exactly where the rate says it is.
public struct FramePeriod: Hashable, Sendable, CustomStringConvertible {
    /// The interval times `denominator`, in nanoseconds.
    public let numerator: Int64
    /// The denominator of the interval in nanoseconds.
    public let denominator: Int64

    /// The slowest rate a timer source accepts (one frame every 1000 s).
    public static let minimumFramesPerSecond = 0.001
    /// The fastest rate a timer source accepts.
    public static let maximumFramesPerSecond = 100_000.0

    /// Creates the interval of a rate given in frames per second, exact to a micro-hertz.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` when the rate is NaN, infinite, zero,
    ///   negative or outside `minimumFramesPerSecond...maximumFramesPerSecond`.
    public init(framesPerSecond: Double) throws(DisplayLinkError) {
        guard framesPerSecond.isFinite,
            framesPerSecond >= Self.minimumFramesPerSecond,
            framesPerSecond <= Self.maximumFramesPerSecond
        else { throw .invalidFrameRate(framesPerSecond) }
        // period = 1e9 / fps ns = 1e15 / (fps · 1e6) ns.
        self.init(
            uncheckedNumerator: 1_000_000_000_000_000, denominator: Int64((framesPerSecond * 1e6).rounded()))
    }

    /// Creates an interval of `numerator / denominator` nanoseconds.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` unless both are positive.
    public init(numerator: Int64, denominator: Int64) throws(DisplayLinkError) {
        guard numerator > 0, denominator > 0 else {
            throw .invalidFrameRate(denominator > 0 ? Double(denominator) * 1e9 / Double(numerator) : .nan)
        }
        self.init(uncheckedNumerator: numerator, denominator: denominator)
    }

    /// The interval of a display mode: `htotal · vtotal / pixel clock`, with the clock in kHz
    /// (as DRM reports it).
    public init(htotal: Int, vtotal: Int, pixelClockKilohertz: Int) throws(DisplayLinkError) {
        guard htotal > 0, vtotal > 0, pixelClockKilohertz > 0 else { throw .invalidFrameRate(.nan) }
        // seconds = h·v / (clock·1000) → ns = h·v·1e6 / clock.
        try self.init(
            numerator: Int64(htotal) * Int64(vtotal) * 1_000_000, denominator: Int64(pixelClockKilohertz))
    }

    init(uncheckedNumerator numerator: Int64, denominator: Int64) {
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// The rate in frames per second.
    public var framesPerSecond: Double {
        Double(denominator) * 1e9 / Double(numerator)
    }

    /// The interval in nanoseconds, with its fraction.
    public var nanoseconds: Double {
        Double(numerator) / Double(denominator)
    }

    /// The interval rounded to whole nanoseconds.
    public var duration: Duration {
        .nanoseconds(Int64((nanoseconds).rounded()))
    }

    /// The interval of `count` ticks of this one (a divisor applied).
    public func multiplied(by count: Int) -> FramePeriod {
        FramePeriod(uncheckedNumerator: numerator * Int64(count), denominator: denominator)
    }

    /// `floor(ticks · interval)` in nanoseconds; negative tick counts give negative offsets. An
    /// offset beyond `Int64`'s range saturates at its end.
    public func offset(ofTicks ticks: Int64) -> Int64 {
        Int64(clamping: Self.floorDivide(Int128(ticks) * Int128(numerator), Int128(denominator)))
    }

    /// The largest tick count whose offset is at most `offset` nanoseconds.
    public func ticks(containing offset: Int64) -> Int64 {
        // floor(k·n/d) ≤ t  ⇔  k·n < (t+1)·d  ⇔  k = ceil((t+1)·d / n) − 1.
        let scaled = (Int128(offset) + 1) * Int128(denominator)
        return Int64(-Self.floorDivide(-scaled, Int128(numerator)) - 1)
    }

    /// The description, as a rate and an interval.
    public var description: String {
        "\(DecimalFormat.string(framesPerSecond, digits: 4)) Hz (\(DecimalFormat.string(nanoseconds / 1000, digits: 1)) µs)"
    }

    static func floorDivide(_ a: Int128, _ b: Int128) -> Int128 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return max(x, 1)
    }
}
