import Logging

/// A frame source in virtual time: a test or an offline renderer moves its clock by hand and gets
/// frames at exact instants, with the same pacing rules as the real sources.
///
/// Callbacks run synchronously on the thread that calls ``advance(to:)``, ``advance(by:)`` or
/// ``wake(at:)``. A callback simulates work by moving the clock with ``elapse(_:)``; the link then
/// treats the callback as having run that long.
///
/// ```swift
/// let source = try ManualFrameSource(framesPerSecond: 1)
/// let link = try DisplayLink(source: .manual(source))
/// try link.start { _ in source.elapse(.milliseconds(1500)) }   // 1.5 s of work a frame
/// source.advance(by: .seconds(10))                             // frames at 1 s, 3 s, 5 s, ...
/// ```
public final class ManualFrameSource: Sendable {
    private struct Clock: Sendable {
        var now: Int64
        var turn = TurnRight()
        /// Whether the dispatching thread was marked as one before it took the right.
        var threadWasMarked = false
    }

    private let clock: Locked<Clock>
    let grid: TickGrid
    let driver: FrameDriver

    /// Creates a source whose ticks are at `start + k / framesPerSecond`, with its clock at `start`.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` for an invalid rate.
    public init(framesPerSecond: Double = 60, start: MonotonicInstant = MonotonicInstant(nanoseconds: 0))
        throws(DisplayLinkError)
    {
        let period = try FramePeriod(framesPerSecond: framesPerSecond)
        let clock = Locked(Clock(now: start.nanoseconds))
        self.clock = clock
        grid = TickGrid(anchorSequence: 0, anchorTimestamp: start.nanoseconds, period: period)
        driver = FrameDriver(
            manualPeriod: period, now: { clock.withLock { $0.now } },
            logger: .silent(label: "FrameClock.ManualFrameSource"))
    }

    /// The virtual clock's current instant.
    public var now: MonotonicInstant { MonotonicInstant(nanoseconds: clock.withLock { $0.now }) }

    /// The exact interval between ticks.
    public var period: FramePeriod { grid.period }

