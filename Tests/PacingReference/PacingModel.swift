@testable import FrameClock

/// The pacing rules as the executable specification: each rule is the smallest function that states
/// it, slow and obviously right, with its reason. The property tests compare every frame of a real
/// link with what these functions say; the DocC articles cite the rules by name (`P1`…, `A1`…).
///
/// Instants are nanoseconds on the source's clock; refreshes are the source's tick indices, tick
/// `r` at `grid.timestamp(of: r)`. A frame at divisor `d` follows refresh `s` and is meant for
/// refresh `s + d`.
enum PacingModel {
    /// Every rule, by name, with its one-line reason (what a generated script must exercise).
    enum Rule: String, CaseIterable, Hashable, Sendable {
        /// P1: a frame lies on its divisor's grid, so frames of one rate never drift against the display.
        case grid = "P1 grid"
        /// P2: the next frame is the first grid point at or after both the previous frame's target and
        /// the first refresh the thread is free for: never two frames for one refresh, never a burst.
        case next = "P2 next frame"
        /// P3: a wake-up later than the frame's refresh takes the latest grid point at or before it: the
        /// newest frame, not the oldest.
        case lateWake = "P3 late wake-up"
        /// P4: two callbacks start at least half a frame interval apart (Chromium's rule), measured
        /// between the callbacks' real starts.
        case halfInterval = "P4 half an interval"
        /// P5: skipped frames are the grid points missed, each at the rate in force when it was missed.
        case skipped = "P5 skipped frames"
        /// P6: a rate change between frames aligns the next frame to the first grid point of the new rate
        /// after the refresh in progress, and never before the previous frame's target.
        case rateChange = "P6 rate change"
        /// P7: start or resume aligns to the first grid point after the refresh in progress; skips count
        /// from there, none for the time the link was not running.
        case align = "P7 start and resume"
        /// P8: the target is one frame interval after the frame's refresh; the deadline is the target less
        /// the presentation latency.
        case targetAndDeadline = "P8 target and deadline"
        /// P9: a render-deadline frame starts at its deadline less the predicted work less the margin, not
        /// before its refresh; without a prediction it starts at its refresh.
        case renderDeadline = "P9 render deadline"
        /// P10: the prediction is the longest of the last 16 callbacks, relaxing by a sixteenth of the
        /// excess a frame once a longer one has left the window (KWin, Mutter).
        case prediction = "P10 prediction"
        /// P11: input is sampled at the callback's start less the resampling latency: a later start
        /// means fresher input, never older.
        case inputSampling = "P11 input sampling"
        /// P12: a frame's target lies after the previous frame's: a tick whose target (its refresh plus
        /// the display's depth) would not is dropped, and its refresh counts as skipped. With the one
        /// frame interval of depth a source without a compositor gives, P2 makes it so already.
        case targetOrder = "P12 target order"
        /// A1: the adaptive rate moves down only after a callback overran its budget, or after late
        /// presentations with callbacks in time.
        case adaptiveDown = "A1 adaptive down"
        /// A2: the adaptive rate moves up only after eight callbacks in a row fitted the faster rate with a
        /// fifth of its budget to spare.
        case adaptiveUp = "A2 adaptive up"
        /// A3: the adaptive rate stays within the range's divisors.
        case adaptiveBounds = "A3 adaptive bounds"
        /// J1: a frame without feedback is shown at its target, or, when its callback ran past its
        /// deadline, at the first refresh its work plus the presentation latency makes.
        case shownWithoutFeedback = "J1 shown without feedback"
        /// J2: a frame hitches by how much later than expected it is shown: expected one interval after
        /// the previous frame was shown and no earlier than its target less the intervals skipped.
        case hitch = "J2 hitch"
        /// J3: a frame discarded or not presented hitches by one frame interval.
        case discardedHitch = "J3 discarded"
        /// J4: Swappy's four histograms count refresh periods, rounded to the nearest.
        case histograms = "J4 histograms"
        /// F1: across a failover the timer continues the failed source's grid and numbering, so the
        /// frames are those P2 and P3 make on that grid as if nothing had failed.
        case failover = "F1 failover"
        /// F2: after a return to the display the link aligns as at a start, on the display's grid, half
        /// an interval from the previous callback's start, its target after the previous frame's.
        case returnToDisplay = "F2 return"
        /// F3: the first frame after a return counts as skipped only the display's grid points it could
        /// have had: none for the switch itself.
        case returnSkips = "F3 return skips"
        /// R1: a link started on a source after another was invalidated starts as at a start (P7), with
        /// its own sequences, skips and figures.
        case restart = "R1 restart"
        /// R2: a link invalidated or started beside a link leaves that link's frames alone: no frame
        /// twice, no burst, skips as before.
        case neighbours = "R2 undisturbed neighbours"
        /// C1: content scheduled for a time goes with the first frame whose target is at or after that
        /// time, never an earlier one; under `dropLate` a frame with several pieces due shows the newest
        /// and counts the others dropped, under `showLate` it shows the oldest; each piece is taken once,
        /// in order, and a link's queue is its own (a new link starts with none).
        case content = "C1 content at chosen times"

    }

    /// The rules only the failover scripts on the virtual kernel reach (FaultInjectionTests); the
    /// manual-source scripts (FrameClockTests) reach the others.
    static let failoverRules: Set<Rule> = [.failover, .returnToDisplay, .returnSkips]

