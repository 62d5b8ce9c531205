import Logging
internal import SystemCalls
import SystemPackage

/// A frame source that a loop the front end runs dispatches: frames on the loop's own thread, the
/// main thread of a GTK, SDL, libuv or plain `poll` program, paced by the same rules as on a frame
/// thread.
///
/// The loop watches one descriptor, ``fileDescriptor``, for readability and calls ``dispatch()``
/// when it is readable: the frame that is due goes to the links, then the run loop's due events and
/// the jobs that fit before the next frame, all on the loop's thread. Ticks lie on a phase-locked
/// timer's grid; a loop that comes back late gets the latest grid point with the missed intervals in
/// ``Frame/skippedFrames``, never a burst.
///
/// ```swift
/// let source = try LoopFrameSource(framesPerSecond: 60)     // on the loop's thread
/// let link = try DisplayLink(source: .loop(source))
/// try link.start { frame in draw(at: frame.targetTimestamp) }
/// var entry = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
/// while running {
///     poll(&entry, 1, -1)                                 // beside the loop's other descriptors
///     try source.dispatch()
/// }
/// ```
///
/// The thread that makes the source is the loop's thread: ``dispatch()`` elsewhere throws, so no
/// callback ever runs on another thread. While a frame is due and the loop does not dispatch it (a
/// handler of the loop's own blocks it), stall reports say so (``FrameActivity/loopBusy``) with the
/// loop thread's stack. The link's ``DisplayLink/executor`` runs its jobs in the same dispatches, so
/// an actor on it lives on the loop's thread too.
public final class LoopFrameSource: Sendable {
    struct State: Sendable {
        /// What the last turn said to wait for; nil before the first dispatch.
        var deadline: RunLoopDeadline?
        /// Held while a dispatch is under way (a callback dispatching again only returns).
        var turn = TurnRight()
        var isClosed = false
        /// The numbering and targets of a followed frame clock (nil: the source's own timer ticks).
        var following: FollowedClockGrid?
    }

    let driver: FrameDriver
    /// The timer's grid (a following source's first grid, until presentations move it).
    let timerGrid: TickGrid
    let control: ControlChannel
    let timer: TimerDescriptor
    private let poller: EpollDescriptor
    let loopThread: SampledThread
    let state = Locked(State())

