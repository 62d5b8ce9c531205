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
/// thread: ``ManualFrameSource`` runs the same loop in virtual time on the caller's thread.
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

    private struct Shared {
        var links: [DisplayLink] = []
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
    }

    private let shared: Locked<Shared>
    /// The run loop's queue: touched only by the thread that dispatches.
    private let loop = RunLoopQueue()
    /// What the dispatching thread runs, for the stall watchdog.
    let activity = ActivityBoard()
    /// What the stall watchdog waits on for this frame thread.
    let stallAlarm = StallAlarm()
    /// Whether an executor exists (read every frame without the lock).
    private let hasExecutor = Atomic<Bool>(false)
    /// The dispatching thread (`pthread_self`), or 0.
    private let dispatcher = Atomic<UInt>(0)
    /// The dispatching thread's kernel thread id, or 0: where the stall watchdog reads its registers.
    private let dispatcherThreadID = Atomic<Int32>(0)
    /// Serialises a stall's reports, the watchdog's while it lasts and the frame thread's at its end,
    /// so that each stall is reported once while it lasts and its end never comes first.
    private let stallReporting = Locked(())
    /// A link changed since the frame thread last asked every link what it wants. Outside `shared`
    /// so that the frame thread reads it every tick without taking the lock; set after the change
    /// it announces, cleared before the links are read.
    private let linksChanged = Atomic<Bool>(true)
    let mode: Mode
    private let logger: Logger
    /// Reads the driver's clock (monotonic, or the manual source's virtual time).
    let now: @Sendable () -> Int64
    /// Whether that clock is `CLOCK_MONOTONIC` itself (not a test's virtual clock): only then does
    /// the process's stall watchdog, which lives in real time, watch the frame thread.
    let usesRealClock: Bool

    /// A driver for a source that is waited on by a frame thread. `now` reads the clock the source
    /// ticks in (nil: `CLOCK_MONOTONIC`), and `fallback` makes the timer that replaces a failed source:
    /// a standard ``TimerTickSource`` unless a test puts a virtual clock in both. After a failover
    /// the thread calls `recovery` every `recoveryInterval` until the display can be used again.
    init(
        source: any TickSource, control: ControlChannel, reason: FrameSourceInfo.Reason,
        options: FrameThreadOptions, logger: Logger,
        now: (@Sendable () -> Int64)? = nil,
        fallback: @escaping SourceFailover.FallbackFactory = FrameDriver.standardTimer,
        recovery: SourceFailover.RecoveryFactory? = nil, recoveryInterval: Int64 = 1_000_000_000
    ) {
        let info = FrameSourceInfo(
            kind: source.kind, name: source.description, period: source.grid.period, reason: reason,
            output: source.sourceOutput)
        mode = .threaded(
            ThreadedDriving(
                control: control, options: options, source: TickSourceHandOff(source), fallback: fallback,
                recovery: recovery, recoveryInterval: recoveryInterval))
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

    deinit {
        // A source whose thread never started is closed here (the thread closes its own).
        if case .threaded(let driving) = mode { driving.source.take()?.close() }
    }

    var info: FrameSourceInfo { shared.withLock { $0.info } }
    var threadReport: FrameThreadReport? { shared.withLock { $0.threadReport } }
    /// Whether the frame thread has returned, its source closed.
    var hasThreadEnded: Bool { shared.withLock { $0.lifecycle == .ended } }

    private var control: ControlChannel? {
        if case .threaded(let driving) = mode { return driving.control }
        return nil
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
    func attach(_ link: DisplayLink) -> Bool {
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
    func detach(_ link: DisplayLink) {
        let neverStarted = shared.withLock { state -> Bool in
            state.links.removeAll { $0 === link }
            linksChanged.store(true, ordering: .releasing)
            guard state.links.isEmpty, state.joinsReserved == 0, case .threaded = mode,
                !state.outlivesItsLinks
            else { return false }
            return stop(&state)
        }
        if neverStarted, case .threaded(let driving) = mode { driving.source.take()?.close() }
        control?.signal()
    }

    /// Asks the frame thread to end; true when it never started (its source is then closed by the
    /// caller, outside the lock).
    private func stop(_ state: inout Shared) -> Bool {
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

    // MARK: - The executor

    /// The frame thread's executor, made on first use and shared by every link on this driver.
    var executor: FrameExecutor {
        shared.withLock { state in
            if let executor = state.executor { return executor }
            let executor = FrameExecutor(driver: self)
            state.executor = executor
            hasExecutor.store(true, ordering: .releasing)
            return executor
        }
    }

    /// The executor was released: a threaded driver with no links left ends its thread.
    func executorReleased() {
        let (neverStarted, stopping) = shared.withLock { state -> (Bool, Bool) in
            hasExecutor.store(false, ordering: .releasing)
            guard state.links.isEmpty, state.joinsReserved == 0, case .threaded = mode,
                !state.outlivesItsLinks
            else { return (false, false) }
            return (stop(&state), true)
        }
        if neverStarted, case .threaded(let driving) = mode { driving.source.take()?.close() }
        if stopping { control?.signal() }
    }

    /// Jobs came into an empty queue: the thread that runs them is woken (started if need be; on an
    /// ended source, a thread of its own drains them).
    func jobsArrived() {
        guard case .threaded(let driving) = mode else { return }
        let lifecycle = shared.withLock { $0.lifecycle }
        switch lifecycle {
        case .waiting:
            do {
                try ensureRunning()
            } catch {
                logger.error("frame thread cannot start for queued jobs: \(error)")
                drainJobsOnThreadOfTheirOwn()
            }
        case .running:
            driving.control.signal()
        case .stopping, .ended:
            drainJobsOnThreadOfTheirOwn()
        }
    }

    /// Whether the calling thread is this driver's dispatching thread (its frame thread, or the thread
    /// advancing its manual source, or the thread draining its jobs after it ended).
    var isCurrentDispatcher: Bool {
        dispatcher.load(ordering: .acquiring) == UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    /// Makes the calling thread this driver's dispatcher (or none, with `false`).
    func markDispatcher(_ isDispatcher: Bool) {
        let thread = isDispatcher ? SampledThread.current : SampledThread(pthread: 0, threadID: 0)
        dispatcherThreadID.store(thread.threadID, ordering: .releasing)
        dispatcher.store(thread.pthread, ordering: .releasing)
    }

    /// How much of the next interval jobs may not use: the margin before the next frame starts.
    private func jobMargin(period: FramePeriod) -> Int64 {
        min(1_000_000, Int64(period.nanoseconds / 8))
    }

    /// Runs queued jobs while each one's predicted duration fits before `budgetEnd` (on the driver's
    /// clock); the rest wait for the next frame — except that when the prediction is a whole frame
    /// `interval` or more, which no frame's budget could fit, the first job of the batch runs anyway
    /// (one a frame), so that one long job cannot keep every later one waiting while frames run.
    /// Counts them, and records them in the links' timelines.
    func runJobs(until budgetEnd: Int64, interval: Int64) {
        guard hasExecutor.load(ordering: .acquiring), let executor = shared.withLock({ $0.executor }),
            loop.claimJobs()
        else { return }
        defer { loop.releaseJobs() }
        var ran = 0
        var deferred = false
        let batchStart = now()
        var start = batchStart
        while true {
            let predicted = loop.jobDurations.prediction ?? 0
            let neverFits = ran == 0 && predicted >= interval
            guard start &+ predicted <= budgetEnd || neverFits else {
                deferred = executor.pendingJobs > 0
                break
            }
            guard let job = executor.jobs.withLock({ $0.pop() }) else { break }
            beginActivity(link: 0, at: start)
            executor.run(job)
            endActivity()
            let end = now()
            loop.jobDurations.record(end - start)
            ran += 1
            start = end
        }
        guard ran > 0 || deferred else { return }
        let time = start - batchStart
        let links = shared.withLock { state -> [DisplayLink] in
            state.jobs.record(ran: ran, deferred: deferred, nanoseconds: time)
            return state.links
        }
        if ran > 0 {
            for link in links { link.recordJobs(count: ran, start: batchStart, nanoseconds: time) }
        }
    }

    /// The end of the jobs' budget when the next thing the loop must do is the tick `target` of
    /// `grid` or the queue's next event: that, less a margin; no limit when there is neither.
    func jobBudgetEnd(target: Int64?, grid: TickGrid) -> Int64 {
        let next = min(target.map { grid.timestamp(of: $0) } ?? .max, nextEventDue ?? .max)
        return next == .max ? .max : next - jobMargin(period: grid.period)
    }

    /// Whether an executor exists, read without the lock (jobs can be queued only then).
    var hasExecutorInUse: Bool { hasExecutor.load(ordering: .relaxed) }

    /// Job counters for the links' statistics.
    var jobStatistics: JobStatistics { shared.withLock { $0.jobs } }

    /// Runs the queued jobs on a detached thread of their own, one after another, when the frame
    /// thread has ended (a closed shared source, a source that failed with no fallback).
    private func drainJobsOnThreadOfTheirOwn() {
        guard let executor = shared.withLock({ $0.executor }) else { return }
        guard loop.claimJobs() else { return }
        do {
            try FrameThread.start { [self] in
                markDispatcher(true)
                DispatchingThread.mark(true)
                StackSampler.acceptSamplingOnThisThread()
                while true {
                    while let job = executor.jobs.withLock({ $0.pop() }) {
                        beginActivity(link: 0, at: now())
                        executor.run(job)
                        endActivity()
                    }
                    // Give the right up, then look once more: a job queued in between is not stranded.
                    loop.releaseJobs()
                    guard executor.pendingJobs > 0, loop.claimJobs() else { break }
                }
                markDispatcher(false)
            }
        } catch {
            loop.releaseJobs()
            logger.error("no thread can run the frame executor's jobs: \(error)")
        }
    }

    // MARK: - Stalls

    /// Whether anyone wants stall reports: a link's ``DisplayLink/stalls`` consumer, or a logger that
    /// writes warnings. A threaded driver is then watched by the process's ``StallWatchdog``.
    func stallWatchersChanged() {
        guard case .threaded = mode, usesRealClock else { return }
        let (links, running) = shared.withLock { ($0.links, $0.lifecycle == .running) }
        stallAlarm.threshold.store(stallThreshold(links: links), ordering: .relaxed)
        let wanted = logger.logLevel <= .warning || links.contains { $0.hasStallWatchers }
        StallWatchdog.shared.watch(self, wanted && running)
    }

    /// Marks the start of an activity on the frame thread and keeps the stall alarm ahead of it.
    private func beginActivity(link identity: UInt, at start: Int64) {
        activity.begin(link: identity, at: start)
        if stallAlarm.isWatched.load(ordering: .relaxed) { stallAlarm.cover(activityAt: start) }
    }

    /// The stall alarm went off (the watchdog's thread, at `now`): reports a running activity that
    /// has passed the threshold, or sets the alarm for when it will; nothing while the thread is
    /// back in its run loop (its next activity sets the alarm).
    func stallAlarmWentOff(now: Int64) {
        let links = shared.withLock { $0.links }
        let threshold = stallThreshold(links: links)
        stallAlarm.threshold.store(threshold, ordering: .relaxed)
        let since = activity.since.load(ordering: .sequentiallyConsistent)
        guard since != 0, activity.reported.load(ordering: .relaxed) != since else { return }
        if now - since >= threshold {
            reportStall(since: since, now: now, links: links)
        } else {
            stallAlarm.set(at: since + threshold)
        }
    }

    /// Reports the running activity that started at `since` as a stall, with the frame thread's
    /// stack, unless the thread came back while the stack was taken.
    private func reportStall(since: Int64, now: Int64, links: [DisplayLink]) {
        let thread = SampledThread(
            pthread: dispatcher.load(ordering: .acquiring),
            threadID: dispatcherThreadID.load(ordering: .acquiring))
        let stack =
            thread.pthread == 0 || thread.threadID == 0
            ? SampledStack.missing("no thread was dispatching") : StackSampler.sample(thread)
        // Named once claimed, under the lock: the report of the stall's end waits for this one.
        stallReporting.withLock { _ in
            guard activity.since.load(ordering: .acquiring) == since,
                activity.reported.load(ordering: .acquiring) != since
            else { return }
            activity.reported.store(since, ordering: .releasing)
            report(
                stallOf: since, links: links, phase: .ongoing, duration: now - since,
                stack: StackSampler.name(stack))
        }
    }

    /// The shortest stall threshold of the links.
    private func stallThreshold(links: [DisplayLink]) -> Int64 {
        let period = shared.withLock { $0.info.period }
        return links.map { $0.stallThresholdNanoseconds(period: period) }.min()
            ?? max(4 * Int64(period.nanoseconds), 250_000_000)
    }

    /// The watchdog's look at the frame thread at `now`, when the thread has no stall alarm (no timer
    /// could be made): reports a stall that has passed the threshold (once per activity), with the
    /// thread's stack. When to look again.
    func lookForStall(now: Int64) -> Int64 {
        let links = shared.withLock { $0.links }
        let threshold = stallThreshold(links: links)
        let since = activity.since.load(ordering: .acquiring)
        if since != 0, now - since >= threshold, activity.reported.load(ordering: .relaxed) != since {
            reportStall(since: since, now: now, links: links)
        }
        // The next look: when the running activity passes the threshold, if it has not yet; else
        // one threshold on, which is as early as an activity that starts after this look can pass
        // it (that look then waits for the exact moment). About one wake-up a threshold while the
        // thread keeps coming back, not a poll.
        if since != 0, activity.reported.load(ordering: .relaxed) != since, since + threshold > now {
            return since + threshold
        }
        return now + max(threshold, 1_000_000)
    }

    /// In virtual time (a manual source's clock moved inside a callback or job): reports a stall
    /// that has passed the threshold, as of the moment it did, with the calling thread's stack.
    func virtualTimeMoved(to now: Int64) {
        let since = activity.since.load(ordering: .acquiring)
        guard since != 0, activity.reported.load(ordering: .relaxed) != since else { return }
        let links = shared.withLock { $0.links }
        let threshold = stallThreshold(links: links)
        guard now - since >= threshold else { return }
        let stack = StackSample(frames: StackSampler.stackOfThisThread(), missingReason: nil)
        stallReporting.withLock { _ in
            activity.reported.store(since, ordering: .releasing)
            report(stallOf: since, links: links, phase: .ongoing, duration: threshold, stack: stack)
        }
    }

    /// Ends the running activity. A stall reported while it lasted is reported as ended; one that
    /// passed the threshold before its report could go out is reported now, then as ended.
    private func endActivity() {
        guard let started = activity.end() else { return }
        let wasReported = activity.reported.load(ordering: .acquiring) == started
        guard stallAlarm.isWatched.load(ordering: .relaxed) || wasReported else { return }
        let end = now()
        guard wasReported || end - started >= stallAlarm.threshold.load(ordering: .relaxed) else { return }
        stallReporting.withLock { _ in
            let links = shared.withLock { $0.links }
            if activity.reported.load(ordering: .acquiring) != started {
                guard end - started >= stallAlarm.threshold.load(ordering: .relaxed) else { return }
                activity.reported.store(started, ordering: .releasing)
                report(
                    stallOf: started, links: links, phase: .ongoing, duration: end - started,
                    stack: .missing("it ended before its stack could be taken"))
            }
            report(
                stallOf: started, links: links, phase: .ended, duration: end - started,
                stack: StackSample(frames: [], missingReason: nil))
        }
    }

    /// Sends a stall report to every link on the driver and logs it.
    private func report(
        stallOf since: Int64, links: [DisplayLink], phase: FrameStall.Phase, duration: Int64,
        stack: StackSample
    ) {
        let identity = activity.link.load(ordering: .relaxed)
        let period = shared.withLock { $0.info.period }
        let what: FrameActivity =
            identity == 0
            ? .job : .callback(link: links.first { $0.identity == identity }?.label ?? "a display link")
        let stall = FrameStall(
            phase: phase, activity: what, started: MonotonicInstant(nanoseconds: since),
            duration: Duration(nanoseconds: duration),
            intervalsMissed: max(0, Int(Double(duration) / period.nanoseconds) - 1), stack: stack.frames,
            missingStackReason: phase == .ongoing ? stack.missingReason : nil)
        logger.warning("\(stall)")
        for link in links { link.report(stall) }
    }

    /// Keeps the frame thread when the last link leaves, for links that join later.
    func makeShared() {
        shared.withLock { $0.outlivesItsLinks = true }
    }

    /// Ends the frame thread of a shared source (its links stop receiving frames).
    func close() {
        let neverStarted = shared.withLock { stop(&$0) }
        if neverStarted, case .threaded(let driving) = mode { driving.source.take()?.close() }
        control?.signal()
    }

    /// Tells the frame thread that a link's wishes changed.
    func linkChanged() {
        linksChanged.store(true, ordering: .releasing)
        control?.signal()
    }

    /// Starts the frame thread if it has not started yet (nothing for a manual driver).
    func ensureRunning() throws(DisplayLinkError) {
        guard case .threaded(let driving) = mode else { return }
        let start = shared.withLock { state -> Bool in
            guard state.lifecycle == .waiting else { return false }
            state.lifecycle = .running
            return true
        }
        guard start else { return }
        do {
            try FrameThread.start { [self] in self.runThread(driving) }
        } catch {
            shared.withLock { $0.lifecycle = .waiting }
            throw error
        }
    }

    // MARK: - One pass over the links

    /// The earliest tick any active link wants, asking every link (a link that has just started or
    /// resumed aligns to the grid point after `now`); nil when none wants one.
    func nextWantedSequence(grid: TickGrid, now: Int64) -> Int64? {
        linksChanged.store(false, ordering: .sequentiallyConsistent)
        let links = shared.withLock { $0.links }
        let current = grid.sequence(at: now)
        var earliest: Int64? = nil
        for link in links {
            if let wanted = link.nextWantedSequence(currentSequence: current) {
                earliest = min(earliest ?? wanted, wanted)
            }
        }
        return earliest
    }

    /// The earliest tick wanted after a dispatch that returned `earliest`: that, unless a link changed
    /// since, in which case every link is asked again.
    func nextWantedSequence(afterDispatchWanting earliest: Int64?, grid: TickGrid, now: Int64) -> Int64? {
        let changed = linksChanged.load(ordering: .acquiring)
        return changed ? nextWantedSequence(grid: grid, now: now) : earliest
    }

    /// Hands a tick to every link, in the order they were attached: each link plans its frame and
    /// delivers it at once, or queues its start for a render deadline. Returns the earliest tick the
    /// links want next, nil when none wants one. `source` (nil for a manual driver) hears when every
    /// frame of the tick has been delivered.
    @discardableResult
    func dispatch(_ tick: Tick, source: (any TickSource)? = nil) -> Int64? {
        let links = shared.withLock { $0.links }
        var earliest: Int64? = nil
        var queued = false
        for link in links {
            var wanted: Int64?
            switch link.plan(tick, now: now()) {
            case .none(let next):
                wanted = next
            case .deliverNow(let delivery):
                beginActivity(link: link.identity, at: delivery.started)
                wanted = link.deliver(delivery, clock: now)
                endActivity()
            case .deliverAt(let start):
                loop.queue.insert(.linkStart(link), due: start)
                loop.startsPending += 1
                queued = true
            }
            if let wanted { earliest = min(earliest ?? wanted, wanted) }
        }
        if !queued { source?.dispatchEnded() }
        return earliest
    }

    /// When the run loop's earliest queued event is due; nil when none is queued.
    var nextEventDue: Int64? { loop.queue.nextDue }

    /// Runs every queued event due at the driver's clock; whether any ran. The links are then asked
    /// again what they want (a delivered frame changes it). `source` hears when the last frame
    /// planned from its tick has been delivered.
    @discardableResult
    func runDueEvents(source: (any TickSource)? = nil) -> Bool {
        var ran = false
        while let event = loop.queue.popDue(at: now()) {
            ran = true
            switch event {
            case .linkStart(let link):
                beginActivity(link: link.identity, at: now())
                _ = link.deliverPlannedFrame(clock: now)
                endActivity()
                loop.startsPending -= 1
                if loop.startsPending == 0 { source?.dispatchEnded() }
            }
        }
        if ran { linksChanged.store(true, ordering: .releasing) }
        return ran
    }

    /// Runs every link's planning path for `tick` without delivering anything (see
    /// ``DisplayLink/rehearse(_:now:)``).
    private func rehearse(_ tick: Tick) {
        // The tick's activity is covered now, so that the alarm is never set on the way to it.
        stallAlarm.cover(activityAt: tick.timestamp)
        let links = shared.withLock { $0.links }
        let now = now()
        for link in links {
            link.rehearse(tick, now: now)
        }
    }

    // MARK: - The frame thread

    private var isStopping: Bool {
        shared.withLock { $0.lifecycle == .stopping || $0.lifecycle == .ended }
    }

    private func runThread(_ driving: ThreadedDriving) {
        let latency = LatencyOnDemand(options: driving.options)
        defer { latency.close() }
        let report = FrameThread.configureCurrentThread(
            name: "FrameClock", options: driving.options, latency: latency)
        DispatchingThread.mark(true)
        StackSampler.acceptSamplingOnThisThread()
        markDispatcher(true)
        defer { markDispatcher(false) }
        shared.withLock { $0.threadReport = report }
        logger.debug("frame thread started: \(report)")
        stallWatchersChanged()
        defer { StallWatchdog.shared.watch(self, false) }
        var failover = SourceFailover(
            fallback: driving.fallback, recovery: driving.recovery,
            recoveryInterval: driving.recoveryInterval,
            logger: logger)
        // The source in use; nil once it failed with no fallback (failover has closed it: closing it
        // again would close a descriptor number that another thread may have reused).
        var current = driving.source.take()
        // The earliest tick the links wanted after the last dispatch.
        var wantedAfterDispatch: Int64? = nil
        while let source = current, !isStopping {
            if let change = failover.recoverIfDue(replacing: source, control: driving.control, now: now()) {
                current = adopt(change)
                continue
            }
            // The run loop's events that are due run first; then one wait for the earliest of the
            // next tick the links want and the next event.
            runDueEvents(source: source)
            var target = nextWantedSequence(
                afterDispatchWanting: wantedAfterDispatch, grid: source.grid, now: now())
            // Then the jobs that fit before the next frame; the links may have changed meanwhile.
            if hasExecutor.load(ordering: .relaxed) {
                runJobs(
                    until: jobBudgetEnd(target: target, grid: source.grid),
                    interval: Int64(source.grid.period.nanoseconds))
                target = nextWantedSequence(afterDispatchWanting: target, grid: source.grid, now: now())
            }
            // Latency on demand: a request of 0 from the rehearsal wake-up until the wait ends, so
            // that the thread wakes for the tick without an idle state's exit; withdrawn before the
            // tick is dispatched (a callback's length of polling on every idle core would cost more
            // than the write).
            let holdsLatency = latency.isAvailable && source.holdsLatencyBeforeTicks
            do {
                let wait = try source.waitForTick(
                    atOrAfter: target, until: nextEventDue, rehearsing: true
                ) { tick in
                    rehearse(tick)
                    // Held once the rehearsal is done: every idle core polls from the request on.
                    if holdsLatency { latencyFailed(latency.hold()) }
                }
                latencyFailed(latency.release())
                switch wait {
                case .tick(let tick):
                    wantedAfterDispatch = dispatch(tick, source: source)
                case .due:
                    break
                case .woken:
                    // A link that changed has said so (``linksChanged``); jobs need no re-asking.
                    wantedAfterDispatch = target
                }
            } catch {
                latencyFailed(latency.release())
                // The last link has left and the thread is ending: a source that fails now (a window
                // closed right after its link was invalidated) is closed, neither failed over nor
                // reported.
                if isStopping { break }
                let change = failover.failOver(
                    from: source, failure: error, control: driving.control, now: now())
                current = adopt(change, failedSource: source, failure: error.reason)
                if current == nil { shared.withLock { _ = stop(&$0) } }
            }
        }
        current?.close()
        loop.clear()
        shared.withLock { $0.lifecycle = .ended }
        // Jobs queued while the thread ended are not stranded.
        if let executor = shared.withLock({ $0.executor }), executor.pendingJobs > 0 {
            drainJobsOnThreadOfTheirOwn()
        }
    }

    /// Reports that the CPU-latency request was given up (a write to the device failed: `reason`), in
    /// the thread report and the log; nothing when `reason` is nil.
    private func latencyFailed(_ reason: String?) {
        guard let reason else { return }
        let report = shared.withLock { state -> FrameThreadReport? in
            state.threadReport = state.threadReport?.withdrawingLatencyOnDemand(reason)
            return state.threadReport
        }
        logger.warning("latency on demand given up: \(reason)\(report.map { "; frame thread: \($0)" } ?? "")")
    }

    /// Takes what a source learned besides a tick: presentations go to the links that made frames
    /// of those ticks, a change of what the source ticks on to ``info``.
    private func apply(_ report: TickSourceReport) {
        switch report {
        case .presented(let tick, let time):
            for link in shared.withLock({ $0.links }) { link.sourcePresented(tick: tick, at: time) }
        case .discarded(let tick):
            for link in shared.withLock({ $0.links }) { link.sourceDiscarded(tick: tick) }
        case .changed(let info):
            let (previous, links) = shared.withLock { state in
                defer { state.info = info }
                return (state.info, state.links)
            }
            linksChanged.store(true, ordering: .releasing)
            // A new reason is news; a newly measured interval alone is detail.
            if info.reason != previous.reason || info.kind != previous.kind {
                logger.notice("frame source: \(info)")
            } else {
                logger.debug("frame source: \(info)")
            }
            // Another nominal rate (a window on another output): each link's divisor is chosen again.
            if info.nominalFramesPerSecond != previous.nominalFramesPerSecond {
                for link in links {
                    link.sourceRateChanged(nominalFramesPerSecond: info.nominalFramesPerSecond)
                }
            }
            for link in links { link.sourceDidChange(to: info) }
        }
    }

    /// Publishes a change of source. After a return to the display, whose numbering and rate are
    /// its own, the links start pacing over on its grid. When the source that failed was what
    /// presented the frames (a compositor), the frames still waiting to be shown never will be.
    private func adopt(
        _ change: SourceFailover.Change, failedSource: (any TickSource)? = nil, failure: String? = nil
    ) -> (any TickSource)? {
        let links = shared.withLock { state in
            state.info = change.info
            return state.links
        }
        linksChanged.store(true, ordering: .releasing)
        // Frames planned on the old source still start; its own bookkeeping of a dispatch is over.
        loop.startsPending = 0
        if let failedSource, failedSource.presentsFrames {
            let reason = "\(failedSource.description) failed: \(failure ?? "unknown")"
            for link in links { link.presenterGone(reason: reason) }
        }
        for link in links { link.sourceDidChange(to: change.info) }
        change.source?.report { [weak self] report in self?.apply(report) }
        if let display = change.source, display.kind == .drm {
            for link in links { link.sourceChanged(framesPerSecond: display.grid.period.framesPerSecond) }
        }
        return change.source
    }
}

/// A tick source handed once from the thread that opened it to the frame thread that waits on it.
///
/// Sources are confined to one thread at a time and not `Sendable`; this box moves one across,
/// under a lock, exactly once.
final class TickSourceHandOff: @unchecked Sendable {
    private let source: Locked<(any TickSource)?>

    init(_ source: any TickSource) {
        self.source = Locked(source)
    }

    /// The source, the first time; nil afterwards.
    func take() -> (any TickSource)? {
        source.withLock { value in
            defer { value = nil }
            return value
        }
    }
}

/// The run loop's state that only the dispatching thread touches: the queue of timed events, and
/// how many frames planned from the last tick are still to start.
///
/// The unchecked conformance is sound because a threaded driver touches it from its frame thread
/// alone, and a manual driver only from the thread holding the source's right to dispatch.
final class RunLoopQueue: @unchecked Sendable {
    var queue = FrameEventQueue()
    var startsPending = 0
    /// How long jobs take: the longest of the recent ones, relaxing slowly (as a render deadline's
    /// prediction), so that a job starts only when one as long as those fits before the next frame.
    var jobDurations = RenderTimePredictor()
    /// Whether a thread is running jobs: the right to, claimed and released atomically, so that the
    /// executor stays serial when a frame thread that is ending and a thread draining its jobs meet.
    private let runningJobs = Atomic<Bool>(false)

    /// Claims the right to run jobs; false when another thread holds it.
    func claimJobs() -> Bool {
        runningJobs.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
            .exchanged
    }

    /// Gives the right back.
    func releaseJobs() {
        runningJobs.store(false, ordering: .releasing)
    }

    /// Forgets every queued event (the thread is ending).
    func clear() {
        queue.removeAll()
        startsPending = 0
    }
}
