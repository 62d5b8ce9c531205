/// Where a compositor shows a surface's frames, learned from its presentation feedback: the grid of
/// presentation times, its real interval, and how many intervals after a frame callback a commit is
/// shown.
///
/// Compositors advertise a nominal refresh that may be a few percent off their real cadence, so the
/// interval is *measured*: the median of the last presentations' spacing, each gap divided by the
/// number of intervals it spans. The advertised refresh serves until three gaps are known. The grid
/// is anchored on the latest presentation, so it follows the compositor's phase, and its sequence
/// numbers count intervals (compositors' own `seq` fields differ too much to be used: weston
/// headless sends 0).
///
/// A frame callback follows a presentation, and a commit made after it is shown some intervals later:
/// at the next presentation on a compositor that repaints just after its vblank, at the one after on
/// weston, which repaints just before it. That depth is learned from the time between callbacks and
/// the presentations of the commits made after them, kept in nanoseconds: the interval measured
/// anew on one output (weston headless advertises 16.7 ms and repaints every 25) changes no latency
/// already known. On another output they are scaled by the ratio of the two refreshes.
/// Until the commit of a callback's frame has been shown, a frame ticked on the grid (the first ones
/// of a window, before any callback) stands in: the time from its tick to its commit's presentation,
/// so that the frames right after the first presentation already target the right one. A
/// stand-in far longer than the one two frames agreed on waits for the next to confirm it (a frame
/// whose work stalled is shown late by its own doing). Until
/// ``sureLatencySamples`` callbacks' latencies are known, the latency is the shortest known, the
/// stand-in's among them: a commit is shown no sooner than the compositor's pipeline allows, and a
/// window's first ones may be shown later than that (mutter 43 shows the first commit after a
/// callback two intervals on while it maps the window, the next ones one on). A depth taken too deep
/// and then corrected would aim a frame at its predecessor's presentation; one taken too shallow and
/// corrected only moves the next targets on.
///
/// When the surface moves to an output of another refresh (``switchOutput(nominalInterval:)``), the
/// interval measured on the old one is forgotten: the new nominal refresh serves until the new
/// output's gaps are measured, and the presentation that starts the new grid is numbered one step on
/// (more only when a whole interval of the slower output passed without one).
struct PresentationGrid: Sendable {
    /// The grid: tick *k* is presentation *k*.
    private(set) var grid: TickGrid
    /// The refresh interval the compositor advertises, in nanoseconds.
    private(set) var advertisedInterval: Int64
    /// Recent presentation intervals, in nanoseconds.
    private var intervals = RecentSamples(capacity: Self.intervalSampleCount)
    /// Recent times from a frame callback to the presentation of the commit made after it, in
    /// nanoseconds.
    private var latencies = RecentSamples(capacity: Self.latencySampleCount)
    /// The latest time from a tick on the grid to the presentation of its commit, in nanoseconds,
    /// while no callback's is known (see ``recordProvisionalLatency(gridTick:presented:)``).
    private var provisionalLatency: Int64?
    /// Whether the stand-in was confirmed: the time before it was within an interval of it.
    private var provisionalLatencyConfirmed = false
    /// A time from a grid tick to its presentation more than an interval longer than a confirmed
    /// stand-in, waiting for the next to confirm it.
    private var longerProvisionalLatency: Int64?
    private var lastPresentation: Int64?
    /// The interval of the output the surface left, until the first presentation on the new one.
    private var leftInterval: Int64?

    /// How many samples an estimate needs before it replaces its default.
    static let minimumSamples = 3
    /// How many callbacks' latencies make the latency their median rather than the shortest known:
    /// three, so that the median is a time another one confirms.
    static let sureLatencySamples = 3
    /// The depth while no latency is known: the next grid point.
    static let unknownDepth: Int64 = 1
    /// The longest gap, in intervals, that still measures the interval (a longer one is a pause).
    static let longestMeasuredGap: Int64 = 4
    /// How many recent presentation gaps the measured interval is the median of: odd, so that the
    /// median is a gap itself, and about half a second at 60 Hz, enough to outvote a few odd gaps.
    static let intervalSampleCount = 31
    /// How many recent callback-to-presentation times the depth is the median of: odd, and fewer
    /// than the gaps, so that a changed depth (another output, another load) is followed sooner.
    static let latencySampleCount = 15
    /// How far a gap's length in intervals is pulled down before rounding: a gap of 1.5 intervals
    /// counts as one, so that a compositor slower than it says does not halve the measured interval.
    static let gapRoundingLean = 0.25
    /// How near the unit a gap of several intervals must divide, as 1/n of it, to be measured: a
    /// sixteenth (6 %) holds a real output's drift from its advertised refresh and rejects a gap
    /// of 1.8 intervals, which a compositor running behind leaves and which divides to 10 % short.
    static let multipleGapTolerance = 16.0
    /// How early a frame callback may arrive, as 1/n of an interval, and still follow its grid point:
    /// an eighth is above a callback's jitter and well short of half, which is nearer the point before.
    static let callbackEarlinessDivisor: Int64 = 8

