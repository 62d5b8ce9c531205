/// The pacing rules of one link, as pure arithmetic on tick sequences: which ticks become frames.
/// The reference model in the tests (`PacingModel`, rules P1–P7) states each rule alone; this type
/// keeps them all in O(1) a tick.
///
/// - Frames lie on ticks whose sequence is a multiple of the divisor (an absolute grid) (P1).
/// - The next frame is the first grid point at or after both the previous frame's target and the
///   first tick the frame thread can start it at: never two frames for one refresh, whatever the
///   rate did in between (P2).
/// - A tick that arrives late becomes the latest grid point at or before it; the grid points missed
///   are counted, never delivered as a burst (P3).
/// - A frame whose callback would begin less than half a frame interval after the previous callback
///   began is dropped, and counted as skipped (Chromium's rule, P4); so is one whose timestamp does
///   not advance.
/// - Skipped frames are the grid points missed since the previous frame's target, each at the
///   divisor in force when it was missed (P5).
/// - A rate change takes effect from the first tick after the frame thread sees it: when the callback
///   that made it returns, or, between frames, the tick after the one in progress (P6). Start and
///   resume align to the tick after the one in progress; skips count from there, not for the time
///   the link was not running (P7).
/// - Across a failover the timer continues the failed source's grid and numbering, so nothing here
///   changes (F1); a return to the display starts over on its grid as a start does, half an interval
///   from the previous callback's start, with no skip counted for the switch (F2, F3: ``rebase(divisor:)``).
/// - A source whose clock paces the frames (a followed toolkit frame clock) is the exception to the
///   rules of real time: each of its ticks is a frame, however late or close together.
struct FramePacer: Sendable {
    /// What to do with a tick.
    enum Decision: Equatable, Sendable {
        /// Deliver a frame for grid point `sequence` (at `timestamp`), `skipped` frame intervals after
        /// the previous frame.
        case deliver(sequence: Int64, timestamp: Int64, skipped: Int)
        /// The tick is before the next frame this link wants.
        case notYet
        /// The tick breaks the pacing rules (too soon after the previous frame, or not after it).
        case drop
    }

    /// The last frame delivered: its grid point, timestamp and divisor (its target is
    /// `sequence + divisor`).
    struct LastFrame: Hashable, Sendable {
        var sequence: Int64
        var timestamp: Int64
        var divisor: Int64
        var target: Int64 { sequence + divisor }
    }

    /// What the rules remember of the frames so far (all but the schedule): a frame given up before
    /// its start restores the memory from before its decision (``FramePlan/pacerBefore``).
    struct Memory: Sendable {
        /// Ticks per frame: the source's rate divided by the link's.
        var divisor: Int64 = 1
        /// The last frame delivered.
        var last: LastFrame?
        /// When the last frame's callback started (or is planned to), on the source's clock.
        var lastStart: Int64?
        /// Grid points missed at earlier divisors since the last frame.
        var carriedSkips = 0
        /// The first tick from which grid points of `divisor` count as missed; nil until an alignment
        /// (start, resume) has chosen the first frame wanted.
        var countFrom: Int64?
        /// The divisor before a change not yet seen by the frame thread.
        var changedFrom: Int64?
    }

    /// The rules' memory of the frames so far.
    private(set) var memory = Memory()
    /// Where the link's next frame is: the one stored truth of the grid point waited for and of a
    /// frame in flight (see ``FrameSchedule``).
    private(set) var schedule = FrameSchedule.unaligned

    /// Ticks per frame: the source's rate divided by the link's.
    var divisor: Int64 { memory.divisor }
    /// The next grid point this link wants; nil until aligned (at start, after a resume or a rate
    /// change) and while a frame is in flight.
    var nextWanted: Int64? { schedule.wanted }
    /// The last frame delivered.
    private(set) var last: LastFrame? {
        get { memory.last }
        set { memory.last = newValue }
    }
    /// When the last frame's callback started (or is planned to), on the source's clock.
    private(set) var lastStart: Int64? {
        get { memory.lastStart }
        set { memory.lastStart = newValue }
    }
    /// ``Memory/carriedSkips``, read and written in place.
    private var carriedSkips: Int {
        get { memory.carriedSkips }
        set { memory.carriedSkips = newValue }
    }
    /// ``Memory/countFrom``, read and written in place.
    private var countFrom: Int64? {
        get { memory.countFrom }
        set { memory.countFrom = newValue }
    }
    /// ``Memory/changedFrom``, read and written in place.
    private var changedFrom: Int64? {
        get { memory.changedFrom }
        set { memory.changedFrom = newValue }
    }

