/// What a driver's run loop waits for after a turn (``FrameDriver/turn(after:wanted:grid:source:jobLimit:)``):
/// the tick the links want next and the run loop's next event.
///
/// A caller that waits its own way — the manual source's virtual clock, a poll loop's timer — waits
/// until ``instant`` and asks ``wake(at:)`` what has come; a frame thread hands ``tick`` and
/// ``event`` to its source's wait.
struct RunLoopDeadline: Hashable, Sendable {
    /// The sequence of the tick the links want next; nil when none wants one.
    let tick: Int64?
    /// When that tick is due on ``grid``.
    let tickDue: Int64?
    /// When the run loop's earliest queued event is due; nil when none is queued.
    let event: Int64?

    /// What to wait for: `tick` on `grid` and the `event` instant. The grid is not kept: the caller
    /// has it, and a smaller deadline is cheaper to hand back on every turn.
    init(tick: Int64?, event: Int64?, grid: TickGrid) {
        self.tick = tick
        tickDue = tick.map { grid.timestamp(of: $0) }
        self.event = event
    }

    /// Whether the event comes before the tick; at one instant the tick comes first, as a source's
    /// wait returns the tick when its deadline is not before it.
    var eventComesFirst: Bool {
        guard let event else { return false }
        guard let tickDue else { return true }
        return event < tickDue
    }

    /// When the loop must wake: the event's instant or the tick's, whichever comes first; nil when
    /// neither is awaited (only a signal wakes the loop).
    var instant: Int64? { eventComesFirst ? event : tickDue }

    /// How a wait for this deadline ends at `now`: ``TickWait/due`` when the event has come first;
    /// the latest tick at or before `now` on `grid` (the one the deadline was made on) when the
    /// wanted one has come (a late wake-up skips to it); nil when neither has come.
    func wake(at now: Int64, grid: TickGrid) -> TickWait? {
        if eventComesFirst, let event, event <= now { return .due }
        guard let tick, let tickDue, tickDue <= now else { return nil }
        // On time the tick is the wanted one, without grid arithmetic (short of the clock's end, where
        // later ticks' timestamps saturate to it).
        if now == tickDue, now < .max {
            return .tick(Tick(sequence: tick, timestamp: tickDue, wokeAt: now, grid: grid))
        }
        let sequence = max(tick, grid.sequence(at: now))
        return .tick(
            Tick(sequence: sequence, timestamp: grid.timestamp(of: sequence), wokeAt: now, grid: grid))
    }
}
