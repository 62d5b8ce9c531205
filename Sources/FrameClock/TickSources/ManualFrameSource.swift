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
        var isDispatching = false
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
            return (state.now, state.isDispatching)
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
    /// (``beginDispatching()``): ends early after a dispatch once `shouldStop` says so, the clock
    /// then staying where that dispatch left it.
    func dispatchTicks(to instant: Int64, until shouldStop: () -> Bool) {
        var wanted = driver.nextWantedSequence(grid: grid, now: currentNanoseconds)
        var dispatched = 0
        while dispatched < Self.maximumTicksPerAdvance {
            // The run loop's events before the wanted tick run first, in virtual time.
            let tickDue = wanted.map { grid.timestamp(of: $0) }
            if let due = driver.nextEventDue, due <= instant, tickDue.map({ due < $0 }) ?? true {
                runEvents(due: due)
                wanted = driver.nextWantedSequence(grid: grid, now: currentNanoseconds)
                if shouldStop() { return }
                continue
            }
            // Then the jobs that fit before the next frame (all of them when no frame is wanted
            // before the instant).
            runJobs(wanted: wanted, limit: instant)
            if let due = driver.nextEventDue, due <= instant, tickDue.map({ due < $0 }) ?? true { continue }
            guard let next = wanted, let tickDue, tickDue <= instant else { break }
            wanted = dispatchWantedTick(next)
            dispatched += 1
            if shouldStop() { return }
        }
        clock.withLock { $0.now = max($0.now, instant) }
        if dispatched == Self.maximumTicksPerAdvance, let next = wanted, grid.timestamp(of: next) <= instant {
            _ = dispatchTick(at: currentNanoseconds)
            runEventsPlanned()
        }
    }

    /// Runs the queued jobs that fit before the tick `wanted` (or before `limit`, the end of the
    /// advance, when no tick is wanted before it), in virtual time.
    private func runJobs(wanted: Int64?, limit: Int64) {
        guard driver.hasExecutorInUse else { return }
        let budget = driver.jobBudgetEnd(target: wanted, grid: grid)
        driver.runJobs(
            until: wanted.map { grid.timestamp(of: $0) <= limit } ?? false ? budget : min(budget, limit),
            interval: Int64(grid.period.nanoseconds))
    }

    /// Moves the clock to `due` (if it is behind it) and runs the events due then.
    private func runEvents(due: Int64) {
        clock.withLock { $0.now = max($0.now, due) }
        driver.runDueEvents()
    }

    /// Runs the events the last dispatch queued (frames planned for a render deadline), each at its
    /// instant: they belong to that tick, whatever the caller's limit.
    private func runEventsPlanned() {
        while let due = driver.nextEventDue { runEvents(due: due) }
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
        var dispatched = 0
        var wanted = driver.nextWantedSequence(grid: grid, now: currentNanoseconds)
        while dispatched < count, let next = wanted {
            wanted = dispatchWantedTick(next)
            dispatched += 1
            // A tick's frames planned for a render deadline start before the next tick.
            if driver.nextEventDue != nil {
                runEventsPlanned()
                wanted = driver.nextWantedSequence(grid: grid, now: currentNanoseconds)
            }
            // The jobs that fit before the next frame.
            runJobs(wanted: wanted, limit: .max)
        }
        return dispatched
    }

    /// Simulates the frame thread waking at `instant` (on time or late): the clock moves there and,
    /// if a tick a link wants is due, the latest grid point at or before `instant` is dispatched, as
    /// the timer source does after a late wake-up.
    public func wake(at instant: MonotonicInstant) {
        guard beginDispatching() else { return }
        defer { endDispatching() }
        // Links started since the last look align to the clock as it was, as a frame thread would.
        _ = driver.nextWantedSequence(grid: grid, now: currentNanoseconds)
        clock.withLock { $0.now = max($0.now, instant.nanoseconds) }
        let now = currentNanoseconds
        guard let wanted = driver.nextWantedSequence(grid: grid, now: now), grid.timestamp(of: wanted) <= now
        else { return }
        _ = dispatchTick(at: now)
        runEventsPlanned()
    }

    private var currentNanoseconds: Int64 { clock.withLock { $0.now } }

    /// Moves the clock to the wanted tick `sequence` (if it is behind it) and dispatches there; the
    /// earliest tick the links want next.
    private func dispatchWantedTick(_ sequence: Int64) -> Int64? {
        let due = grid.timestamp(of: sequence)
        let now = clock.withLock { state in
            state.now = max(state.now, due)
            return state.now
        }
        return driver.nextWantedSequence(afterDispatchWanting: dispatchTick(at: now), grid: grid, now: now)
    }

    /// Hands the latest tick at or before `now` to the links; the earliest tick they want next.
    private func dispatchTick(at now: Int64) -> Int64? {
        let sequence = grid.sequence(at: now)
        return driver.dispatch(
            Tick(sequence: sequence, timestamp: grid.timestamp(of: sequence), wokeAt: now, grid: grid))
    }

    /// Takes the right to dispatch: false when a dispatch is under way (a callback advancing the
    /// source, or another thread advancing it), in which case the caller only moves the clock.
    func beginDispatching() -> Bool {
        let began = clock.withLock { state in
            guard !state.isDispatching else { return false }
            state.isDispatching = true
            return true
        }
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
            state.isDispatching = false
            return state.threadWasMarked
        }
        DispatchingThread.mark(wasMarked)
    }
}
