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
/// completion gives its presentation time (``presentationTime(msc:ust:now:)``), whose UST may differ from
/// the NotifyMSC's at the same MSC (Xwayland stamps a copied pixmap about 60 µs before the NotifyMSC
/// that completes with it).
///
/// A completion that answered its request at once (for the current MSC, for an MSC already passed,
/// or within an ``atOnceDivisor``th of an interval of the asking) is an MSC but no vblank's time:
/// Xvfb stamps such an answer with the moment it handled the request, and its fake CRTC counts an
/// MSC from half an interval before its vblank. Its MSC ticks, at the grid's time of that MSC; it
/// neither joins the line nor anchors the grid. Before any vblank is known there is no grid to give
/// its time, so it makes no tick (``Verdict/unanchored(sequence:)``) and the next MSC is asked for.
///
/// The grid is the line that best fits the last trusted vblanks (``UstLine``, least squares), once
/// the fit is sure (``GridConfidence``): its slope is the interval, its value at the newest MSC the
/// anchor, moved by the median offset of the presented pixmaps' USTs from the line, so that a tick's
/// target is the predicted UST of the pixmap presented at the next MSC. Until the fit is sure the
/// interval assumed (the one measured before, else the nominal one) serves, anchored on the median
/// of the newest three vblanks carried to the newest MSC: a fit through four scattered USTs can be
/// off by a ninth of the interval, and one stray UST moves no median of three. Single USTs scatter (Xwayland stamps each when it handles the
/// compositor's frame callback: ±1 ms around the line, docs/x11-ust-scatter.md), and a line through
/// thirty of them predicts the next far better than the latest one plus the median gap. A line is
/// started anew after a pause (more than ``longestMeasuredGap`` MSCs, or a UST gap half an interval
/// off the line's slope times the MSCs it spans: Xwayland counts no MSCs while nothing waits for one,
/// and a refresh that changed that much breaks the line too) or a move of the window
/// (``restartLine()``); the interval measured before serves until the new line's fit is sure, and
/// the nominal one until any is known.
struct X11PresentClock: Sendable {
    /// What a completion is.
    enum Verdict: Hashable, Sendable {
        /// A new MSC: tick `sequence` at `timestamp` (CLOCK_MONOTONIC ns): its UST, or the grid's time
        /// of the MSC when it answered its request at once.
        case vblank(sequence: Int64, timestamp: Int64)
        /// A new MSC answered at once before any vblank is known: no time to tick at.
        case unanchored(sequence: Int64)
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
    /// Whether the grid is anchored on a vblank (not only on answers given at once).
    private(set) var isAnchoredOnVblank = false
    /// Answers given at once in a row while no vblank is known.
    private var unanchoredInARow = 0
    /// The recent vblanks the grid is fitted to.
    private var line = UstLine()
    /// Whether the current line's fit was sure once (it stays sure until the line restarts).
    private var lineWasSure = false
    /// The interval of the last line fitted, kept across a pause (nil: none yet, or forgotten).
    private var lastMeasured: Int64?
    /// Breaks of the line in a row: after ``breaksBeforeForgetting`` the interval measured before is
    /// forgotten (the refresh changed, so every gap looks like a pause against it).
    private var breaksInARow = 0
    /// Recent offsets of presented pixmaps' USTs from the line at their MSC, in nanoseconds.
    private var presentationOffsets = RecentSamples(capacity: 15)

    /// A request a completion answers: the MSC asked for (0: the current one) and when it was sent.
    struct Request: Hashable, Sendable {
        var target: Int64
        var sentAt: Int64
    }

    /// An answer whose UST lies less than this divisor of an interval after its request was sent came
    /// at once: an eighth (2 ms at 60 Hz), far above the round trip to a local server (50–150 µs,
    /// research/x11) and rarely reached by a vblank asked for a frame ahead.
    static let atOnceDivisor: Int64 = 8
    /// Answers given at once before any vblank is known that make no tick: two (Xvfb answers the MSC
    /// after its first answer at once too when asked in the half interval before its vblank); a
    /// server that answers every request at once is then followed at its answers' times.
    static let unanchoredAnswersWaited = 2
    /// While the fit is not sure, a gap longer than this many assumed intervals per MSC is a pause:
    /// the assumed interval may be the nominal one, far from the display's, so only a gap no refresh
    /// a link meets could make (a quarter of the nominal rate) breaks an unsure line.
    static let unsurePauseIntervals: Int64 = 4
    /// The longest gap, in MSCs, that still continues a line (a longer one is a pause).
    static let longestMeasuredGap: UInt64 = 4
    /// Microseconds to nanoseconds.
    static let nanosecondsPerMicrosecond: Int64 = 1000
    /// Breaks in a row after which the interval measured before them is forgotten: two, so that one
    /// pause keeps it and a changed refresh does not hold the grid on the old one.
    static let breaksBeforeForgetting = 2
    /// The largest presentation offset applied, as a divisor of the interval: a quarter, far above
    /// Xwayland's 60 µs, so that no stray completion moves the grid by much.
    static let largestOffsetDivisor: Int64 = 4