    /// Changes the divisor (a range, the adaptive rate, a source's rate): it takes effect from the
    /// first tick after the frame thread sees it (P6), and the next frame is aligned again.
    mutating func setDivisor(_ newValue: Int64) {
        let newValue = max(1, newValue)
        guard newValue != divisor else { return }
        if changedFrom == nil { changedFrom = divisor }
        memory.divisor = newValue
        schedule.forget()
    }

    /// Forgets where the link was: the next frame is the first grid point after the moment the
    /// frame thread next looks, never before the last frame's target, with no skips counted for the
    /// time before it (start, resume).
    mutating func realign() {
        schedule.forget()
        countFrom = nil
        carriedSkips = 0
        changedFrom = nil
    }

    /// Starts over on a new source whose sequence numbers are not the old one's (a return to the
    /// display after a timer fallback): the next frame is the first grid point after the moment the
    /// frame thread next looks, no skips are counted across the change, and the previous callback's
    /// start still keeps the first new frame half an interval away from it.
    mutating func rebase(divisor newValue: Int64) {
        realign()
        memory.divisor = max(1, newValue)
        last = nil
    }

    /// The next grid point wanted, aligning first if needed: the first one at or after the tick after
    /// `current` (the tick in progress when the frame thread looks) and the last frame's target; nil
    /// while a frame is in flight (planned, or in its callback).
    mutating func nextWanted(currentSequence current: Int64) -> Int64? {
        guard case .unaligned = schedule else { return schedule.wanted }
        let from = current + 1
        seeChange(from: from)
        let wanted = firstGridPoint(atOrAfter: max(from, last?.target ?? from))
        schedule.wait(for: wanted)
        // Aligned: skips count from the first frame wanted, not for the time before it (P7).
        if countFrom == nil { countFrom = wanted }
        return wanted
    }

    /// Decides what a tick that the frame thread handles at `now` means for this link. With
    /// `checkingStart`, the callback is taken to start at `now` and held half an interval from the
    /// previous start here; without, the caller checks the start it plans (see
    /// ``planStart(_:halfFrame:previous:tick:)``). A link with a frame in flight decides nothing
    /// (`.notYet`).
    mutating func decide(_ tick: Tick, halfFrame: Int64, now: Int64, checkingStart: Bool = true) -> Decision {
        guard schedule.awaitsTick else { return .notYet }
        if tick.pacedBySource {
            // The followed clock is the time: a link aligned on real time, ahead of a clock that is
            // behind it, still takes the clock's next tick.
            let next = firstGridPoint(atOrAfter: (last?.sequence ?? (tick.sequence - 1)) + 1)
            schedule.wait(for: min(nextWanted ?? next, next))
        }
        guard let wanted = nextWanted, tick.sequence >= wanted else { return .notYet }
        let sequence = roundDown(tick.sequence)
        let timestamp = sequence == tick.sequence ? tick.timestamp : tick.grid.timestamp(of: sequence)
        // A timestamp that does not advance, or (at an unchanged rate) advances less than half an
        // interval, is no new refresh; across a rate change the previous target already keeps the
        // frames apart (P2). A followed clock's tick is a frame however close to the last: its grid,
        // learned from presentations, may have moved between the two.
        if let last,
            timestamp <= last.timestamp
                || (last.divisor == divisor && !tick.pacedBySource && timestamp - last.timestamp < halfFrame)
        {
            return refuse(tick)
        }
        if checkingStart, !tick.pacedBySource, let lastStart, now - lastStart < halfFrame {
            return refuse(tick)
        }
        let skipped =
            carriedSkips + (countFrom.map { gridPoints(from: $0, before: sequence, divisor: divisor) } ?? 0)
        last = LastFrame(sequence: sequence, timestamp: timestamp, divisor: divisor)
        lastStart = now
        carriedSkips = 0
        countFrom = sequence + divisor
        schedule.decide(sequence: sequence)
        return .deliver(sequence: sequence, timestamp: timestamp, skipped: Int(skipped))
    }

