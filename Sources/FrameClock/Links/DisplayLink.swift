import Logging
import Synchronization

#if WaylandBackend
    public import Wayland
#endif

#if X11Backend
    public import X11
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A timer synchronised to the display's refresh: the Linux counterpart of `CADisplayLink`.
///
/// ```swift
/// let link = try DisplayLink(source: .automatic)
/// link.preferredFramesPerSecond = 30
/// try link.start { frame in
///     layer.timeOffset = frame.targetTimestamp.seconds
/// }
/// for await frame in link.frames { ... }   // a slow consumer gets the newest frame
/// link.isPaused = true                     // no wake-ups at all while paused
/// link.invalidate()                        // idempotent; safe inside the callback
/// ```
///
/// Callbacks run on the link's frame thread (for a manual source, on the thread that advances it;
/// for a ``LoopFrameSource``, on the thread of the loop that dispatches it).
/// Frames lie on the source's grid: a late wake-up becomes the latest grid point with the missed
/// intervals counted in ``Frame/skippedFrames``, never a burst of catch-up callbacks, and a callback
/// that runs longer than the interval resumes on the first grid point after it returns.
///
/// A link runs until it is invalidated; it keeps itself alive while running.
public final class DisplayLink: Sendable {
    /// Where a link's ticks come from.
    public enum Source: Sendable {
        /// The DRM vblank source if a device with a lit CRTC can be used, else a standard timer at
        /// `fallbackFramesPerSecond`; the reason for the choice is in ``DisplayLink/sourceInfo`` and
        /// in the log.
        case automatic(fallbackFramesPerSecond: Double)
        /// A phase-locked timer on `CLOCK_MONOTONIC` at the given rate.
        case timer(framesPerSecond: Double = 60, precision: TimerPrecision = .standard)
        /// The vertical blank of a DRM CRTC: the first card with a lit CRTC when `device` is nil, the
        /// first lit CRTC of the device when `crtc` is nil. If the CRTC is turned off or the device
        /// goes away, the link goes on with a timer on the last vblank's phase and interval, and
        /// tries the same device node and CRTC once a second: when they can be used again, it
        /// returns to their vblanks (at the mode's rate then). ``DisplayLink/sourceInfo`` says which.
        case drm(device: String? = nil, crtc: UInt32? = nil)
        /// Virtual time, advanced by hand; several links may share one manual source.
        case manual(ManualFrameSource)
        /// A source shared with other links: one frame thread for all of them.
        case shared(SharedFrameSource)
        /// Frames on a loop the front end runs, dispatched on its thread (a GTK or SDL main loop, a
        /// `poll` loop): see ``LoopFrameSource``. Several links may share one.
        case loop(LoopFrameSource)
        /// The frame callbacks of the library's Wayland window. The front end draws in the frame's
        /// callback (`window.draw { }`) and commits (`window.commit()`); before the callback runs,
        /// the link has asked for that commit's frame callback and presentation feedback. Frames lie
        /// on the grid of the compositor's presentation times (its interval measured, the advertised
        /// refresh only a start); `targetTimestamp` is the presentation the commit is predicted for,
        /// and the feedback reaches ``DisplayLink/timeline`` and ``DisplayLink/statistics``. When the
        /// callbacks stop (the window hidden, minimised or unmapped), the link goes on with a timer on
        /// the last presentations' phase and interval, and returns to the callbacks when they resume;
        /// ``DisplayLink/sourceInfo`` says which and why. If the window is closed or the compositor
        /// goes away, the link goes on with a timer. (Only with the `WaylandBackend` package trait.)
        #if WaylandBackend
            case wayland(WaylandWindow)
        #endif
        /// A toolkit's surface: see ``wayland(display:surface:)``.
        case waylandToolkit(WaylandToolkitSurface)
        /// The refresh of the library's X11 window, as the Present extension reports it. The front end
        /// draws in the frame's callback (`window.fill(…)`) and presents (`window.present()`): the link
        /// has armed that present for the next MSC, and its completion (the pixmap's UST, or a skip)
        /// reaches ``DisplayLink/timeline`` and ``DisplayLink/statistics``. Frames lie on the grid of
        /// the window's MSCs, fitted to their recent USTs (a least-squares line: its slope the
        /// interval); `targetTimestamp` is the predicted UST of the pixmap presented at the next MSC
        /// (under Xwayland within about 1.4 ms at p95, its USTs' own scatter: docs/x11-ust-scatter.md).
        /// When the window is unmapped or destroyed, or the X server goes away, the link
        /// goes on with a timer on the last grid; ``DisplayLink/sourceInfo`` says why. (Only with the
        /// `X11Backend` package trait.)
        #if X11Backend
            case x11(X11Window)
        #endif
        /// A toolkit's X11 window: see ``x11(display:window:)``.
        case x11Toolkit(X11ToolkitWindow)