    /// The instant of tick `sequence`.
    public func timestamp(ofTick sequence: Int64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: grid.timestamp(of: sequence))
    }

    /// Moves the clock forward without waking any link: the time a callback's work takes, or time
    /// the frame thread spends descheduled. A negative duration is ignored (the clock is monotonic).
    public func elapse(_ duration: Duration) {
        let nanoseconds = duration.wholeNanoseconds
        guard nanoseconds > 0 else { return }
        let (now, dispatching) = clock.withLock { state -> (Int64, Bool) in
            state.now =
                state.now.addingReportingOverflow(nanoseconds).overflow ? .max : state.now + nanoseconds
            return (state.now, state.turn.isHeld)
        }
        // Time spent inside a callback or a job: a stall, in virtual time, once it passes the threshold.
        if dispatching { driver.virtualTimeMoved(to: now) }
    }

    /// The most ticks one call of ``advance(to:)`` hands to the links one at a time: 2¹⁸, over an
    /// hour at 60 Hz. Past them the call wakes once at its instant, as a frame thread waking late
    /// does, so that even `advance(to: MonotonicInstant(nanoseconds: .max))` returns (in about a
    /// second in a debug build); call it again, or ``advanceTicks(_:)``, for longer runs tick by tick.
    public static let maximumTicksPerAdvance = 1 << 18

    /// Runs the clock forward to `instant`, waking exactly on time for every tick the links want
    /// before it. Inside a callback it only moves the clock (as ``elapse(_:)``). An instant before
    /// the clock leaves it where it is.
    ///
    /// After ``maximumTicksPerAdvance`` ticks, the rest of the way is one late wake-up at
    /// `instant`: each link gets one frame on the latest grid point at or before it, with the
    /// intervals in between counted in ``Frame/skippedFrames``.
    public func advance(to instant: MonotonicInstant) {
        guard beginDispatching() else {
            elapse(instant - now)
            return
        }
        defer { endDispatching() }
        dispatchTicks(to: instant.nanoseconds, until: { false })
    }

    /// ``advance(to:)``'s work, for a caller that holds the right to dispatch
    /// (``beginDispatching()``): ends early after a turn once `shouldStop` says so, the clock then
    /// staying where that turn left it.
    func dispatchTicks(to instant: Int64, until shouldStop: () -> Bool) {
        // The work due before the first wait (events, then jobs), then turns up to the instant.
        let first = driver.turn(
            after: .woken, wanted: driver.nextWantedSequence(grid: grid, now: currentNanoseconds), grid: grid,
            jobLimit: instant)
        if shouldStop() { return }
        let run = runTurns(
            from: first, until: instant, ticks: Self.maximumTicksPerAdvance, shouldStop: shouldStop)
        guard !run.stopped else { return }
        clock.withLock { $0.now = max($0.now, instant) }
        // Past the most ticks handed over one by one, one late wake-up at the instant.
        guard run.dispatched == Self.maximumTicksPerAdvance,
            let wake = run.deadline.wake(at: currentNanoseconds, grid: grid), wake.tick != nil
        else { return }
        finish(driver.turn(after: wake, wanted: run.deadline.tick, grid: grid))
    }

    /// Turns of the driver's run loop in virtual time, from a wait for `deadline`: each wait moves
    /// the clock to the deadline's instant. Ends before a wait that would pass `limit`, before a wait
    /// for a tick once `ticks` ticks have been dispatched (the events a tick planned belong to it),
    /// or after a turn once `shouldStop` says so (`stopped`).
    /// Inlined so that each caller's `shouldStop` folds away: this is the per-frame path of a test.
    @inline(__always)
    private func runTurns(
        from deadline: RunLoopDeadline, until limit: Int64, ticks: Int, shouldStop: () -> Bool = { false }
    ) -> (deadline: RunLoopDeadline, dispatched: Int, stopped: Bool) {
        var deadline = deadline
        var dispatched = 0
        while dispatched < ticks || deadline.eventComesFirst,
            let instant = deadline.instant, instant <= limit
        {
            let now = clock.withLock { state in
                state.now = max(state.now, instant)
                return state.now
            }
            guard let wake = deadline.wake(at: now, grid: grid) else { break }
            if case .tick = wake { dispatched += 1 }
            deadline = driver.turn(after: wake, wanted: deadline.tick, grid: grid, jobLimit: limit)
            if shouldStop() { return (deadline, dispatched, true) }
        }
        return (deadline, dispatched, false)
    }

    /// Runs the turns for the events the last tick planned (frames planned for a render deadline),
    /// each at its instant: they belong to that tick, whatever the caller's limit.
    private func finish(_ deadline: RunLoopDeadline) {
        _ = runTurns(from: deadline, until: .max, ticks: 0)
    }

    /// Runs the clock forward by `duration` (see ``advance(to:)``).
    public func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Runs the clock forward until `count` more ticks have been handed to the links (or no link
    /// wants one), and returns how many were.
    @discardableResult
    public func advanceTicks(_ count: Int) -> Int {
        guard count > 0, beginDispatching() else { return 0 }
        defer { endDispatching() }
        let first = RunLoopDeadline(
            tick: driver.nextWantedSequence(grid: grid, now: currentNanoseconds), event: driver.nextEventDue,
            grid: grid)
        return runTurns(from: first, until: .max, ticks: count).dispatched
    }

    /// Simulates the frame thread waking at `instant` (on time or late): the clock moves there and,
    /// if a tick a link wants is due, the latest grid point at or before `instant` is dispatched, as
    /// the timer source does after a late wake-up.
    public func wake(at instant: MonotonicInstant) {
        guard beginDispatching() else { return }
        defer { endDispatching() }
        // Links started since the last look align to the clock as it was, as a frame thread would.
        _ = driver.nextWantedSequence(grid: grid, now: currentNanoseconds)
        let now = clock.withLock { state in
            state.now = max(state.now, instant.nanoseconds)
            return state.now
        }
        let deadline = RunLoopDeadline(
            tick: driver.nextWantedSequence(grid: grid, now: now), event: nil, grid: grid)
        guard let wake = deadline.wake(at: now, grid: grid) else { return }
        finish(driver.turn(after: wake, wanted: deadline.tick, grid: grid))
    }

    private var currentNanoseconds: Int64 { clock.withLock { $0.now } }

    /// Takes the right to dispatch: false when a dispatch is under way (a callback advancing the
    /// source, or another thread advancing it), in which case the caller only moves the clock.
    func beginDispatching() -> Bool {
        let began = clock.withLock { $0.turn.claim() }
        if began {
            let wasMarked = DispatchingThread.isCurrent
            DispatchingThread.mark(true)
            clock.withLock { $0.threadWasMarked = wasMarked }
            driver.markDispatcher(true)
        }
        return began
    }

    /// Gives back the right to dispatch.
    func endDispatching() {
        driver.markDispatcher(false)
        let wasMarked = clock.withLock { state in
            state.turn.giveBack()
            return state.threadWasMarked
        }
        DispatchingThread.mark(wasMarked)
    }
}
