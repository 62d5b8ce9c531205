/// The pacing rules of one link, as pure arithmetic on tick sequences: which ticks become frames.
///
/// - Frames lie on ticks whose sequence is a multiple of the divisor (an absolute grid).
/// - A tick that arrives late becomes the latest grid point at or before it; the whole frame
///   intervals missed since the previous frame are counted, never delivered as a burst.
/// - A frame less than half a frame interval after the previous one is dropped (Chromium's rule),
///   and so is one whose timestamp does not advance; frames never go backwards.
/// - A frame whose callback would begin less than half a frame interval after the previous
///   callback began is dropped too, and counted as skipped: a wake-up that came late (the thread
///   was descheduled) is followed by the next on-time one without a catch-up burst.
/// - After a callback returns, the next frame is the first grid point at or after that instant, so a
///   callback longer than the interval skips to the grid instead of bursting.
/// - A source whose clock paces the frames (a followed toolkit frame clock) is the exception to the
///   two rules of real time: each of its ticks is a frame, however late or close together.
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

    /// Ticks per frame: the source's rate divided by the link's.
    private(set) var divisor: Int64 = 1
    /// The next grid point this link wants; nil until aligned (at start and after a resume).
    private(set) var nextWanted: Int64?
    /// The last frame delivered.
    private(set) var last: (sequence: Int64, timestamp: Int64)?
    /// The grid point skips are counted from (the last frame, or the resume point).
    private var skipBase: Int64?
    /// When the last frame was dispatched, on the source's clock.
    private(set) var lastDispatch: Int64?

    /// Changes the divisor; the next frame is realigned to the new grid.
    mutating func setDivisor(_ newValue: Int64) {
        guard newValue != divisor else { return }
        divisor = max(1, newValue)
        nextWanted = nil
    }

    /// Changes the divisor from the frame after the last one (an adaptive rate's move), as the last
    /// callback returned: the next frame is the first grid point of the new divisor after the last
    /// frame and at or after `eligible`; skips are still counted from the last frame.
    mutating func adaptDivisor(_ newValue: Int64, firstEligibleSequence eligible: Int64) {
        divisor = max(1, newValue)
        nextWanted = firstGridPoint(after: max(eligible - 1, last?.sequence ?? eligible - 1))
    }

    /// Forgets where the link was: the next frame is the first grid point after the moment the
    /// frame thread next looks, with no skips counted for the time in between (start, resume).
    mutating func realign() {
        nextWanted = nil
        skipBase = nil
    }

    /// Starts over on a new source whose sequence numbers are not the old one's (a return to the
    /// display after a timer fallback): the next frame is the first grid point after the moment the
    /// frame thread next looks, no skips are counted across the change, and the previous callback's
    /// start still keeps the first new frame half an interval away from it.
    mutating func rebase(divisor newValue: Int64) {
        divisor = max(1, newValue)
        nextWanted = nil
        skipBase = nil
        last = nil
    }

    /// The next grid point wanted, aligning first if needed to the first one after `current`.
    mutating func nextWanted(currentSequence current: Int64) -> Int64 {
        if let nextWanted { return nextWanted }
        let wanted = firstGridPoint(after: current)
        nextWanted = wanted
        if skipBase == nil { skipBase = wanted - divisor }
        return wanted
    }

    /// Decides what a tick that the frame thread handles at `now` means for this link.
    mutating func decide(_ tick: Tick, halfFrame: Int64, now: Int64) -> Decision {
        if tick.pacedBySource {
            // The followed clock is the time: a link aligned on real time, ahead of a clock that is
            // behind it, still takes the clock's next tick.
            let next = firstGridPoint(after: last?.sequence ?? (tick.sequence - 1))
            nextWanted = min(nextWanted ?? next, next)
        }
        guard let wanted = nextWanted, tick.sequence >= wanted else { return .notYet }
        let sequence = roundDown(tick.sequence)
        let timestamp = sequence == tick.sequence ? tick.timestamp : tick.grid.timestamp(of: sequence)
        if let last, timestamp <= last.timestamp || timestamp - last.timestamp < halfFrame {
            nextWanted = firstGridPoint(after: tick.sequence)
            return .drop
        }
        if !tick.pacedBySource, let lastDispatch, now - lastDispatch < halfFrame {
            nextWanted = firstGridPoint(after: tick.sequence)
            return .drop
        }
        let base = skipBase ?? (sequence - divisor)
        let skipped = Int(max(0, (sequence - base) / divisor - 1))
        last = (sequence, timestamp)
        lastDispatch = now
        skipBase = sequence
        nextWanted = sequence + divisor
        return .deliver(sequence: sequence, timestamp: timestamp, skipped: skipped)
    }

    /// Called when the callback for the last frame returned; `eligible` is the first tick at or after
    /// that instant. The next frame is the first grid point from there on.
    mutating func callbackReturned(firstEligibleSequence eligible: Int64) {
        guard let last else { return }
        nextWanted = max(last.sequence + divisor, firstGridPoint(after: eligible - 1))
    }

    private func roundDown(_ sequence: Int64) -> Int64 {
        let remainder = sequence % divisor
        return remainder >= 0 ? sequence - remainder : sequence - remainder - divisor
    }

    private func firstGridPoint(after sequence: Int64) -> Int64 {
        roundDown(sequence) + divisor
    }
}