        /// ``automatic(fallbackFramesPerSecond:)`` with a 60 Hz timer where no display can be used.
        public static var automatic: Source { .automatic(fallbackFramesPerSecond: 60) }
    }

    let driver: FrameDriver
    /// A frame has been taken out of the lock and its callback has not started yet (set under the
    /// lock, cleared by the frame thread just before the call): what ``invalidate()`` waits out.
    let deliveryStarting = Atomic<Bool>(false)
    /// The link's number in the process, from 1, for stall reports and logs.
    let number = DisplayLink.nextNumber.add(1, ordering: .relaxed).newValue
    private static let nextNumber = Atomic<Int>(0)
    /// Keeps a shared source alive while a link uses it.
    private let sharedSource: SharedFrameSource?
    let state = Locked(LinkState())
    let logger: Logger
    /// The link's input: events a front end posts, delivered in each frame's input phase before the
    /// frame's consumers and callback (see ``InputQueue``).
    public let input: InputQueue

    /// Creates a link on a source. The link does nothing until it is started or its ``frames`` are
    /// iterated.
    ///
    /// - Parameters:
    ///   - source: where the ticks come from.
    ///   - options: the frame thread's scheduling (not used by a manual source).
    ///   - logger: where the link logs the source it chose and why, failovers and returns to the
    ///     display; `nil` (the default) logs nothing, so a library type never writes to standard
    ///     error unasked. Pass `Logger(label: "FrameClock")` to route the messages through the
    ///     handler your program bootstrapped with swift-log's `LoggingSystem`.
    /// - Throws: ``DisplayLinkError`` for an invalid rate or spin window, or a source that cannot be
    ///   opened (`.drm` only: `.automatic` falls back to the timer instead).
    public convenience init(
        source: Source = .automatic, options: FrameThreadOptions = FrameThreadOptions(), logger: Logger? = nil
    ) throws(DisplayLinkError) {
        let logger = logger ?? .silent(label: "FrameClock.DisplayLink")
        if case .shared(let shared) = source {
            self.init(driver: shared.driver, sharedSource: shared, logger: logger)
        } else {
            let driver: FrameDriver
            if options.sharesThread, let key = try SharedDrivers.key(for: source) {
                driver = try SharedDrivers.driver(for: key, options: options) { () throws(DisplayLinkError) in
                    try SourceSelection.driver(for: source, options: options, logger: logger)
                }
            } else {
                driver = try SourceSelection.driver(for: source, options: options, logger: logger)
            }
            self.init(driver: driver, sharedSource: nil, logger: logger)
        }
        #if WaylandBackend
            if case .wayland(let window) = source { forwardInput(of: window) }
        #endif
    }

    /// Creates a link on a driver that is already made (the public initialiser's work, and tests that
    /// build a driver on a scripted kernel).
    init(driver: FrameDriver, sharedSource: SharedFrameSource? = nil, logger: Logger) {
        self.logger = logger
        input = InputQueue(logger: logger)
        self.driver = driver
        self.sharedSource = sharedSource
        driver.attach(self)
        let info = driver.info
        if info.reason == .requested {
            logger.debug("display link on \(info.name)")
        } else {
            logger.info("display link on \(info.name): \(info.reason)")
        }
    }