    // MARK: - P1, P2, P6, P7: which refresh a frame follows

    /// P1: whether `sequence` is a grid point of divisor `divisor`.
    static func isGridPoint(_ sequence: Int64, divisor: Int64) -> Bool {
        ((sequence % divisor) + divisor) % divisor == 0
    }

    /// P1: the first grid point of `divisor` at or after refresh `refresh` (a linear search: slow, plain).
    static func firstGridPoint(atOrAfter refresh: Int64, divisor: Int64) -> Int64 {
        var candidate = refresh
        while !isGridPoint(candidate, divisor: divisor) { candidate += 1 }
        return candidate
    }

    /// P1: the latest grid point of `divisor` at or before refresh `refresh`.
    static func latestGridPoint(atOrBefore refresh: Int64, divisor: Int64) -> Int64 {
        var candidate = refresh
        while !isGridPoint(candidate, divisor: divisor) { candidate -= 1 }
        return candidate
    }

    /// The first refresh at or after `instant`.
    static func firstRefresh(atOrAfter instant: Int64, grid: TickGrid) -> Int64 {
        let latest = grid.sequence(at: instant)
        return grid.timestamp(of: latest) == instant ? latest : latest + 1
    }

    /// P6, P7: the first refresh after the one in progress at `instant` (a link that starts, resumes or
    /// changes its rate there: the refresh under way has begun without it).
    static func firstRefresh(after instant: Int64, grid: TickGrid) -> Int64 {
        grid.sequence(at: instant) + 1
    }

    /// P12: whether a frame meant for `target` may follow one meant for `previous` (nil: none before).
    static func targetComesAfter(_ target: Int64, previous: Int64?) -> Bool {
        guard let previous else { return true }
        return target > previous
    }

    /// P2: the frame the link wants next: the first grid point of `divisor` at or after both the
    /// previous frame's target refresh and `eligible`.
    static func wantedFrame(previousTarget: Int64?, eligible: Int64, divisor: Int64) -> Int64 {
        firstGridPoint(atOrAfter: max(previousTarget ?? eligible, eligible), divisor: divisor)
    }

    /// P3: the frame made of a tick handled at `look` for a link that wants `wanted`: the latest grid
    /// point at or before the refresh in progress (`wanted` itself when on time).
    static func frame(wanted: Int64, handledAt look: Int64, grid: TickGrid, divisor: Int64) -> Int64 {
        max(wanted, latestGridPoint(atOrBefore: grid.sequence(at: look), divisor: divisor))
    }

    /// P4: whether a callback starting at `start` keeps half a frame interval from the previous start.
    static func keepsHalfInterval(start: Int64, previousStart: Int64?, halfFrame: Int64) -> Bool {
        guard let previousStart else { return true }
        return start - previousStart >= halfFrame
    }

    // MARK: - P5: skipped frames

    /// A change of divisor, effective from refresh `from` on.
    struct DivisorChange: Hashable, Sendable {
        var from: Int64
        var divisor: Int64
    }

    /// P5: the grid points missed between a frame meant for refresh `previousTarget` and the next frame
    /// at refresh `next`: each refresh in between counts when it is a grid point of the divisor in force
    /// at it (`initial`, then each change from its refresh on).
    static func skipped(previousTarget: Int64, next: Int64, initial: Int64, changes: [DivisorChange]) -> Int {
        var count = 0
        var refresh = previousTarget
        while refresh < next {
            let divisor = changes.last { $0.from <= refresh }?.divisor ?? initial
            if isGridPoint(refresh, divisor: divisor) { count += 1 }
            refresh += 1
        }
        return count
    }

    // MARK: - P8, P9, P10, P11: when and for what

    /// P8: the target of a frame at refresh `sequence`, and its deadline.
    static func targetAndDeadline(sequence: Int64, divisor: Int64, grid: TickGrid, latency: Int64)
        -> (target: Int64, deadline: Int64)
    {
        let target = grid.timestamp(of: sequence + divisor)
        return (target, target - latency)
    }

    /// P9: when a render-deadline frame's callback is planned to start.
    static func plannedStart(timestamp: Int64, deadline: Int64, predicted: Int64?, margin: Int64) -> Int64 {
        guard let predicted else { return timestamp }
        return max(timestamp, deadline - predicted - margin)
    }

    /// P10: the prediction after a callback, from the one before it and the last 16 durations
    /// (`window`, newest last).
    static func prediction(previous: Int64?, window: ArraySlice<Int64>) -> Int64 {
        let longest = window.map { max(0, $0) }.max() ?? 0
        guard let previous, longest < previous else { return longest }
        return previous - Int64((Double(previous - longest) / 16).rounded(.up))
    }

    /// P11: when the input phase of a callback starting at `start` samples motion.
    static func samplingTime(callbackStart start: Int64, latency: Int64) -> Int64 { start - latency }

    // MARK: - A1–A3: the adaptive rate

    /// A1: whether a callback `duration` long overran the budget of divisor `divisor`.
    static func overran(duration: Int64, divisor: Int64, refresh: Int64, latency: Int64) -> Bool {
        duration > divisor * refresh - latency
    }

    /// A2: whether a callback `duration` long fits divisor `divisor` with a fifth of its budget spare.
    static func fitsWithHeadroom(duration: Int64, divisor: Int64, refresh: Int64, latency: Int64) -> Bool {
        Double(duration) <= 0.8 * Double(divisor * refresh - latency)
    }
}
