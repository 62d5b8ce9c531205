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
                guard var following = state.following else { return .woken }
                let (sequence, timestamp, depth) = following.tick(frameTime: time)
                state.following = following
                return .tick(
                    Tick(
                        sequence: sequence, timestamp: timestamp, wokeAt: now, grid: following.grid,
                        presentationDepth: depth, dispatchAt: now, pacedBySource: true))
            }
        }
    }

    /// The followed clock's frame that began at `frameTime` — the time its tick gave
    /// ``frameClockTicked(at:)`` (GTK: the frame clock's smoothed frame time at the tick, not the
    /// timings' own) — was shown at `presentation` (GTK:
    /// `gdk_frame_timings_get_presentation_time` of a complete frame): the presentation grid and
    /// the time from a frame's start to its presentation are measured from these, and the links'
    /// timelines get the frame's presentation. A presentation off the grid (the first, or one after
    /// the compositor started its repaints anew) numbers its grid on from the frames already
    /// ticked, so that no frame's number is taken twice or skipped for it. `refreshInterval`, when
    /// the clock gives one, is its advertised interval. A frame not dispatched recently, or a source that does not
    /// follow a clock, is ignored. From any thread.
    public func frameWasPresented(
        startedAt frameTime: MonotonicInstant, at presentation: MonotonicInstant,
        refreshInterval: Duration? = nil
    ) {
        let sequence = state.withLock { state -> Int64? in
            guard var following = state.following else { return nil }
            defer { state.following = following }
            return following.presented(
                frameTime: frameTime.nanoseconds, at: presentation.nanoseconds,
                refreshInterval: refreshInterval?.wholeNanoseconds)
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