    /// A grid anchored at `start` (tick 0) with the advertised interval, until presentations arrive.
    init(start: Int64, advertisedInterval: Int64) {
        self.advertisedInterval = max(1, advertisedInterval)
        grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: start,
            period: FramePeriod(uncheckedNumerator: max(1, advertisedInterval), denominator: 1))
    }

    /// Whether a presentation has been recorded.
    var hasPresentation: Bool { lastPresentation != nil }

    /// Moves tick 0 to `start`, keeping the interval: for a grid that no presentation anchors yet.
    mutating func restart(at start: Int64) {
        grid = TickGrid(anchorSequence: 0, anchorTimestamp: start, period: grid.period)
    }

    /// Renumbers the grid so that the point nearest `time` is `sequence`, keeping its phase and
    /// interval: ticks already numbered on an earlier grid go on without a gap or a repeat.
    mutating func renumber(nearest time: Int64, as sequence: Int64) {
        let nearest = grid.nearestSequence(to: time)
        grid = TickGrid(
            anchorSequence: grid.anchorSequence + sequence - nearest, anchorTimestamp: grid.anchorTimestamp,
            period: grid.period)
    }

    /// The measured interval (the median of the last gaps), or nil while fewer than
    /// ``minimumSamples`` are known.
    var measuredInterval: Int64? {
        intervals.count >= Self.minimumSamples ? intervals.median : nil
    }

    /// Whether an interval was ever measured (on this output or an earlier one): the compositor has
    /// been showing the surface for a while.
    private(set) var hasMeasured = false

    /// The interval the grid uses: measured, else advertised.
    var interval: Int64 { measuredInterval ?? advertisedInterval }

    /// Takes the compositor's advertised refresh (from a presentation's `refresh` field); zero, which
    /// means unknown, is ignored.
    mutating func advertise(_ interval: Int64) {
        guard interval > 0, interval != advertisedInterval else { return }
        advertisedInterval = interval
        grid.period = FramePeriod(uncheckedNumerator: self.interval, denominator: 1)
    }

    /// The surface is now shown on an output whose nominal refresh interval is `nominalInterval`: the
    /// interval measured so far is forgotten, the grid's period is the new nominal one until the new
    /// output's gaps are measured, the callbacks' latencies known are scaled to the new refresh (the
    /// grid ticks' stand-in is forgotten), and the next presentation starts the grid anew.
    mutating func switchOutput(nominalInterval: Int64) {
        guard nominalInterval > 0 else { return }
        let left = interval
        latencies.transform { $0 * nominalInterval / left }
        // A grid tick's time to its presentation depends on the new output's phase, not only its
        // refresh: the first one there stands in.
        provisionalLatency = nil
        provisionalLatencyConfirmed = false
        longerProvisionalLatency = nil
        leftInterval = max(leftInterval ?? 0, grid.period.numerator / max(1, grid.period.denominator))
        intervals.removeAll()
        advertisedInterval = nominalInterval
        grid.period = FramePeriod(uncheckedNumerator: nominalInterval, denominator: 1)
    }

    /// Records that a frame was shown at `time`: measures the gap since the previous presentation and
    /// moves the grid's anchor to it, numbered by the intervals it lies after the old anchor.
    /// Presentations no later than the anchor (stale reports) are ignored.
    mutating func recordPresentation(at time: Int64) {
        defer { lastPresentation = max(lastPresentation ?? time, time) }
        guard time > grid.anchorTimestamp else { return }
        if let left = leftInterval {
            // The first presentation on a new output: no gap to measure across the move, and the
            // grid goes on one step later, or more when a whole interval of the slower output passed.
            leftInterval = nil
            let slower = Double(max(left, advertisedInterval))
            let steps = max(1, Int64((Double(time - grid.anchorTimestamp) / slower).rounded()))
            grid = TickGrid(
                anchorSequence: grid.anchorSequence + steps, anchorTimestamp: time,
                period: FramePeriod(uncheckedNumerator: interval, denominator: 1))
            return
        }
        if let last = lastPresentation, time > last {
            let gap = time - last
            // Intervals the gap spans: counted in the measured interval, or the advertised refresh
            // when that is longer (a compositor presents no faster than it says), leaning to fewer: a
            // compositor slower than it says, as weston headless at 25 ms against 16.7, or mutter on
            // a loaded machine presenting 1.5 intervals apart, is not taken for two intervals a frame
            // (which would halve the measured interval, and keep it there).
            let unit = Double(max(measuredInterval ?? 0, advertisedInterval))
            let steps = max(1, Int64((Double(gap) / unit - Self.gapRoundingLean).rounded()))
            // A gap shorter than half the advertised refresh is no interval: presentations reported
            // together (mutter, mapping a window, reports its first ones 0.8 ms apart). A gap of
            // several intervals measures one only when it divides into steps near the unit: a loaded
            // compositor presenting every 30 ms against 16.7 is irregular, not at 15 ms a frame.
            let divided = gap / steps
            let nearUnit = steps == 1 || abs(Double(divided) - unit) * Self.multipleGapTolerance <= unit
            if steps <= Self.longestMeasuredGap, gap * 2 >= advertisedInterval, nearUnit {
                intervals.record(divided)
            }
            if intervals.count >= Self.minimumSamples { hasMeasured = true }
        }
        let previous = grid.period.nanoseconds
        let steps = max(1, Int64(((Double(time - grid.anchorTimestamp) / previous)).rounded()))
        grid = TickGrid(
            anchorSequence: grid.anchorSequence + steps, anchorTimestamp: time,
            period: FramePeriod(uncheckedNumerator: interval, denominator: 1))
    }

    /// The grid point a frame callback received at `time` follows: the latest at or before it,
    /// allowing an eighth of an interval (``callbackEarlinessDivisor``) for a callback a little
    /// earlier than the grid predicts.
    func callbackSequence(receivedAt time: Int64) -> Int64 {
        grid.sequence(at: time + interval / Self.callbackEarlinessDivisor)
    }

    /// Records the time from a frame callback received at `callback` to the presentation, at
    /// `presented`, of the commit made after it.
    mutating func recordLatency(callback: Int64, presented: Int64) {
        guard presented > callback else { return }
        latencies.record(presented - callback)
    }

    /// Records the time from a tick on the grid dispatched at `tick` (no callback before it) to the
    /// presentation, at `presented`, of the commit made in it: the stand-in for the latency until a
    /// callback's is known. Once two in a row agreed within an interval, a time more than an interval
    /// longer replaces the stand-in only when the next confirms it (the shorter of the two): a frame
    /// whose work outlasted its interval (a swap that blocked 95 ms) is shown late by its own doing,
    /// not the compositor's, and a depth taken from it and given up at the next frame would aim that
    /// frame behind it. An unconfirmed stand-in (the first on an output, which a tick made on the
    /// output left may give) is replaced at once.
    mutating func recordProvisionalLatency(gridTick tick: Int64, presented: Int64) {
        guard presented > tick, latencies.count == 0 else { return }
        let latency = presented - tick
        guard let current = provisionalLatency else {
            provisionalLatency = latency
            return
        }
        if provisionalLatencyConfirmed, latency > current + interval {
            guard let longer = longerProvisionalLatency else {
                longerProvisionalLatency = latency
                return
            }
            provisionalLatency = min(longer, latency)
            provisionalLatencyConfirmed = abs(latency - longer) <= interval
            longerProvisionalLatency = nil
            return
        }
        longerProvisionalLatency = nil
        provisionalLatencyConfirmed = abs(latency - current) <= interval
        provisionalLatency = latency
    }

    /// The time from a callback to the presentation of the commit made after it, in nanoseconds: the
    /// median of the callbacks' once ``sureLatencySamples`` are known, before that the shortest of
    /// theirs and the stand-in measured from a tick on the grid; nil while none is known.
    var measuredLatency: Int64? {
        if latencies.count >= Self.sureLatencySamples { return latencies.median }
        guard let shortest = latencies.minimum else { return provisionalLatency }
        return min(shortest, provisionalLatency ?? shortest)
    }

    /// How many intervals after grid point `sequence` a commit made after a callback received at
    /// `time` will be shown: the grid point nearest to `time` plus the measured latency, or the next
    /// one (1) while the latency is not known yet. Zero where the compositor shows a commit at the
    /// grid point its callback follows: wlroots' headless backend (sway, cage) composites and presents
    /// a commit to an idle output at once, a fraction of a millisecond after it is made, and a
    /// followed clock's frame may be numbered as its own presentation.
    func presentationDepth(of sequence: Int64, callbackAt time: Int64) -> Int64 {
        guard let latency = measuredLatency else { return Self.unknownDepth }
        let shown = grid.sequence(at: time + latency + interval / 2)
        return max(0, shown - sequence)
    }
}
