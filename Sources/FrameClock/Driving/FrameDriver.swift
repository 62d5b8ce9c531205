import Logging
import Synchronization
internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The links that share one source, and the run loop that feeds them frames.
///
/// A threaded driver (timer, DRM, Wayland) runs a small run loop of timed events on its own frame
/// thread: the source's next tick and, in one queue (``FrameEventQueue``), the starts of frames
/// planned for a render deadline — waited for with one absolute wait on the source (its timerfd or
/// descriptor, plus the control eventfd), never a sleep inside a dispatch. A manual driver has no
/// thread: ``ManualFrameSource`` runs the same turns (``turn(after:wanted:grid:source:jobLimit:)``)
/// in virtual time on the caller's thread.
///
/// Each tick is handed to the links in one pass: every link plans its frame and either delivers it
/// at once or queues its start, and reports the next tick it wants, so the frame thread waits for
/// the earliest of those without asking the links again unless one of them changed (started,
/// paused, invalidated, a new rate) or a queued start ran.
final class FrameDriver: Sendable {
    /// How the driver is driven.
    enum Mode: Sendable {
        /// A frame thread waits on a source: its control channel, settings and failover.
        case threaded(ThreadedDriving)
        /// No thread: ``ManualFrameSource`` advances virtual time and dispatches.
        case manual
        /// No thread: a loop the front end runs dispatches in real time (``LoopFrameSource``); the
        /// control channel wakes that loop when a link changes or jobs arrive.
        case loop(ControlChannel)
    }

    /// What a threaded driver needs besides its links.
    struct ThreadedDriving: Sendable {
        /// Wakes the frame thread.
        let control: ControlChannel
        /// The thread's scheduling settings.
        let options: FrameThreadOptions
        /// The source, handed to the frame thread when it starts.
        let source: TickSourceHandOff
        let fallback: SourceFailover.FallbackFactory
        let recovery: SourceFailover.RecoveryFactory?
        let recoveryInterval: Int64
        /// How long the frame thread waits for a try of the display it just started (real time,
        /// nanoseconds): see ``SourceFailover/recoveryPatience``.
        let recoveryPatience: Int64
    }

    /// Where the frame thread is in its life.
    enum Lifecycle: Hashable, Sendable {
        /// No frame thread yet (a manual driver stays here).
        case waiting
        /// The frame thread runs.
        case running
        /// The frame thread was asked to end (or the driver was closed before one started).
        case stopping
        /// The frame thread has returned, its source closed.
        case ended
    }

    struct Shared {
        var links: [any DrivenLink] = []
        var info: FrameSourceInfo
        var threadReport: FrameThreadReport?
        var lifecycle = Lifecycle.waiting
        /// The thread goes on, idle, when the last link leaves (a shared source) rather than ending.
        var outlivesItsLinks = false
        /// Links about to join (``reserveJoin()``): the thread does not end while one is on its way.
        var joinsReserved = 0
        /// The frame thread's executor, while someone holds it (the thread then outlives its links).
        weak var executor: FrameExecutor?
        /// Jobs run on the frame thread so far, and the time they took.
        var jobs = JobStatistics()
        /// What the source does while its window is hidden: one policy for every link on it.
        var hiddenWindowPolicy = HiddenWindowPolicy.keepRate
    }

    let shared: Locked<Shared>
    /// The run loop's queue: touched only by the thread that dispatches.
    let loop = RunLoopQueue()
    /// What the dispatching thread runs, for the stall watchdog.
    let activity = ActivityBoard()
    /// What the stall watchdog waits on for this frame thread.
    let stallAlarm = StallAlarm()
    /// Whether an executor exists (read every frame without the lock).
    let hasExecutor = Atomic<Bool>(false)
    /// The dispatching thread (`pthread_self`), or 0.
    let dispatcher = Atomic<UInt>(0)
    /// The dispatching thread's kernel thread id, or 0: where the stall watchdog reads its registers.
    let dispatcherThreadID = Atomic<Int32>(0)
    /// Serialises a stall's reports, the watchdog's while it lasts and the frame thread's at its end,
    /// so that each stall is reported once while it lasts and its end never comes first.
    let stallReporting = Locked(())
    /// A link changed since the frame thread last asked every link what it wants. Outside `shared`
    /// so that the frame thread reads it every tick without taking the lock; set after the change
    /// it announces, cleared before the links are read.
    let linksChanged = Atomic<Bool>(true)
    let mode: Mode
    let logger: Logger
    /// Reads the driver's clock (monotonic, or the manual source's virtual time).
    let now: @Sendable () -> Int64
    /// Whether that clock is `CLOCK_MONOTONIC` itself (not a test's virtual clock): only then does
    /// the process's stall watchdog, which lives in real time, watch the frame thread.
    let usesRealClock: Bool