    /// A clock with no completion yet: tick 0 at `start`, `nominalInterval` apart.
    init(start: Int64, nominalInterval: Int64) {
        self.nominalInterval = max(1, nominalInterval)
        grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: start,
            period: FramePeriod(uncheckedNumerator: max(1, nominalInterval), denominator: 1))
    }

    /// The measured interval: the slope of the line through the recent vblanks once its fit is sure,
    /// else the one measured before the last pause; nil when neither is known.
    var measuredInterval: Int64? {
        currentFit.map { Int64($0.interval.rounded()) } ?? lastMeasured
    }

    /// The interval the grid uses: measured, else nominal.
    var interval: Int64 { measuredInterval ?? nominalInterval }

    /// The offset of the presented pixmaps' USTs from the line (the median of the recent ones,
    /// bounded by ``largestOffsetDivisor``), or 0 while none is known.
    var presentationOffset: Int64 {
        let bound = interval / Self.largestOffsetDivisor
        return min(bound, max(-bound, presentationOffsets.median ?? 0))
    }

    /// How sure the clock is of the line through the recent vblanks (its fit is used once sure).
    var confidence: GridConfidence {
        line.fit.map { GridConfidence(fit: $0, wasSure: lineWasSure) } ?? .unfitted(samples: line.count)
    }

    /// The line through the recent vblanks, once its fit is sure.
    private var currentFit: UstLine.Fit? {
        guard let fit = line.fit, GridConfidence(fit: fit, wasSure: lineWasSure).isSure else { return nil }
        return fit
    }

    /// Takes a completion at `msc` and `ust` (µs) read at `now`, the answer to `asked` (nil: not known):
    /// a new vblank joins the line (or starts a new one after a pause) and moves the grid to it; a
    /// new MSC answered at once ticks on the grid.
    mutating func take(msc: UInt64, ust: UInt64, now: Int64, asked: Request? = nil) -> Verdict {
        guard ust != 0 else { return reject(.zeroUST(msc: msc)) }
        let (scaled, overflow) = Int64(clamping: ust).multipliedReportingOverflow(
            by: Self.nanosecondsPerMicrosecond)
        guard !overflow, scaled <= now + interval else { return reject(.ustInFuture(ust: ust, readAt: now)) }
        let sequence = Int64(clamping: msc)
        if let last {
            if msc == last.msc, ust == last.ust { return .repeated(sequence: sequence, timestamp: scaled) }
            guard msc > last.msc else { return reject(.mscNotAdvancing(msc: msc, last: last.msc)) }
            guard ust > last.ust else { return reject(.ustNotAdvancing(ust: ust, last: last.ust)) }
        }
        last = (msc, ust)
        if let asked, Self.answeredAtOnce(sequence: sequence, ust: scaled, asked: asked, interval: interval) {
            return takeAnsweredAtOnce(sequence: sequence, timestamp: scaled)
        }
        unanchoredInARow = 0
        isAnchoredOnVblank = true
        extendLine(sequence: sequence, timestamp: scaled)
        let anchor =
            currentFit.map { Int64($0.ustAtNewest.rounded()) } ?? line.anchor(interval: interval) ?? scaled
        grid = TickGrid(
            anchorSequence: sequence, anchorTimestamp: anchor + presentationOffset,
            period: FramePeriod(uncheckedNumerator: interval, denominator: 1))
        return .vblank(sequence: sequence, timestamp: scaled)
    }

    /// Whether the answer at `sequence` and `ust` (ns) to `asked` came at once (see the type's notes).
    static func answeredAtOnce(sequence: Int64, ust: Int64, asked: Request, interval: Int64) -> Bool {
        asked.target <= 0 || sequence > asked.target || ust - asked.sentAt < interval / atOnceDivisor
    }

    /// An MSC answered at once: on the grid when a vblank anchors it; else the grid is anchored on the
    /// answer (nothing better is known) and, for the first ``unanchoredAnswersWaited`` in a row, no
    /// tick is made.
    private mutating func takeAnsweredAtOnce(sequence: Int64, timestamp: Int64) -> Verdict {
        if isAnchoredOnVblank { return .vblank(sequence: sequence, timestamp: grid.timestamp(of: sequence)) }
        unanchoredInARow += 1
        grid = TickGrid(
            anchorSequence: sequence, anchorTimestamp: timestamp,
            period: FramePeriod(uncheckedNumerator: interval, denominator: 1))
        guard unanchoredInARow > Self.unanchoredAnswersWaited else { return .unanchored(sequence: sequence) }
        return .vblank(sequence: sequence, timestamp: timestamp)
    }