    /// Makes a source on the calling thread, which becomes the loop's thread, with ticks at
    /// `framesPerSecond` from now on `CLOCK_MONOTONIC`.
    ///
    /// - Parameters:
    ///   - framesPerSecond: the tick rate (links may ask for a divisor of it).
    ///   - logger: where the source's links log stall reports; nil logs nothing.
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` for an invalid rate,
    ///   ``DisplayLinkError/system(_:)`` when a descriptor cannot be made (`EMFILE`, `ENFILE`).
    public convenience init(framesPerSecond: Double = 60, logger: Logger? = nil) throws(DisplayLinkError) {
        try self.init(period: FramePeriod(framesPerSecond: framesPerSecond), following: false, logger: logger)
    }

    /// Makes a source on the calling thread, as ``init(framesPerSecond:logger:)`` does; with
    /// `following`, its ticks come from ``frameClockTicked(at:)`` instead of its timer.
    init(period: FramePeriod, following: Bool, logger: Logger?) throws(DisplayLinkError) {
        control = try ControlChannel()
        do {
            timer = try TimerDescriptor.create(blocking: false)
        } catch {
            throw .system(SystemCallError(call: "timerfd_create", errno: error))
        }
        do {
            poller = try EpollDescriptor.create()
        } catch {
            try? timer.close()
            throw .system(SystemCallError(call: "epoll_create1", errno: error))
        }
        do {
            try poller.addReadable(timer.fileDescriptor)
            try poller.addReadable(control.fileDescriptor)
        } catch {
            try? timer.close()
            try? poller.close()
            throw .system(SystemCallError(call: "epoll_ctl", errno: error))
        }
        let start = KernelClock.monotonicNanoseconds()
        timerGrid = TickGrid(anchorSequence: 0, anchorTimestamp: start, period: period)
        if following {
            state.withLock {
                $0.following = FollowedClockGrid(start: start, nominalInterval: Int64(period.nanoseconds))
            }
        }
        loopThread = SampledThread.current
        let rate = DecimalFormat.string(period.framesPerSecond, digits: 3)
        driver = FrameDriver(
            loopPeriod: period, control: control,
            name: following
                ? "a followed frame clock (\(rate) Hz at first)" : "timer \(rate) Hz on a loop's thread",
            logger: logger ?? .silent(label: "FrameClock.LoopFrameSource"))
        // The loop's thread is the one the stall watchdog reads while a frame waits for it.
        driver.markDispatcher(true)
        StackSampler.acceptSamplingOnThisThread()
        // The first dispatch asks the links what they want.
        control.signal()
    }

    deinit {
        StallWatchdog.shared.watch(driver, false)
        try? timer.close()
        try? poller.close()
    }

    /// The descriptor to watch for readability (`POLLIN`, `G_IO_IN`): readable when a frame, a
    /// planned frame start or a job is due, or a link changed; ``dispatch()`` makes it unreadable
    /// until the next. Valid until the source is released (``close()`` leaves it open, never
    /// readable), so take it out of the loop before letting the source go.
    public var fileDescriptor: Int32 { poller.fileDescriptor.rawValue }

    /// The exact interval between ticks (a following source's latest measure of its clock's).
    public var period: FramePeriod { grid.period }

    /// The grid ticks lie on: the timer's, or the followed clock's presentations'.
    var grid: TickGrid { state.withLock { $0.following?.grid } ?? timerGrid }

    /// When ``dispatch()`` is next due (the next frame or planned start), for a loop that waits with
    /// a timeout rather than on ``fileDescriptor``; nil when nothing is awaited. A link started,
    /// resumed or given jobs from another thread makes the descriptor readable and does not move
    /// this: such a loop dispatches after those changes itself.
    public var nextDispatch: MonotonicInstant? {
        state.withLock { $0.deadline?.instant }.map { MonotonicInstant(nanoseconds: $0) }
    }

    /// Runs what is due, on the loop's thread: the frame (the latest grid point reached, with the
    /// missed intervals counted), the frame starts planned for a render deadline, the jobs that fit
    /// before the next frame. Nothing when nothing is due. Inside a callback, and after
    /// ``close()``, it returns at once.
    ///
    /// - Throws: ``DisplayLinkError/notOnLoopThread`` on any thread but the one that made the source.
    public func dispatch() throws(DisplayLinkError) {
        guard case .some(let deadline) = try claimTurn() else { return }
        runTurn(after: deadline) { grid, now in
            // A followed clock's ticks come from its own calls: the descriptor serves the rest.
            guard let deadline else { return .woken }
            let awaited =
                isFollowing ? RunLoopDeadline(tick: nil, event: deadline.event, grid: grid) : deadline
            return awaited.wake(at: now, grid: grid) ?? .woken
        }
    }

    /// Takes the right to run a turn on the loop's thread: the deadline the last turn left (nil
    /// before the first), or nothing (`.none`) inside a callback and after ``close()``.
    ///
    /// - Throws: ``DisplayLinkError/notOnLoopThread`` on another thread.
    func claimTurn() throws(DisplayLinkError) -> RunLoopDeadline?? {
        guard SampledThread.current.threadID == loopThread.threadID else { throw .notOnLoopThread }
        let (deadline, proceed, closed) = state.withLock { state in
            let proceed = !state.isClosed && state.turn.claim()
            return (state.deadline, proceed, state.isClosed)
        }
        // A closed source's descriptor must not stay readable (a link changing after the close
        // signals it), or a level-triggered loop would spin on it.
        if closed { control.drain() }
        return proceed ? .some(deadline) : .none
    }

    /// Whether ticks come from a followed frame clock (``init(following:logger:)``).
    public var isFollowing: Bool { state.withLock { $0.following != nil } }

    /// One turn of the driver's run loop on the loop's thread, for a caller that holds the right to
    /// dispatch: `wake` says how the wait for `deadline` ended, on the grid, at the driver's clock.
    /// Gives the right back and arms the descriptor for what comes next.
    func runTurn(after deadline: RunLoopDeadline?, wake: (TickGrid, Int64) -> TickWait) {
        // The wait for the loop has ended: it came back (late or not, the stall is now over).
        driver.endActivity()
        let wasMarked = DispatchingThread.isCurrent
        DispatchingThread.mark(true)
        defer { DispatchingThread.mark(wasMarked) }
        _ = try? timer.expirations()
        control.drain()
        let grid = grid
        let next = driver.turn(after: wake(grid, driver.now()), wanted: deadline?.tick, grid: grid)
        let (closedMeanwhile, following) = state.withLock { state in
            state.deadline = next
            state.turn.giveBack()
            return (state.isClosed, state.following != nil)
        }
        guard !closedMeanwhile else { return }
        if let instant = following ? next.event : next.instant {
            _ = try? timer.arm(at: instant)
            // Until the loop dispatches again, a frame due then waits on the loop.
            driver.beginActivity(link: ActivityBoard.loopBusy, at: instant)
        } else {
            _ = try? timer.disarm()
        }
    }

    /// Ends the source: its links get no more frames, and new links cannot be made on it. The
    /// descriptor stays open, never readable, until the source is released. Idempotent, from any
    /// thread.
    public func close() {
        let wasClosed = state.withLock { state in
            defer { state.isClosed = true }
            return state.isClosed
        }
        guard !wasClosed else { return }
        driver.close()
        // Unwatched, a wait for the loop left on the activity board is never reported (the board
        // stays the loop thread's to write).
        StallWatchdog.shared.watch(driver, false)
        _ = try? timer.disarm()
        control.drain()
    }

    /// Whether the source was closed.
    var isClosed: Bool { state.withLock { $0.isClosed } }
}
