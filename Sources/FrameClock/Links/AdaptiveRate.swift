/// A link's adaptive divisor, as Android's Swappy moves its swap interval: it watches each callback's
/// duration and, where feedback is closed, each frame's presentation, and moves between the divisors
/// its range allows. O(1) a frame, no allocation.
///
/// - Down at once: a callback longer than its frame interval allows (the interval less the
///   presentation latency) moves the link to the smallest divisor that would have fitted it.
/// - Down on presentations: ``lateInARow`` frames in a row shown late although their callbacks ended
///   in time (work after the callback, a GPU's, made them late) move the link down by the fewest
///   intervals they were late. One late presentation alone is as often the compositor's as the
///   frame's, and moves nothing.
/// - Up with hysteresis: after ``upWindow`` callbacks in a row that would each have fitted a faster
///   divisor within ``headroom`` of its budget, with no late presentation among them, to the slowest
///   of those divisors. After a move down on presentations the faster rate can only be tried: the
///   try waits ``firstPresentationHold``, and each further move down on presentations doubles the
///   wait, up to ``longestPresentationHold``.
/// - Never two changes less than ``minimumDwell`` apart, so a load hovering at a boundary changes the
///   rate at most twice a second; a try of a faster rate that presentations show failing is the
///   exception, undone as soon as they show it.
struct AdaptiveRate: Sendable {
    /// Callbacks in a row that must fit a faster rate before the link moves up.
    static let upWindow = 8
    /// The share of a faster rate's budget a callback may use to count as fitting it.
    static let headroom = 0.8
    /// The least time between two changes, in nanoseconds.
    static let minimumDwell: Int64 = 500_000_000
    /// Late presentations in a row, their callbacks in time, that move the link down.
    static let lateInARow = 2
    /// How long the link stays at a rate it moved to on presentations before trying the faster one.
    static let firstPresentationHold: Int64 = 1_000_000_000
    /// The longest such wait, in nanoseconds: a load that only presentations show is retried at
    /// least this often, at the cost of a late frame or two a try.
    static let longestPresentationHold: Int64 = 8_000_000_000

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
    /// Frames in a row shown late with their callbacks in time, and the fewest intervals among them.
    private var lateStreak = 0
    private var lateIntervals = 1
    /// The first frame whose presentation is judged: frames begun before a change are not judged at
    /// the rate they left.
    private var judgedFrom: UInt64 = 0
    /// How long the current rate is held before an up move, and the hold after the next move down
    /// on presentations.
    private var upHold: Int64 = minimumDwell
    private var presentationHold: Int64 = firstPresentationHold
    /// Whether the last change moved up: a try of the faster rate, still on trial.
    private var lastMoveWasUp = false

    /// Sets the divisors allowed for `range` on a source of `sourceRate`, and starts watching afresh.
    mutating func bound(by range: FrameRateRange, sourceRate: Double) {
        fastest = Int64(range.divisor(forSourceRate: sourceRate))
        slowest = fastest
        fitStreak = 0
        lateStreak = 0
        judgedFrom = 0
        guard sourceRate.isFinite, sourceRate > 0, range.contains(sourceRate / Double(fastest)) else {
            return
        }
        let lowest = max(range.minimum, Self.lowestRate)
        slowest = max(fastest, Int64((sourceRate / lowest).rounded(.down)))
        while slowest > fastest, !range.contains(sourceRate / Double(slowest)) { slowest -= 1 }
    }

    /// The lowest rate a range without a minimum adapts down to, in frames per second.
    static let lowestRate = 1.0

    /// Records how frame `sequence` was shown. Only a late presentation whose callback ended in time
    /// counts (a callback past its deadline is judged on its duration); a drop says nothing of time.
    mutating func recordPresentation(_ outcome: FrameOutcome, sequence: UInt64) {
        guard isEnabled, sequence >= judgedFrom else { return }
        switch outcome {
        case .onTime:
            lateStreak = 0
        case .late(let intervals, .displayLate):
            lateIntervals = lateStreak == 0 ? intervals : min(lateIntervals, intervals)
            lateStreak += 1
            fitStreak = 0
        default:
            break
        }
    }

    /// Records that frame `sequence`'s callback, `duration` long, returned at `now` on a link at
    /// `divisor` with a `refresh` interval and a presentation latency of `latency` (nanoseconds); the
    /// divisor to move to and why, if the link should move.
    mutating func record(
        duration: Int64, sequence: UInt64, now: Int64, divisor: Int64, refresh: Int64, latency: Int64
    ) -> (divisor: Int64, reason: FrameRateChange.Reason)? {
        guard isEnabled, refresh > 0 else { return nil }
        let dwelt = lastChange.map { now - $0 >= Self.minimumDwell } ?? true
        if lateStreak >= Self.lateInARow, divisor < slowest {
            // A failed try of a faster rate is undone at once; any other move waits out the dwell.
            guard dwelt || lastMoveWasUp else { return nil }
            let intervals = lateIntervals
            changed(at: now, after: sequence, upHold: presentationHold)
            presentationHold = min(Self.longestPresentationHold, presentationHold * 2)
            return (
                min(slowest, divisor + Int64(max(1, intervals))),
                .presentationsLate(count: Self.lateInARow, intervals: intervals)
            )
        }
        // The smallest divisor whose budget (its interval less the latency) holds the callback.
        let fits = min(slowest, max(fastest, (duration + latency + refresh - 1) / refresh))
        if duration > divisor * refresh - latency, divisor < slowest {
            fitStreak = 0
            guard dwelt else { return nil }
            changed(at: now, after: sequence, upHold: Self.minimumDwell)
            presentationHold = Self.firstPresentationHold
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
        guard fitStreak >= Self.upWindow, lastChange.map({ now - $0 >= upHold }) ?? true else { return nil }
        changed(at: now, after: sequence, upHold: Self.minimumDwell)
        lastMoveWasUp = true
        return (streakDivisor, .callbacksFitFasterRate(longest: .nanoseconds(streakLongest)))
    }

    /// Starts afresh after a change at `now`, decided by frame `sequence`'s callback.
    private mutating func changed(at now: Int64, after sequence: UInt64, upHold hold: Int64) {
        lastChange = now
        fitStreak = 0
        lateStreak = 0
        judgedFrom = sequence &+ 1
        upHold = hold
        lastMoveWasUp = false
    }
}