    /// The source in use and why it was chosen (it changes when a DRM source fails over to the timer,
    /// and again when the link returns to the display).
    public var sourceInfo: FrameSourceInfo { driver.info }

    /// What the frame thread got for its scheduling and timer slack; nil until it has started
    /// (and always for a manual source).
    public var threadReport: FrameThreadReport? { driver.threadReport }

    /// Counters of frames delivered, skipped and dropped, and the jank figures of every frame so far
    /// (``DisplayLinkStatistics/jank``).
    public var statistics: DisplayLinkStatistics {
        var statistics = state.withLock { state in
            var statistics = state.statistics
            statistics.jank = state.timeline.folded(into: state.jank).figures
            return statistics
        }
        let jobs = driver.jobStatistics
        statistics.jobsRun = jobs.jobsRun
        statistics.framesWithJobsDeferred = jobs.framesWithJobsDeferred
        statistics.jobTime = Duration(nanoseconds: jobs.nanoseconds)
        return statistics
    }

    /// The link's frame thread as a Swift executor (see ``FrameExecutor``): links on one source share
    /// it. An actor whose `unownedExecutor` is this executor's keeps its state on the frame thread.
    public var executor: FrameExecutor {
        // The link holds its executor: the runtime refers to it unowned, through the actor that
        // holds this link.
        if let cached = state.withLock({ $0.executor }) { return cached }
        let executor = driver.executor
        return state.withLock { state in
            if let cached = state.executor { return cached }
            state.executor = executor
            return executor
        }
    }

    /// The rate the link asks for, as `CADisplayLink.preferredFramesPerSecond`: 0 (the default)
    /// means the source's rate; otherwise the nearest whole divisor of the source's rate is used (its
    /// nominal rate: a Wayland output's advertised refresh, not the rate measured).
    /// A negative value is taken as 0 and logged.
    public var preferredFramesPerSecond: Int {
        get { state.withLock { $0.preferredFramesPerSecond } }
        set {
            if newValue < 0 {
                logger.warning("preferredFramesPerSecond \(newValue) is negative; using the source's rate")
            }
            let value = max(0, newValue)
            // A non-negative integer always makes a valid range.
            let range = (try? FrameRateRange(preferred: Double(value))) ?? .native
            apply(range: range, preferred: value)
        }
    }

    /// The range of rates the link accepts, as `CADisplayLink.preferredFrameRateRange`.
    public var preferredFrameRateRange: FrameRateRange {
        get { state.withLock { $0.range } }
        set { apply(range: newValue, preferred: Int((newValue.preferred ?? 0).rounded())) }
    }

    /// The rate the link runs at: the source's rate divided by the chosen divisor.
    public var framesPerSecond: Double {
        let divisor = state.withLock { $0.pacer.divisor }
        return driver.info.framesPerSecond / Double(divisor)
    }

    /// Pauses or resumes callbacks. A paused link causes no wake-ups at all; it resumes on the grid
    /// point after the moment it is resumed, with no skipped frames counted for the pause.
    public var isPaused: Bool {
        get { state.withLock { $0.lifecycle == .paused } }
        set {
            let changed = state.withLock { state -> Bool in
                switch (state.lifecycle, newValue) {
                case (.active, true):
                    state.lifecycle = .paused
                    // A frame waiting for its render deadline is abandoned: the link resumes on the grid
                    // point after the moment it is resumed, never with a frame planned before.
                    state.abandonPlannedFrame()
                case (.paused, false):
                    state.lifecycle = .active
                    state.pacer.realign()
                default:
                    return false
                }
                return true
            }
            if changed { driver.linkChanged() }
        }
    }