    /// A driver for a source that is waited on by a frame thread. `now` reads the clock the source
    /// ticks in (nil: `CLOCK_MONOTONIC`), and `fallback` makes the timer that replaces a failed source:
    /// a standard ``TimerTickSource`` unless a test puts a virtual clock in both. After a failover
    /// `recovery` is tried every `recoveryInterval`, on a helper thread, until the display can be
    /// used again; the frame thread waits `recoveryPatience` (real time) for each try's answer, 0
    /// unless a test in virtual time needs its runs exact.
    init(
        source: any TickSource, control: ControlChannel, reason: FrameSourceInfo.Reason,
        options: FrameThreadOptions, logger: Logger,
        now: (@Sendable () -> Int64)? = nil,
        fallback: @escaping SourceFailover.FallbackFactory = FrameDriver.standardTimer,
        recovery: SourceFailover.RecoveryFactory? = nil, recoveryInterval: Int64 = 1_000_000_000,
        recoveryPatience: Duration = .zero
    ) {
        let info = FrameSourceInfo(
            kind: source.kind, name: source.description, period: source.grid.period, reason: reason,
            output: source.sourceOutput)
        mode = .threaded(
            ThreadedDriving(
                control: control, options: options, source: TickSourceHandOff(source), fallback: fallback,
                recovery: recovery, recoveryInterval: recoveryInterval,
                recoveryPatience: recoveryPatience.wholeNanoseconds))
        self.logger = logger
        self.now = now ?? { KernelClock.monotonicNanoseconds() }
        usesRealClock = now == nil
        shared = Locked(Shared(info: info))
        source.report { [weak self] report in self?.apply(report) }
    }

    /// A driver without a thread, driven by hand in virtual time.
    init(manualPeriod: FramePeriod, now: @escaping @Sendable () -> Int64, logger: Logger) {
        mode = .manual
        self.logger = logger
        self.now = now
        usesRealClock = false
        shared = Locked(
            Shared(
                info: FrameSourceInfo(
                    kind: .manual, name: "manual \(manualPeriod)", period: manualPeriod, reason: .requested)))
    }

    /// A driver with no thread for a loop the front end runs, on the real clock: the loop calls the
    /// turns (``LoopFrameSource``). It counts as running from the start, so that the stall watchdog
    /// watches the loop's thread.
    init(loopPeriod: FramePeriod, control: ControlChannel, name: String, logger: Logger) {
        mode = .loop(control)
        self.logger = logger
        now = { KernelClock.monotonicNanoseconds() }
        usesRealClock = true
        var state = Shared(
            info: FrameSourceInfo(kind: .loop, name: name, period: loopPeriod, reason: .requested))
        state.lifecycle = .running
        shared = Locked(state)
    }

    deinit {
        // A source whose thread never started is closed here (the thread closes its own).
        if case .threaded(let driving) = mode { driving.source.take()?.close() }
    }

    var info: FrameSourceInfo { shared.withLock { $0.info } }
    var threadReport: FrameThreadReport? { shared.withLock { $0.threadReport } }
    /// Whether the frame thread has returned, its source closed.
    var hasThreadEnded: Bool { shared.withLock { $0.lifecycle == .ended } }

    var control: ControlChannel? {
        switch mode {
        case .threaded(let driving): driving.control
        case .loop(let control): control
        case .manual: nil
        }
    }

    /// The fallback in production: a standard-precision timer on the real clock.
    static func standardTimer(grid: TickGrid, control: ControlChannel) throws(DisplayLinkError)
        -> any TickSource
    {
        try TimerTickSource(grid: grid, precision: .standard, control: control)
    }

