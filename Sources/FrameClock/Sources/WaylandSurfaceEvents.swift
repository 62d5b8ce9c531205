#if WaylandBackend
    import Wayland

    /// What a ``WaylandTickSource`` needs from the surface it ticks on: its frame callbacks and
    /// presentation feedback, the clock they are timed on, and a wait for their next event.
    ///
    /// ``WaylandSurfaceBinding`` is the production surface (`CLOCK_MONOTONIC`, a `poll` on the
    /// connection). Tests put a scripted compositor in virtual time here, on the same clock as the
    /// ``TimerSystemCalls`` of the timer a failed source is replaced by, so that the source's fallback,
    /// return and deadlines run as the DRM source's do over a scripted kernel.
    protocol WaylandSurfaceEvents: AnyObject {
        /// The surface's name in descriptions, such as "Wayland window 'clock'".
        var name: String { get }

        /// The compositor's outputs (`wl_output`), as it last described them.
        var outputs: [WaylandOutput] { get }

        /// The outputs the surface is on (`wl_surface.enter` and `leave`), in the order it entered them;
        /// empty when unknown (a toolkit's surface, whose events are the toolkit's).
        var enteredOutputs: [WaylandOutput] { get }

        /// Why the surface gets no presentation feedback, or nil when it does.
        var feedbackUnavailable: String? { get }

        /// The compositor's protocols that the library's window times its commits with
        /// (``WaylandCommitTimingSupport``: "commit-timing and fifo"), or nil when it offers neither
        /// or the surface is a toolkit's (whose commits are the toolkit's).
        var commitTiming: String? { get }

        /// The latest presentation of the surface's content known before the source asked for any
        /// (a window shown before its link started), or nil: the compositor's phase to start on.
        var latestPresentation: WaylandPresentedFrame? { get }

        /// Asks for a frame callback on the surface's next commit (`wl_surface.frame`).
        ///
        /// - Returns: The id its ``WaylandFrameEvent/frameCallback(_:)`` will carry.
        /// - Throws: ``WaylandError`` when the surface was closed or the connection failed.
        func requestFrameCallback() throws(WaylandError) -> UInt64

        /// Asks for presentation feedback on the surface's next commit (`wp_presentation.feedback`).
        ///
        /// - Returns: The id its ``WaylandFrameEvent/presented(_:)`` or
        ///   ``WaylandFrameEvent/discarded(feedbackID:receivedAt:)`` will carry.
        /// - Throws: ``WaylandError`` (``WaylandError/missingGlobal(interface:version:)`` and
        ///   ``WaylandError/presentationClockUnreadable(clockID:)`` when feedback cannot be had).
        func requestPresentationFeedback() throws(WaylandError) -> UInt64

        /// The clock the surface's events are timed on, now, in nanoseconds (`CLOCK_MONOTONIC` in
        /// production).
        func monotonicNanoseconds() -> Int64

        /// Waits for the surface's next event until the instant `deadline` on
        /// ``monotonicNanoseconds()``: ``WaylandFrameEvent/timedOut`` when it passes with none,
        /// ``WaylandFrameEvent/woken`` as soon as `control` is signalled (the caller drains it).
        func nextEvent(until deadline: Int64, wakingOn control: ControlChannel) -> WaylandFrameEvent

        /// What broke the connection, in words; nil while nothing did (or nothing more is known than
        /// the errno of ``WaylandFrameEvent/connectionLost(_:)``).
        var connectionFailure: String? { get }

        /// Stops watching the surface.
        func close()
    }
#endif