    /// The frame just decided starts at `start` (when its tick was handled, or later at a render
    /// deadline): half a frame interval after the previous callback's start at least (P4), or
    /// dropped. `previous` is the pacer before the decision.
    mutating func planStart(_ start: Int64, halfFrame: Int64, previous: FramePacer, tick: Tick) -> Bool {
        if !tick.pacedBySource, let previousStart = previous.lastStart, start - previousStart < halfFrame {
            self = previous
            _ = refuse(tick)
            return false
        }
        lastStart = start
        return true
    }

    /// The last frame's callback started at `start` (its delivery, which a busy thread may delay).
    mutating func started(at start: Int64) {
        lastStart = start
    }

    /// Called when the callback for the last frame returned; `eligible` is the first tick at or after
    /// that instant. A rate change made meanwhile takes effect from there; the next frame is the first
    /// grid point at or after both the last frame's target and `eligible`.
    mutating func callbackReturned(firstEligibleSequence eligible: Int64) {
        guard let last else {
            // A source with its own numbering came under the callback: align afresh.
            schedule.callbackReturned(next: nil)
            return
        }
        seeChange(from: eligible)
        schedule.callbackReturned(next: firstGridPoint(atOrAfter: max(last.target, eligible)))
    }

    /// The frame just decided starts at a render deadline, later than now: it waits in the run loop
    /// (``FrameSchedule/plan(_:)``).
    mutating func plan(_ plan: FramePlan) {
        schedule.plan(plan)
    }

    /// The planned frame's start came: it is delivered now (``FrameSchedule/start()``); its plan,
    /// nil when none is planned.
    mutating func startPlannedFrame() -> FramePlan? {
        schedule.start()
    }

    /// The planned frame is given up before its callback started (the link paused, or its rate
    /// changed while it waited for a render deadline, or it had no consumer at its start): the
    /// pacing is as before its decision again (the last frame, its start, the skips counted since
    /// it), and the link aligns afresh when it next looks. Nothing but that decision changed the
    /// pacer since (the caller's lock holds it so). Does nothing when no frame is planned.
    mutating func abandonPlannedFrame() {
        guard let plan = schedule.abandon() else { return }
        memory = plan.pacerBefore
    }

    /// The planned frame is dropped for good (the link invalidated): the pacing is left as it is.
    mutating func dropPlannedFrame() {
        _ = schedule.abandon()
    }

    /// Whether a callback of this link is between its decision and its return.
    var isCallbackRunning: Bool { schedule.hasFrameInFlight }

    /// Drops `tick`, decided as a frame and then refused by a rule outside these (a target not
    /// after the previous frame's): called on the pacer as it was before the decision, it waits for
    /// the next grid point, and the refused one counts as missed (P5).
    mutating func refuseDecided(_ tick: Tick) {
        _ = refuse(tick)
    }

    /// A tick refused by the rules: the next grid point after it is wanted instead.
    private mutating func refuse(_ tick: Tick) -> Decision {
        let next = firstGridPoint(atOrAfter: tick.sequence + 1)
        schedule.wait(for: next)
        // No frame yet on this numbering, after a return to the display: the grid point refused came
        // too soon after the old source's last frame, which covered it; it was not missed (F3).
        if last == nil { countFrom = next }
        return .drop
    }

    /// A divisor change is seen by the frame thread, effective from tick `from`: the old divisor's
    /// grid points before it that were missed are carried (P5).
    private mutating func seeChange(from: Int64) {
        guard let old = changedFrom else { return }
        changedFrom = nil
        guard let start = countFrom else { return }
        carriedSkips += gridPoints(from: start, before: from, divisor: old)
        countFrom = max(start, from)
    }

    /// How many multiples of `divisor` lie in `start..<end`.
    private func gridPoints(from start: Int64, before end: Int64, divisor: Int64) -> Int {
        guard end > start else { return 0 }
        let first = firstGridPoint(atOrAfter: start, divisor: divisor)
        return first >= end ? 0 : Int((end - 1 - first) / divisor + 1)
    }

    private func roundDown(_ sequence: Int64) -> Int64 {
        let remainder = sequence % divisor
        return remainder >= 0 ? sequence - remainder : sequence - remainder - divisor
    }

    private func firstGridPoint(atOrAfter sequence: Int64, divisor: Int64? = nil) -> Int64 {
        let divisor = divisor ?? self.divisor
        let remainder = sequence % divisor
        if remainder == 0 { return sequence }
        return remainder > 0 ? sequence - remainder + divisor : sequence - remainder
    }
}
