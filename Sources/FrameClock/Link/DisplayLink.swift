import Logging
import Wayland

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
/// Callbacks run on the link's frame thread (for a manual source, on the thread that advances it).
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
        /// The frame callbacks of the library's Wayland window. The front end draws in the frame's
        /// callback (`window.draw { }`) and commits (`window.commit()`); before the callback runs,
        /// the link has asked for that commit's frame callback and presentation feedback. Frames lie
        /// on the grid of the compositor's presentation times (its interval measured, the advertised
        /// refresh only a start); `targetTimestamp` is the presentation the commit is predicted for,
        /// and the feedback reaches ``DisplayLink/timeline`` and ``DisplayLink/statistics``. When the
        /// callbacks stop (the window hidden, minimised or unmapped), the link goes on with a timer on
        /// the last presentations' phase and interval, and returns to the callbacks when they resume;
        /// ``DisplayLink/sourceInfo`` says which and why. If the window is closed or the compositor
        /// goes away, the link goes on with a timer.
        case wayland(WaylandWindow)
        /// A toolkit's surface: see ``wayland(display:surface:)``.
        case waylandToolkit(WaylandToolkitSurface)

        /// ``automatic(fallbackFramesPerSecond:)`` with a 60 Hz timer where no display can be used.
        public static var automatic: Source { .automatic(fallbackFramesPerSecond: 60) }
    }

    struct State: Sendable {
        var isPaused = false
        var isInvalidated = false
        var callback: FrameCallback?
        var streams: [(id: Int, continuation: AsyncStream<FrameDelivery>.Continuation)] = []
        var nextStreamID = 0
        var pacer = FramePacer()
        var range = FrameRateRange.native
        var preferredFramesPerSecond = 0
        var statistics = DisplayLinkStatistics()
        var timing: FrameTiming?
        var dispatch = FrameDispatch.afterVBlank
        var presentationLatency: Int64 = 1_000_000
        var predictor = RenderTimePredictor()
        var timeline = TimelineRing(capacity: DisplayLink.defaultTimelineCapacity)

        var isActive: Bool { !isInvalidated && !isPaused && (callback != nil || !streams.isEmpty) }

        /// The frame interval for a source interval and the current divisor, computed once per change.
        mutating func timing(for sourcePeriod: FramePeriod) -> FrameTiming {
            if let timing, timing.sourcePeriod == sourcePeriod, timing.divisor == pacer.divisor {
                return timing
            }
            let timing = FrameTiming(sourcePeriod: sourcePeriod, divisor: pacer.divisor)
            self.timing = timing
            return timing
        }
    }

    /// A frame interval derived from a source interval and a divisor.
    struct FrameTiming: Sendable {
        let sourcePeriod: FramePeriod
        let divisor: Int64
        let duration: Duration
        let halfFrame: Int64

        /// The source's interval, rounded to whole nanoseconds.
        let refreshInterval: Duration

        init(sourcePeriod: FramePeriod, divisor: Int64) {
            self.sourcePeriod = sourcePeriod
            self.divisor = divisor
            refreshInterval = sourcePeriod.duration
            let period = sourcePeriod.multiplied(by: Int(divisor))
            duration = period.duration
            halfFrame = Int64(period.nanoseconds / 2)
        }
    }

    /// The callback in a class, so that handing it out of the lock is a retain: a bare closure
    /// returned through the lock's generic result is re-wrapped in a thunk that allocates every frame.
    final class FrameCallback: Sendable {
        let body: @Sendable (Frame) -> Void
        init(body: @escaping @Sendable (Frame) -> Void) { self.body = body }
    }

    private let driver: FrameDriver
    /// Keeps a shared source alive while a link uses it.
    private let sharedSource: SharedFrameSource?
    let state = Locked(State())
    private let logger: Logger

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
            let driver = try SourceSelection.driver(for: source, options: options, logger: logger)
            self.init(driver: driver, sharedSource: nil, logger: logger)
        }
    }

    /// Creates a link on a driver that is already made (the public initialiser's work, and tests that
    /// build a driver on a scripted kernel).
    init(driver: FrameDriver, sharedSource: SharedFrameSource? = nil, logger: Logger) {
        self.logger = logger
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

    /// Counters of frames delivered, skipped and dropped.
    public var statistics: DisplayLinkStatistics { state.withLock { $0.statistics } }

    /// The rate the link asks for, as `CADisplayLink.preferredFramesPerSecond`: 0 (the default)
    /// means the source's rate; otherwise the nearest whole divisor of the source's rate is used.
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
        get { state.withLock { $0.isPaused } }
        set {
            let changed = state.withLock { state -> Bool in
                guard state.isPaused != newValue, !state.isInvalidated else { return false }
                state.isPaused = newValue
                if !newValue { state.pacer.realign() }
                return true
            }
            if changed { driver.linkChanged() }
        }
    }

    /// Whether ``invalidate()`` was called.
    public var isInvalidated: Bool { state.withLock { $0.isInvalidated } }

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
            if state.isInvalidated { throw .invalidated }
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

    /// Stops the link for good: no callback starts after this returns (one already running on the
    /// frame thread finishes), every ``frames`` sequence ends, and the frame thread exits once no
    /// link uses it. Idempotent, and safe from any thread, the callback included.
    public func invalidate() {
        let streams = state.withLock { state -> [AsyncStream<FrameDelivery>.Continuation]? in
            guard !state.isInvalidated else { return nil }
            state.isInvalidated = true
            state.callback = nil
            let streams = state.streams.map(\.continuation)
            state.streams.removeAll()
            return streams
        }
        guard let streams else { return }
        for stream in streams { stream.finish() }
        driver.detach(self)
    }

    /// The link's frames as an asynchronous sequence. Iterating starts the link; a consumer slower
    /// than the frame rate receives the newest frame, never a backlog. The sequence ends when the
    /// link is invalidated.
    public var frames: FrameSequence { FrameSequence(link: self) }

    // MARK: - Frame thread side

    func nextWantedSequence(currentSequence: Int64) -> Int64? {
        state.withLock { state in
            state.isActive ? state.pacer.nextWanted(currentSequence: currentSequence) : nil
        }
    }

    /// Called on the frame thread when the driver changed to a source with its own numbering and
    /// possibly another rate: the divisor is chosen again for the link's range, and pacing starts
    /// over on the new grid.
    func sourceChanged(framesPerSecond: Double) {
        state.withLock { state in
            state.pacer.rebase(divisor: Int64(state.range.divisor(forSourceRate: framesPerSecond)))
        }
    }

    /// A frame the pacing rules made of a tick, with what the delivery needs outside the lock.
    private struct Delivery {
        var frame: Frame
        var callback: FrameCallback?
        var streams: [(id: Int, continuation: AsyncStream<FrameDelivery>.Continuation)]
        /// The frame intervals the link had covered with this frame, for `frames` consumers.
        var intervalsSoFar: Int
        /// When the callback is to start: the vblank, or the render deadline's start.
        var start: Int64
        /// The frame's slot in the timeline.
        var slot: Int
    }

    /// Turns a tick into a frame for this link, if the pacing rules make it one, and delivers it;
    /// returns the next tick the link wants (nil when it wants none: paused, invalidated, idle).
    /// A link dispatching at a render deadline calls `sleep` to wait for the moment it chose.
    ///
    /// A rehearsal (`rehearsal: true`) runs the same path on a copy of the pacer and delivers
    /// nothing: the sources do it shortly before a tick so that the real dispatch finds its code and
    /// data in the caches.
    @discardableResult
    func handle(
        _ tick: Tick, clock: () -> Int64, sleep: (Int64) -> Void = { _ in }, rehearsal: Bool = false
    ) -> Int64? {
        let now = clock()
        let (delivery, wanted) = state.withLock { state -> (Delivery?, Int64?) in
            guard state.isActive else { return (nil, nil) }
            let divisor = state.pacer.divisor
            let timing = state.timing(for: tick.grid.period)
            var pacer = state.pacer
            let decision = pacer.decide(tick, halfFrame: timing.halfFrame, now: now)
            if !rehearsal { state.pacer = pacer }
            switch decision {
            case .notYet:
                return (nil, pacer.nextWanted)
            case .drop:
                if !rehearsal { state.statistics.droppedTicks += 1 }
                return (nil, pacer.nextWanted)
            case .deliver(let sequence, let timestamp, let skipped):
                // Shown one frame interval on, unless the display decides (a compositor).
                let target = tick.grid.timestamp(
                    of: tick.presentationDepth.map { tick.sequence + $0 } ?? sequence + divisor)
                let deadline = target - state.presentationLatency
                var start = timestamp
                var predicted: Int64 = 0
                if case .renderDeadline(let margin) = state.dispatch,
                    let prediction = state.predictor.prediction
                {
                    predicted = prediction
                    start = max(timestamp, deadline - prediction - margin.wholeNanoseconds)
                }
                let frame = Frame(
                    timestamp: MonotonicInstant(nanoseconds: timestamp),
                    targetTimestamp: MonotonicInstant(nanoseconds: target),
                    duration: timing.duration,
                    sequence: UInt64(bitPattern: sequence),
                    skippedFrames: skipped,
                    lateness: Duration(nanoseconds: now - start),
                    deadline: MonotonicInstant(nanoseconds: deadline))
                if rehearsal {
                    withExtendedLifetime((frame, state.callback, state.streams)) {}
                    return (nil, nil)
                }
                state.statistics.framesDelivered += 1
                state.statistics.skippedFrames += skipped
                let slot = state.timeline.append(
                    FrameTimelineEntry(
                        sequence: frame.sequence, timestamp: frame.timestamp,
                        callbackStart: MonotonicInstant(nanoseconds: max(now, start)), callbackEnd: nil,
                        deadline: frame.deadline, target: frame.targetTimestamp, presented: nil,
                        presentedVBlank: nil, outcome: .pending, skippedFrames: skipped,
                        predictedDuration: Duration(nanoseconds: predicted),
                        refreshInterval: timing.refreshInterval))
                return (
                    Delivery(
                        frame: frame, callback: state.callback, streams: state.streams,
                        intervalsSoFar: state.statistics.intervalsCovered, start: start, slot: slot),
                    nil
                )
            }
        }
        guard var delivery else { return wanted }
        var started = now
        if delivery.start > now {
            // A render deadline: the callback starts as late as the learned duration allows.
            sleep(delivery.start)
            started = clock()
            let frame = delivery.frame
            delivery.frame = Frame(
                timestamp: frame.timestamp, targetTimestamp: frame.targetTimestamp, duration: frame.duration,
                sequence: frame.sequence, skippedFrames: frame.skippedFrames,
                lateness: Duration(nanoseconds: started - delivery.start), deadline: frame.deadline)
        }
        for stream in delivery.streams {
            stream.continuation.yield(
                FrameDelivery(frame: delivery.frame, intervalsSoFar: delivery.intervalsSoFar))
        }
        delivery.callback?.body(delivery.frame)
        let returned = clock()
        let current = tick.grid.sequence(at: returned)
        let eligible = tick.grid.timestamp(of: current) == returned ? current : current + 1
        return state.withLock { state in
            state.pacer.callbackReturned(firstEligibleSequence: eligible)
            // Only a render-deadline link needs the prediction (it starts learning when switched).
            if case .renderDeadline = state.dispatch { state.predictor.record(returned - started) }
            let entry = state.timeline.recordCallback(
                slot: delivery.slot, sequence: delivery.frame.sequence, start: started, end: returned)
            // Feedback that came while the callback ran is judged now that its end is known.
            if let entry, entry.presented != nil, entry.outcome == .pending {
                var outcome = FrameOutcome.pending
                state.timeline.update(slot: delivery.slot, sequence: delivery.frame.sequence) {
                    $0.classify()
                    outcome = $0.outcome
                }
                state.statistics.count(outcome)
            }
            return state.isActive ? state.pacer.nextWanted : nil
        }
    }

    // MARK: - Streams and rates

    /// Subscribes a ``frames`` consumer; returns the frame intervals the link had covered when it
    /// subscribed (see ``DisplayLinkStatistics/intervalsCovered``), from which the consumer counts
    /// what it misses.
    @discardableResult
    func addStream(_ continuation: AsyncStream<FrameDelivery>.Continuation) -> Int {
        let (id, intervals) = state.withLock { state -> (Int?, Int) in
            guard !state.isInvalidated else { return (nil, state.statistics.intervalsCovered) }
            if !state.isActive { state.pacer.realign() }
            let id = state.nextStreamID
            state.nextStreamID += 1
            state.streams.append((id, continuation))
            return (id, state.statistics.intervalsCovered)
        }
        guard let id else {
            continuation.finish()
            return intervals
        }
        continuation.onTermination = { [weak self] _ in self?.removeStream(id) }
        do {
            try driver.ensureRunning()
        } catch {
            logger.error("display link cannot start its frame thread: \(error)")
            continuation.finish()
            return intervals
        }
        driver.linkChanged()
        return intervals
    }

    private func removeStream(_ id: Int) {
        state.withLock { $0.streams.removeAll { $0.id == id } }
        driver.linkChanged()
    }

    private func apply(range: FrameRateRange, preferred: Int) {
        let divisor = range.divisor(forSourceRate: driver.info.framesPerSecond)
        state.withLock { state in
            state.range = range
            state.preferredFramesPerSecond = preferred
            state.pacer.setDivisor(Int64(divisor))
        }
        driver.linkChanged()
    }
}