    /// Whether ``invalidate()`` was called.
    public var isInvalidated: Bool { state.withLock { $0.lifecycle == .invalidated } }

    /// What to do after a callback threw.
    public enum CallbackErrorAction: Sendable {
        /// Go on with the next frame.
        case `continue`
        /// Invalidate the link.
        case invalidate
    }

    /// Starts calling a throwing `callback` once a frame; an error it throws goes to `onError`,
    /// whose answer decides whether the link goes on. (A trap in a callback, like any Swift trap,
    /// ends the process: FrameClock cannot contain it.)
    ///
    /// - Throws: as ``start(_:)``.
    public func start(
        _ callback: @escaping @Sendable (Frame) throws -> Void,
        onError: @escaping @Sendable (any Error, Frame) -> CallbackErrorAction
    ) throws(DisplayLinkError) {
        try start { [weak self] frame in
            do {
                try callback(frame)
            } catch {
                if onError(error, frame) == .invalidate { self?.invalidate() }
            }
        }
    }

    /// Starts calling `callback` once a frame, on the link's frame thread.
    ///
    /// - Throws: ``DisplayLinkError/invalidated`` after ``invalidate()``,
    ///   ``DisplayLinkError/alreadyStarted`` when a callback is already installed, or a system error
    ///   when the frame thread cannot be started.
    public func start(_ callback: @escaping @Sendable (Frame) -> Void) throws(DisplayLinkError) {
        try install(FrameCallback(body: callback))
    }

    /// Installs `callback` and starts the frame thread if needed: ``start(_:)``'s work, and that of
    /// a manual source's callback for one advance.
    func install(_ callback: FrameCallback) throws(DisplayLinkError) {
        try state.withLock { state throws(DisplayLinkError) in
            if state.lifecycle == .invalidated { throw .invalidated }
            if state.callback != nil { throw .alreadyStarted }
            if !state.isActive { state.pacer.realign() }
            state.callback = callback
        }
        try driver.ensureRunning()
        driver.linkChanged()
    }

    /// Removes `callback` if it is still the link's; the link then wants no ticks unless a
    /// ``frames`` consumer keeps it running.
    func uninstall(_ callback: FrameCallback) {
        let removed = state.withLock { state -> Bool in
            guard state.callback === callback else { return false }
            state.callback = nil
            return true
        }
        if removed { driver.linkChanged() }
    }

    /// Whether `driver` is the one that feeds this link.
    func isDriven(by driver: FrameDriver) -> Bool { self.driver === driver }

    /// Whether `other` is fed by the same driver (and so the same frame thread).
    func sharesDriver(with other: DisplayLink) -> Bool { other.isDriven(by: driver) }

    /// Stops the link for good, as a barrier: once it returns on any thread but a frame-dispatching
    /// one, no callback of this link starts and no frame reaches its ``frames`` consumers (a callback
    /// already running finishes: it is not waited for, so the caller may hold a lock the callback
    /// takes). A frame handed to its callback just before the barrier is the one exception in time
    /// only: its thread may be preempted before the callback's first instruction. Every ``frames``, ``sourceChanges`` and ``stalls`` sequence ends, and the frame thread
    /// exits once no link (and no executor) uses it.
    ///
    /// Idempotent, and safe from any thread. Inside a callback (of this link or of another one on
    /// any frame thread) it takes effect from the next frame.
    public func invalidate() {
        typealias Ended = (
            frames: [AsyncStream<FrameDelivery>.Continuation],
            sources: [AsyncStream<FrameSourceInfo>.Continuation],
            stalls: [AsyncStream<FrameStall>.Continuation],
            rates: [AsyncStream<FrameRateChange>.Continuation]
        )
        let ended = state.withLock { state -> Ended? in
            guard state.lifecycle != .invalidated else { return nil }
            state.lifecycle = .invalidated
            state.callback = nil
            // A planned frame is dropped: its queued start finds nothing to deliver.
            state.pacer.dropPlannedFrame()
            let ended = (
                state.streams.map(\.continuation), state.sourceWatchers.map(\.continuation),
                state.stallWatchers.map(\.continuation), state.rateWatchers.map(\.continuation)
            )
            state.streams.removeAll()
            state.sourceWatchers.removeAll()
            state.stallWatchers.removeAll()
            state.rateWatchers.removeAll()
            state.content.removeAll()
            return ended
        }
        if let ended {
            input.close()
            for stream in ended.frames { stream.finish() }
            for stream in ended.sources { stream.finish() }
            for stream in ended.stalls { stream.finish() }
            for stream in ended.rates { stream.finish() }
            driver.detach(self)
        }
        guard !DispatchingThread.isCurrent else { return }
        // The barrier: a frame taken out of the lock before the flag was set is on its way to its
        // consumers and callback; wait until its callback has started (FrameClock's own code runs in
        // that window, never the user's, so nothing the caller holds can block it).
        while deliveryStarting.load(ordering: .acquiring) { sched_yield() }
    }