    /// Adds a trusted vblank to the line, or starts a new line with it after a pause.
    private mutating func extendLine(sequence: Int64, timestamp: Int64) {
        if let newest = line.newest {
            let steps = sequence - newest.msc
            let gap = timestamp - newest.ust
            // Held against the line's own slope only: a line just started (after a pause, or a move to
            // another CRTC) takes its first gaps as they come, whatever the refresh was before.
            let expected = currentFit.map { Int64($0.interval.rounded()) * steps }
            let paused =
                steps > Int64(Self.longestMeasuredGap)
                || expected.map { abs(gap - $0) * 2 > $0 / steps }
                    ?? (gap > interval * steps * Self.unsurePauseIntervals)
            if paused {
                if let fit = currentFit { lastMeasured = Int64(fit.interval.rounded()) }
                removeLine()
                breaksInARow += 1
                if breaksInARow >= Self.breaksBeforeForgetting { lastMeasured = nil }
            } else {
                breaksInARow = 0
            }
        }
        line.record(msc: sequence, ust: timestamp)
        if let fit = currentFit {
            lineWasSure = true
            lastMeasured = Int64(fit.interval.rounded())
        }
    }

    /// Forgets the line's vblanks and its confidence.
    private mutating func removeLine() {
        line.removeAll()
        lineWasSure = false
    }

    /// Starts a new line at the next vblank, keeping the interval measured so far as the prior (the
    /// window moved, perhaps to another CRTC): a refresh that changed then shows in the new line's
    /// first gaps instead of bending a line through both rates.
    mutating func restartLine() {
        if let fit = currentFit { lastMeasured = Int64(fit.interval.rounded()) }
        removeLine()
    }

    /// Forgets the interval and the line (the window moved to another CRTC, or its refresh changed):
    /// the nominal interval serves until the new one is measured.
    mutating func forgetInterval() {
        removeLine()
        lastMeasured = nil
        breaksInARow = 0
        presentationOffsets.removeAll()
        grid.period = FramePeriod(uncheckedNumerator: nominalInterval, denominator: 1)
    }

    /// Takes the completion of a pixmap presented at `msc` with `ust` (µs), read at `now`: its time in
    /// CLOCK_MONOTONIC nanoseconds, or nil (counted as bogus) when it cannot be trusted. Pixmap
    /// completions do not join the line (a server may stamp a pixmap at its MSC with another UST than
    /// its NotifyMSC); their offset from it moves the grid's anchor at the next vblank.
    mutating func presentationTime(msc: UInt64, ust: UInt64, now: Int64) -> Int64? {
        let (scaled, overflow) = Int64(clamping: ust).multipliedReportingOverflow(
            by: Self.nanosecondsPerMicrosecond)
        guard ust != 0, !overflow, scaled <= now + interval else {
            bogusCount += 1
            return nil
        }
        if let fit = currentFit, let newest = line.newest {
            let steps = Int64(clamping: msc) - newest.msc
            if (0...Int64(Self.longestMeasuredGap)).contains(steps) {
                let predicted = fit.ustAtNewest + fit.interval * Double(steps)
                presentationOffsets.record(scaled - Int64(predicted.rounded()))
            }
        }
        return scaled
    }

    private mutating func reject(_ why: Bogus) -> Verdict {
        bogusCount += 1
        return .bogus(why)
    }
}

/// NotifyMSC requests answered before the MSC they asked for: the sign of a server whose MSC does not
/// advance (Debian 13's Xwayland 24 under mutter 48 or KWin 6.3 completes every NotifyMSC at once
/// with MSC 1 and the same UST). Such a server can pace nothing: a source that kept asking would
/// get no tick and send thousands of requests a second. After ``limit`` early answers in a row the
/// source fails, with the reason, and the link goes on with the timer.
///
/// A request for a target already passed (0, the current MSC) is never early; an answer at or past
/// its target ends a run of early ones.
struct X11EarlyCompletions: Sendable {
    /// Early answers since the last one on time.
    private(set) var inARow = 0

    /// Early answers in a row that fail the source: three, asked for half an interval apart, so that
    /// the link is on the timer within about two intervals of its start; a server that keeps its MSC
    /// never answers one request early.
    static let limit = 3

    /// Takes the answer at `msc` (UST `ust`, µs) to a request for `target`: the reason the source
    /// cannot go on once ``limit`` answers in a row came early, else nil.
    mutating func take(target: Int64, msc: UInt64, ust: UInt64, window: String) -> String? {
        guard Int64(clamping: msc) < target else {
            inARow = 0
            return nil
        }
        inARow += 1
        guard inARow >= Self.limit else { return nil }
        return Self.reason(target: target, msc: msc, ust: ust, window: window, inARow: inARow)
    }

    /// Whether the last answer taken came early (the next request waits; see ``X11TickSource``).
    var lastWasEarly: Bool { inARow > 0 }

    /// The sentence that says why a window's Present cannot pace frames.
    static func reason(target: Int64, msc: UInt64, ust: UInt64, window: String, inARow: Int) -> String {
        "the X server's Present MSC does not advance on \(window): a NotifyMSC for MSC \(target) "
            + "completed early at MSC \(msc) (UST \(ust) µs), \(inARow) in a row"
    }
}
