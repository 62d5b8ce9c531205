/// When a ``WaylandTickSource`` ticks relative to its compositor's repaint, and when it stops waiting
/// for a frame callback.
///
/// A compositor may answer a commit's frame callback well before it shows the commit: it repaints
/// right after its vblank and then waits for the next one, so that a commit made at the vblank races
/// that repaint, and one that loses is shown an interval later. Once a presentation shows that
/// (``learn(callbackAt:presentedAt:interval:)``), ticks on the grid come ``gridLead(interval:onTimer:)``
/// ahead of the grid point they are stamped with. Compositors whose callbacks follow the presentation
/// are ticked at the grid point.
///
/// A frame callback asked for with a commit is overdue ``callbackWait(interval:settled:)`` after
/// ``waitStart(commit:gridPoint:lastCallback:interval:)``: the surface is then not being shown, and
/// the source goes on as a timer, within two intervals of the last callback.
struct CompositorRepaintPolicy: Equatable, Sendable {
    /// A callback answered more than half an interval before its commit was shown came from a repaint
    /// right after the vblank before, not from the one that showed it.
    static let earlyAnswerDivisor: Int64 = 2
    /// Ticks come an eighth of an interval ahead: a commit follows its tick by far less, so it is in
    /// before the repaint, and the tick stays nearer its own grid point than the one before.
    static let gridLeadDivisor: Int64 = 8
    /// The lead is at most 2 ms: compositors repaint within a millisecond or two of their vblank,
    /// and a longer lead only draws the frame earlier than needed.
    static let maximumGridLead: Int64 = 2_000_000
    /// A callback is waited for two intervals: the compositor sends it at its first repaint after
    /// the commit, at most an interval later, and the second absorbs a repaint that comes late.
    static let callbackWaitIntervals: Int64 = 2
    /// A quarter of an interval short of that, so that the source is on its timer within two
    /// intervals of the last callback: the commit follows that callback, and waits end to the
    /// millisecond.
    static let callbackWaitMarginDivisor: Int64 = 4
    /// Never less than 20 ms: at 144 Hz two intervals are 14 ms, and a loaded software-rendering
    /// compositor answers up to 16 ms after a commit.
    static let minimumCallbackWait: Int64 = 20_000_000
    /// Until an interval was measured (the first presentations, a window being mapped), callbacks
    /// are waited for at least 100 ms: a compositor's first answers come late.
    static let settlingCallbackWait: Int64 = 100_000_000
    /// A commit follows the callback it answers by at most an eighth of an interval.
    static let commitDelayDivisor: Int64 = 8
    /// A callback within an eighth of an interval of its commit's presentation came with it: the
    /// compositor answers a commit when it shows it (weston at its vblank; wlroots' headless
    /// backend at once).
    static let answerWithPresentationDivisor: Int64 = 8

    /// Whether the compositor answers a commit's frame callback well before it shows the commit.
    private(set) var repaintsAhead = false
    /// Whether the compositor answers a commit's frame callback when it shows the commit.
    private(set) var answersWithPresentation = false

    /// Learns from one presentation, at `presentedAt`, of a commit whose frame callback came at
    /// `callbackAt`, with the grid's interval then.
    mutating func learn(callbackAt: Int64, presentedAt: Int64, interval: Int64) {
        repaintsAhead = callbackAt < presentedAt - interval / Self.earlyAnswerDivisor
        answersWithPresentation =
            abs(callbackAt - presentedAt) <= interval / Self.answerWithPresentationDivisor
    }

    /// How long before a grid point a tick on the grid comes: ahead of a compositor that
    /// ``repaintsAhead``, at the grid point as a timer (no commit is being shown then).
    func gridLead(interval: Int64, onTimer: Bool) -> Int64 {
        guard repaintsAhead, !onTimer else { return 0 }
        return min(interval / Self.gridLeadDivisor, Self.maximumGridLead)
    }

    /// How long after ``waitStart(commit:gridPoint:lastCallback:interval:)`` a frame callback is
    /// overdue, on a grid of `interval`; `settled` once an interval was ever measured.
    static func callbackWait(interval: Int64, settled: Bool) -> Int64 {
        let wait = max(
            callbackWaitIntervals * interval - interval / callbackWaitMarginDivisor, minimumCallbackWait)
        return settled ? wait : max(wait, settlingCallbackWait)
    }

    /// The instant the wait for a commit's frame callback counts from: the commit, made at `commit`
    /// — or, for a commit made ahead of its grid point at `gridPoint` within an interval of the last
    /// callback at `lastCallback`, that callback plus the most a commit follows it by, so that the
    /// source is still on its timer within two intervals of the last callback. `gridPoint` is nil
    /// when the commit is of no tick.
    static func waitStart(commit: Int64, gridPoint: Int64?, lastCallback: Int64?, interval: Int64) -> Int64 {
        guard let last = lastCallback, let gridPoint, commit < gridPoint, last <= commit,
            commit - last < interval
        else { return commit }
        return min(commit, last + interval / commitDelayDivisor)
    }
}