    /// The link's frames as an asynchronous sequence. Iterating starts the link; a consumer slower
    /// than the frame rate receives the newest frame, never a backlog. The sequence ends when the
    /// link is invalidated.
    public var frames: FrameSequence { FrameSequence(link: self) }

    // MARK: - Frame thread side

    /// Called on the frame thread when the driver changed to a source with its own numbering and
    /// possibly another rate: the divisor is chosen again for the link's range, and pacing starts
    /// over on the new grid.
    func sourceChanged(framesPerSecond: Double) {
        state.withLock { state in
            state.pacer.rebase(divisor: Int64(state.range.divisor(forSourceRate: framesPerSecond)))
            state.adaptiveRate.bound(by: state.range, sourceRate: framesPerSecond)
        }
    }

    /// Called on the frame thread when the source's nominal rate changed while its numbering goes on
    /// (a Wayland window on another output): the divisor is chosen again for the link's range from
    /// the new rate; when it changes, the next frame is the first grid point of the new divisor.
    func sourceRateChanged(nominalFramesPerSecond: Double) {
        state.withLock { $0.chooseRate(sourceRate: nominalFramesPerSecond) }
    }

    // MARK: - Streams and rates

    /// Subscribes a ``frames`` consumer; returns the frame intervals the link had covered and the
    /// scheduled content its frames had taken when it subscribed (see
    /// ``DisplayLinkStatistics/intervalsCovered`` and ``DisplayLinkStatistics/contentTaken``), from
    /// which the consumer counts what it misses.
    @discardableResult
    func addStream(_ continuation: AsyncStream<FrameDelivery>.Continuation) -> (intervals: Int, content: Int)
    {
        let (id, marks) = state.withLock { state -> (Int?, (intervals: Int, content: Int)) in
            let marks = (state.statistics.intervalsCovered, state.statistics.contentTaken)
            guard state.lifecycle != .invalidated else { return (nil, marks) }
            if !state.isActive { state.pacer.realign() }
            let id = state.nextStreamID
            state.nextStreamID += 1
            state.streams.append((id, continuation))
            return (id, marks)
        }
        guard let id else {
            continuation.finish()
            return marks
        }
        continuation.onTermination = { [weak self] _ in self?.removeStream(id) }
        do {
            try driver.ensureRunning()
        } catch {
            logger.error("display link cannot start its frame thread: \(error)")
            continuation.finish()
            return marks
        }
        driver.linkChanged()
        return marks
    }

    private func removeStream(_ id: Int) {
        state.withLock { $0.streams.removeAll { $0.id == id } }
        driver.linkChanged()
    }

    private func apply(range: FrameRateRange, preferred: Int) {
        let sourceRate = driver.info.nominalFramesPerSecond
        state.withLock { state in
            state.range = range
            state.preferredFramesPerSecond = preferred
            state.chooseRate(sourceRate: sourceRate)
        }
        driver.linkChanged()
    }
}
