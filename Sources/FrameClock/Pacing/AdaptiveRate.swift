/// A link's adaptive divisor, as Android's Swappy moves its swap interval: it watches each callback's
/// duration and moves between the divisors its range allows. O(1) a frame, no allocation.
///
/// - Down at once: a callback longer than its frame interval allows (the interval less the
///   presentation latency) moves the link to the smallest divisor that would have fitted it.
/// - Up with hysteresis: after ``upWindow`` callbacks in a row that would each have fitted a faster
///   divisor within ``headroom`` of its budget, to the slowest of those divisors.
/// - Never two changes less than ``minimumDwell`` apart: a load hovering at a boundary changes the
///   rate at most twice a second.
struct AdaptiveRate: Sendable {
    /// Callbacks in a row that must fit a faster rate before the link moves up.
    static let upWindow = 8
    /// The share of a faster rate's budget a callback may use to count as fitting it.
    static let headroom = 0.8
    /// The least time between two changes, in nanoseconds.
    static let minimumDwell: Int64 = 500_000_000

    /// Whether the link adapts at all.
    var isEnabled = false
    /// The fastest divisor allowed (the range's own choice) and the slowest whose rate is in range.
    private(set) var fastest: Int64 = 1
    private(set) var slowest: Int64 = 1
    /// When the divisor last changed, on the source's clock.
    private var lastChange: Int64?
    /// Callbacks in a row that fitted a faster divisor, and the slowest divisor among their fits.
    private var fitStreak = 0
    private var streakDivisor: Int64 = 1
    /// The longest callback of the streak.
    private var streakLongest: Int64 = 0

    /// Sets the divisors allowed for `range` on a source of `sourceRate`, and starts watching afresh.
    mutating func bound(by range: FrameRateRange, sourceRate: Double) {
        fastest = Int64(range.divisor(forSourceRate: sourceRate))
        slowest = fastest
        fitStreak = 0
        guard sourceRate.isFinite, sourceRate > 0, range.contains(sourceRate / Double(fastest)) else {
            return
        }
        let lowest = max(range.minimum, Self.lowestRate)
        slowest = max(fastest, Int64((sourceRate / lowest).rounded(.down)))
        while slowest > fastest, !range.contains(sourceRate / Double(slowest)) { slowest -= 1 }
    }

    /// The lowest rate a range without a minimum adapts down to, in frames per second.
    static let lowestRate = 1.0

    /// Records a callback `duration` long that returned at `now` on a link at `divisor` with a
    /// `refresh` interval and a presentation latency of `latency` (nanoseconds); the divisor to move
    /// to and why, if the link should move.
    mutating func record(
        duration: Int64, now: Int64, divisor: Int64, refresh: Int64, latency: Int64
    ) -> (divisor: Int64, reason: FrameRateChange.Reason)? {
        guard isEnabled, refresh > 0 else { return nil }
        let dwelt = lastChange.map { now - $0 >= Self.minimumDwell } ?? true
        // The smallest divisor whose budget (its interval less the latency) holds the callback.
        let fits = min(slowest, max(fastest, (duration + latency + refresh - 1) / refresh))
        if duration > divisor * refresh - latency, divisor < slowest {
            fitStreak = 0
            guard dwelt else { return nil }
            lastChange = now
            return (max(fits, divisor + 1), .callbackOverran(.nanoseconds(duration)))
        }
        let roomy = Int64((Double(duration) / Self.headroom).rounded(.up))
        let fitsWithHeadroom = min(slowest, max(fastest, (roomy + latency + refresh - 1) / refresh))
        guard fitsWithHeadroom < divisor else {
            fitStreak = 0
            return nil
        }
        streakDivisor = fitStreak == 0 ? fitsWithHeadroom : max(streakDivisor, fitsWithHeadroom)
        streakLongest = fitStreak == 0 ? duration : max(streakLongest, duration)
        fitStreak += 1
        guard fitStreak >= Self.upWindow, dwelt else { return nil }
        fitStreak = 0
        lastChange = now
        return (streakDivisor, .callbacksFitFasterRate(longest: .nanoseconds(streakLongest)))
    }
}

extension FrameRateRange {
    /// Whether `rate` lies in the range (a maximum of 0 is unbounded).
    func contains(_ rate: Double) -> Bool {
        let upper = maximum == 0 ? Double.infinity : maximum
        return rate >= minimum * (1 - 1e-9) && rate <= upper * (1 + 1e-9)
    }
}
