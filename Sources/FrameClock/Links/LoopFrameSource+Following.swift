import Logging
internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

extension LoopFrameSource {
    /// Makes a source on the calling thread that follows a frame clock the front end already runs —
    /// GTK's `GdkFrameClock`, whose tick callback calls ``frameClockTicked(at:)`` — instead of a timer
    /// of its own, so that the links ride on the toolkit's paint cycle. Frames lie on the grid of the
    /// clock's presentations (``frameWasPresented(startedAt:at:refreshInterval:)``), measured as a
    /// Wayland source measures its compositor's, and ``Frame/targetTimestamp`` is the presentation
    /// the frame is predicted for. The descriptor and ``dispatch()`` still serve the rest: frame
    /// starts planned for a render deadline and the executor's jobs.
    ///
    /// - Parameters:
    ///   - refreshInterval: the clock's interval until its presentations are measured.
    ///   - logger: where the source's links log stall reports; nil logs nothing.
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` for an interval that is not positive or
    ///   out of range, ``DisplayLinkError/system(_:)`` when a descriptor cannot be made.
    public convenience init(following refreshInterval: Duration, logger: Logger? = nil)
        throws(DisplayLinkError)
    {
        let nanoseconds = refreshInterval.wholeNanoseconds
        guard nanoseconds > 0 else { throw .invalidFrameRate(nanoseconds == 0 ? .infinity : -1) }
        let period = try FramePeriod(framesPerSecond: 1e9 / Double(nanoseconds))
        try self.init(period: period, following: true, logger: logger)
    }

    /// The followed clock began a frame at `frameTime`: its tick goes to the links now, on the
    /// loop's thread — the grid point nearest `frameTime` on the presentation grid (a toolkit's frame
    /// time sits on or near a presentation: GTK's is smoothed onto them), never one dispatched
    /// already — then the due events and the jobs that fit, as ``dispatch()`` runs them. The clock
    /// paces: each tick is a frame for every link at the clock's rate, its callback run at once (or
    /// at its render deadline), however late or close together the ticks come. The frame's target
    /// is the presentation nearest `frameTime` plus the time the clock's frames have lately taken
    /// from their start to their presentation.
    /// Inside a callback, and after ``close()``, it returns at once.
    ///
    /// - Throws: ``DisplayLinkError/notOnLoopThread`` off the loop's thread;
    ///   ``DisplayLinkError/sourceUnavailable(_:)`` on a source that ticks on its own timer.
    public func frameClockTicked(at frameTime: MonotonicInstant) throws(DisplayLinkError) {
        guard isFollowing else {
            throw .sourceUnavailable(
                "this loop source ticks on its own timer; make it with LoopFrameSource(following:) to follow a clock"
            )
        }
        guard case .some(let deadline) = try claimTurn() else { return }
        let time = frameTime.nanoseconds
        runTurn(after: deadline) { _, now in
            state.withLock { state in
                guard var presentations = state.following else { return .woken }
                if state.followedFrames.lastSequence == nil, !presentations.hasPresentation {
                    // The clock's first frame starts the grid. On the source's own start, the first
                    // presentation would number the frames anew, one interval back at some phases.
                    presentations.restart(at: time)
                    state.following = presentations
                }
                let grid = presentations.grid
                var sequence = grid.sequence(at: time + Int64(grid.period.nanoseconds / 2))
                if let last = state.followedFrames.lastSequence, sequence <= last { sequence = last + 1 }
                state.followedFrames.record(frameTime: time, sequence: sequence)
                // The target from the frame's own time, not its number: a number pushed on by the
                // never-twice rule, or a frame time half an interval off the grid, moves no target.
                let depth = presentations.presentationDepth(of: sequence, callbackAt: time, shallowest: 0)
                return .tick(
                    Tick(
                        sequence: sequence, timestamp: grid.timestamp(of: sequence), wokeAt: now, grid: grid,
                        presentationDepth: depth, dispatchAt: now, pacedBySource: true))
            }
        }
    }

    /// The followed clock's frame that began at `frameTime` — the time its tick gave
    /// ``frameClockTicked(at:)`` (GTK: the frame clock's smoothed frame time at the tick, not the
    /// timings' own) — was shown at `presentation` (GTK:
    /// `gdk_frame_timings_get_presentation_time` of a complete frame): the presentation grid and
    /// the time from a frame's start to its presentation are measured from these, and the links'
    /// timelines get the frame's presentation. The first presentation numbers its grid on from the
    /// frames already ticked, so that no frame's number is taken twice or skipped for it. `refreshInterval`, when the clock gives one,
    /// is its advertised interval. A frame not dispatched recently, or a source that does not
    /// follow a clock, is ignored. From any thread.
    public func frameWasPresented(
        startedAt frameTime: MonotonicInstant, at presentation: MonotonicInstant,
        refreshInterval: Duration? = nil
    ) {
        let sequence = state.withLock { state -> Int64? in
            guard var presentations = state.following else { return nil }
            if let interval = refreshInterval?.wholeNanoseconds, interval > 0 {
                presentations.advertise(interval)
            }
            let first = !presentations.hasPresentation
            presentations.recordPresentation(at: presentation.nanoseconds)
            if first, let last = state.followedFrames.last {
                presentations.renumber(nearest: last.frameTime, as: last.sequence)
            }
            defer { state.following = presentations }
            guard let sequence = state.followedFrames.sequence(forFrameTime: frameTime.nanoseconds) else {
                return nil
            }
            let latency = presentation.nanoseconds - frameTime.nanoseconds
            if latency <= RecentFollowedFrames.deepestPresentation * presentations.interval {
                presentations.recordLatency(
                    callback: frameTime.nanoseconds, presented: presentation.nanoseconds)
            }
            return sequence
        }
        if let sequence { driver.apply(.presented(tick: sequence, time: presentation.nanoseconds)) }
    }

    /// As ``frameWasPresented(startedAt:at:refreshInterval:)``, for a presentation time on the
    /// compositor's clock, `clockID` (`wp_presentation.clock_id`: weston stamps
    /// `CLOCK_MONOTONIC_RAW`, and a toolkit such as GTK 4.8 passes its times on unconverted), in
    /// nanoseconds: it is converted to `CLOCK_MONOTONIC` first.
    ///
    /// - Returns: The presentation on `CLOCK_MONOTONIC`.
    /// - Throws: ``DisplayLinkError/system(_:)`` (`EINVAL`) when this process cannot read that clock.
    @discardableResult
    public func frameWasPresented(
        startedAt frameTime: MonotonicInstant, atNanoseconds presentation: Int64, onClock clockID: Int32,
        refreshInterval: Duration? = nil
    ) throws(DisplayLinkError) -> MonotonicInstant {
        guard let conversion = PresentationClockConverter(clockID: clockid_t(clockID)).convert(presentation)
        else {
            throw .system(SystemCallError(call: "clock_gettime(\(clockID))", errno: .invalidArgument))
        }
        let presented = MonotonicInstant(nanoseconds: conversion.monotonic)
        frameWasPresented(startedAt: frameTime, at: presented, refreshInterval: refreshInterval)
        return presented
    }
}

/// The last frames of a followed clock: when each began and the tick it was dispatched as, so that
/// a presentation reported later finds its tick. Fixed size: older frames are forgotten.
struct RecentFollowedFrames: Sendable {
    /// Frames remembered: a clock reports a presentation a few frames after the frame began.
    static let capacity = 16
    private var frameTimes = [Int64](repeating: .min, count: capacity)
    private var sequences = [Int64](repeating: .min, count: capacity)
    private var next = 0
    /// The latest frame dispatched: when it began and its sequence.
    private(set) var last: (frameTime: Int64, sequence: Int64)?
    /// The sequence of the latest frame dispatched.
    var lastSequence: Int64? { last?.sequence }
    /// The most intervals a frame is believed to be shown after it began, triple buffered behind a
    /// late compositor: more is a frame that waited for something else (its window's first map).
    static let deepestPresentation: Int64 = 4

    mutating func record(frameTime: Int64, sequence: Int64) {
        frameTimes[next] = frameTime
        sequences[next] = sequence
        next = (next + 1) % Self.capacity
        last = (frameTime, sequence)
    }

    func sequence(forFrameTime time: Int64) -> Int64? {
        frameTimes.firstIndex(of: time).map { sequences[$0] }
    }
}
