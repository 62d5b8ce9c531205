/// What an X11 window's Present completions say about its refresh, and which of them to trust: the
/// grid of the window's MSCs (tick *k* is MSC *k*) at the UST of each, its interval measured.
///
/// A completion is a vblank of the window when its UST is set and both its MSC and its UST move
/// past the last trusted one. Servers send others: the X server reports an MSC that does not
/// advance, or a UST of 0, when a screen turns off (xserver issue 1418; picom's `vblank.c` does not
/// trust them either). Those are counted and never become ticks, so they can make no duplicate frame.
/// A completion at the MSC and UST already known (a NotifyMSC and a PresentPixmap completing at one
/// MSC) is the same vblank again: not bogus, and not new.
///
/// Only NotifyMSC completions are taken as vblanks (``take(msc:ust:now:)``); a presented pixmap's
/// completion gives its presentation time (``presentationTime(ust:now:)``), whose UST may differ from
/// the NotifyMSC's at the same MSC.
///
/// The interval is the median of the last gaps between trusted USTs, each divided by the MSCs it
/// spans (gaps of more than ``longestMeasuredGap`` MSCs are pauses, not measured); the nominal
/// interval serves until ``minimumSamples`` are known. The grid is anchored on the latest trusted
/// completion.
struct X11PresentClock: Sendable {
    /// What a completion is.
    enum Verdict: Hashable, Sendable {
        /// A new vblank: tick `sequence` (the MSC) at `timestamp` (the UST, CLOCK_MONOTONIC ns).
        case vblank(sequence: Int64, timestamp: Int64)
        /// The vblank already known, reported again.
        case repeated(sequence: Int64, timestamp: Int64)
        /// Not to be trusted, for the reason given.
        case bogus(Bogus)
    }

    /// Why a completion is not trusted.
    enum Bogus: Hashable, Sendable, CustomStringConvertible {
        /// Its UST is 0.
        case zeroUST(msc: UInt64)
        /// Its MSC is not past the last trusted one (or equal with another UST).
        case mscNotAdvancing(msc: UInt64, last: UInt64)
        /// Its MSC advances but its UST does not.
        case ustNotAdvancing(ust: UInt64, last: UInt64)
        /// Its UST lies more than an interval after the moment it was read.
        case ustInFuture(ust: UInt64, readAt: Int64)

        /// The reason as a phrase.
        var description: String {
            switch self {
            case .zeroUST(let msc): "UST 0 at MSC \(msc)"
            case .mscNotAdvancing(let msc, let last): "MSC \(msc) does not advance past \(last)"
            case .ustNotAdvancing(let ust, let last): "UST \(ust) µs does not advance past \(last) µs"
            case .ustInFuture(let ust, let readAt):
                "UST \(ust) µs lies in the future (read at \(readAt / 1000) µs)"
            }
        }
    }

    /// The grid: tick *k* is MSC *k*.
    private(set) var grid: TickGrid
    /// The interval assumed until enough gaps are measured.
    let nominalInterval: Int64
    /// The last trusted completion: MSC and UST (µs).
    private(set) var last: (msc: UInt64, ust: UInt64)?
    /// How many completions were not trusted.
    private(set) var bogusCount = 0
    private var intervals = RecentSamples(capacity: 31)

    /// How many gaps the measured interval needs.
    static let minimumSamples = 3
    /// The longest gap, in MSCs, that still measures the interval.
    static let longestMeasuredGap: UInt64 = 4
    /// Microseconds to nanoseconds.
    static let nanosecondsPerMicrosecond: Int64 = 1000

    /// A clock with no completion yet: tick 0 at `start`, `nominalInterval` apart.
    init(start: Int64, nominalInterval: Int64) {
        self.nominalInterval = max(1, nominalInterval)
        grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: start,
            period: FramePeriod(uncheckedNumerator: max(1, nominalInterval), denominator: 1))
    }

    /// The measured interval, or nil while fewer than ``minimumSamples`` gaps are known.
    var measuredInterval: Int64? {
        intervals.count >= Self.minimumSamples ? intervals.median : nil
    }

    /// The interval the grid uses: measured, else nominal.
    var interval: Int64 { measuredInterval ?? nominalInterval }

    /// Takes a completion at `msc` and `ust` (µs) read at `now`: a new vblank moves the grid to it and
    /// measures the gap since the last one.
    mutating func take(msc: UInt64, ust: UInt64, now: Int64) -> Verdict {
        guard ust != 0 else { return reject(.zeroUST(msc: msc)) }
        let (scaled, overflow) = Int64(clamping: ust).multipliedReportingOverflow(
            by: Self.nanosecondsPerMicrosecond)
        guard !overflow, scaled <= now + interval else { return reject(.ustInFuture(ust: ust, readAt: now)) }
        let sequence = Int64(clamping: msc)
        if let last {
            if msc == last.msc, ust == last.ust { return .repeated(sequence: sequence, timestamp: scaled) }
            guard msc > last.msc else { return reject(.mscNotAdvancing(msc: msc, last: last.msc)) }
            guard ust > last.ust else { return reject(.ustNotAdvancing(ust: ust, last: last.ust)) }
            let steps = msc - last.msc
            if steps <= Self.longestMeasuredGap {
                intervals.record(
                    (Int64(clamping: ust - last.ust) * Self.nanosecondsPerMicrosecond) / Int64(steps))
            }
        }
        last = (msc, ust)
        grid = TickGrid(
            anchorSequence: sequence, anchorTimestamp: scaled,
            period: FramePeriod(uncheckedNumerator: interval, denominator: 1))
        return .vblank(sequence: sequence, timestamp: scaled)
    }

    /// Takes the UST (µs) of a presented pixmap's completion read at `now`: its time in CLOCK_MONOTONIC
    /// nanoseconds, or nil (counted as bogus) when it cannot be trusted. Pixmap completions do not move
    /// the grid: a server may stamp a pixmap at its MSC with another UST than its NotifyMSC.
    mutating func presentationTime(ust: UInt64, now: Int64) -> Int64? {
        let (scaled, overflow) = Int64(clamping: ust).multipliedReportingOverflow(
            by: Self.nanosecondsPerMicrosecond)
        guard ust != 0, !overflow, scaled <= now + interval else {
            bogusCount += 1
            return nil
        }
        return scaled
    }

    private mutating func reject(_ why: Bogus) -> Verdict {
        bogusCount += 1
        return .bogus(why)
    }
}