    /// Adds a link; false when the driver's thread is ending or has ended (the link then needs a
    /// driver of its own).
    @discardableResult
    func attach(_ link: any DrivenLink) -> Bool {
        let attached = shared.withLock { state -> Bool in
            if state.joinsReserved > 0 { state.joinsReserved -= 1 }
            guard state.lifecycle == .waiting || state.lifecycle == .running else { return false }
            state.links.append(link)
            return true
        }
        if attached {
            linksChanged.store(true, ordering: .releasing)
            stallAlarm.threshold.store(
                stallThreshold(links: shared.withLock { $0.links }), ordering: .relaxed)
        }
        return attached
    }

    /// Reserves a place for a link about to ``attach(_:)``: the thread does not end before it has
    /// joined. False when the thread is ending already.
    func reserveJoin() -> Bool {
        shared.withLock { state in
            guard state.lifecycle == .waiting || state.lifecycle == .running else { return false }
            state.joinsReserved += 1
            return true
        }
    }

    /// Removes a link; a threaded driver whose last link left stops its thread.
    func detach(_ link: any DrivenLink) {
        let ending = endThread { state in
            state.links.removeAll { $0 === link }
            linksChanged.store(true, ordering: .releasing)
            return isUnneeded(state)
        }
        // The thread asks its links again.
        if !ending { control?.signal() }
    }

    /// Keeps the frame thread when the last link leaves, for links that join later.
    func makeShared() {
        shared.withLock { $0.outlivesItsLinks = true }
    }

    /// Ends the frame thread of a shared source (its links stop receiving frames).
    func close() {
        endThread { _ in true }
    }

    /// What the source does while its window is hidden (``DisplayLink/hiddenWindowPolicy``).
    var hiddenWindowPolicy: HiddenWindowPolicy {
        get { shared.withLock { $0.hiddenWindowPolicy } }
        set {
            let changed = shared.withLock { state in
                defer { state.hiddenWindowPolicy = newValue }
                return state.hiddenWindowPolicy != newValue
            }
            // The frame thread hands it to the source before its next wait.
            if changed { linkChanged() }
        }
    }

    /// Tells the frame thread that a link's wishes changed.
    func linkChanged() {
        linksChanged.store(true, ordering: .releasing)
        control?.signal()
    }

    /// Whether a threaded driver's thread has no one left to serve: no link, none about to join, and
    /// the source not kept for links that join later.
    func isUnneeded(_ state: Shared) -> Bool {
        guard case .threaded = mode else { return false }
        return state.links.isEmpty && state.joinsReserved == 0 && !state.outlivesItsLinks
    }

    /// Ends the frame thread when `shouldEnd`, called under the lock, says so: the thread is asked to
    /// stop and woken, or, when it never started, its source is closed here. Whether it was asked.
    @discardableResult
    func endThread(if shouldEnd: (inout Shared) -> Bool) -> Bool {
        let (ending, neverStarted) = shared.withLock { state -> (Bool, Bool) in
            guard shouldEnd(&state) else { return (false, false) }
            return (true, stop(&state))
        }
        if neverStarted, case .threaded(let driving) = mode { driving.source.take()?.close() }
        if ending { control?.signal() }
        return ending
    }

    /// Asks the frame thread to end; true when it never started (its source is then closed by the
    /// caller, outside the lock).
    func stop(_ state: inout Shared) -> Bool {
        switch state.lifecycle {
        case .waiting:
            state.lifecycle = .ended
            return true
        case .running:
            state.lifecycle = .stopping
            return false
        case .stopping, .ended:
            return false
        }
    }

    /// Whether the calling thread is this driver's dispatching thread (its frame thread, or the thread
    /// advancing its manual source, or the thread draining its jobs after it ended).
    var isCurrentDispatcher: Bool {
        dispatcher.load(ordering: .acquiring) == UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    /// Whether this driver is a ``LoopFrameSource``'s, made on the main thread: it dispatches there
    /// and nowhere else.
    var dispatchesOnMainThreadLoop: Bool {
        guard case .loop = mode else { return false }
        return dispatcherThreadID.load(ordering: .acquiring) == getpid()
    }

    /// Makes the calling thread this driver's dispatcher (or none, with `false`).
    func markDispatcher(_ isDispatcher: Bool) {
        let thread = isDispatcher ? SampledThread.current : SampledThread(pthread: 0, threadID: 0)
        dispatcherThreadID.store(thread.threadID, ordering: .releasing)
        dispatcher.store(thread.pthread, ordering: .releasing)
    }
}
