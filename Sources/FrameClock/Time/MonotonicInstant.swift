internal import SystemCalls

/// An instant on `CLOCK_MONOTONIC`, in nanoseconds: the clock in which the kernel stamps vblank
/// events and in which every FrameClock timestamp is expressed.
///
/// Swift's `SuspendingClock` reads the same clock on Linux; `ContinuousClock` reads
/// `CLOCK_BOOTTIME` and must not be mixed with these values.
public struct MonotonicInstant: InstantProtocol, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the (arbitrary) origin of `CLOCK_MONOTONIC`.
    public var nanoseconds: Int64

    /// Creates an instant from a nanosecond count on `CLOCK_MONOTONIC`.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The current instant, read from `CLOCK_MONOTONIC`.
    public static func now() -> MonotonicInstant {
        MonotonicInstant(nanoseconds: KernelClock.monotonicNanoseconds())
    }

    /// The instant in seconds, for timing models that use floating-point seconds
    /// (as Core Animation's `CACurrentMediaTime()` does).
    public var seconds: Double {
        Double(nanoseconds) / 1e9
    }

    /// The wall-clock time (`CLOCK_REALTIME`) that corresponds to this instant, in nanoseconds since
    /// the Unix epoch.
    ///
    /// The offset `CLOCK_REALTIME − CLOCK_MONOTONIC` is read afresh on every call, so a step of
    /// the system clock shows on the next frame that asks.
    public var wallClockNanoseconds: Int64 {
        nanoseconds &+ WallClock.currentOffsetNanoseconds()
    }

    /// The wall-clock time that corresponds to this instant, in seconds since the Unix epoch.
    public var wallClockSeconds: Double {
        let wall = wallClockNanoseconds
        return Double(wall / 1_000_000_000) + Double(wall % 1_000_000_000) / 1e9
    }

    /// The description, in seconds with nanosecond digits.
    public var description: String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1_000_000_000)
        let padded = String(repeating: "0", count: 9 - fraction.count) + fraction
        return "\(sign)\(magnitude / 1_000_000_000).\(padded)s"
    }

    /// Orders instants by their nanosecond count.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant a duration later (saturating at the ends of the clock's range).
    public static func + (lhs: MonotonicInstant, rhs: Duration) -> MonotonicInstant {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.wholeNanoseconds)
        return MonotonicInstant(nanoseconds: overflow ? (rhs > .zero ? .max : .min) : sum)
    }

    /// The instant a duration earlier (saturating at the ends of the clock's range).
    public static func - (lhs: MonotonicInstant, rhs: Duration) -> MonotonicInstant {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.wholeNanoseconds)
        return MonotonicInstant(nanoseconds: overflow ? (rhs > .zero ? .min : .max) : difference)
    }

    /// The instant `duration` later (saturating), as `InstantProtocol` asks.
    public func advanced(by duration: Duration) -> MonotonicInstant {
        self + duration
    }

    /// The duration from this instant to `other`, as `InstantProtocol` asks.
    public func duration(to other: MonotonicInstant) -> Duration {
        other - self
    }

    /// The duration from `rhs` to `lhs`.
    public static func - (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Duration {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        guard overflow else { return Duration(nanoseconds: difference) }
        return .nanoseconds(Int128(lhs.nanoseconds) - Int128(rhs.nanoseconds))
    }
}
