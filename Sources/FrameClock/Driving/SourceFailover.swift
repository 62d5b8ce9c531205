import Logging

/// What a frame thread does when its source fails, and how it gets back to the display.
///
/// A failed source is replaced by a timer on its last grid (phase and interval), so the links go on
/// without a gap of more than two intervals. After a source with a recovery failed (DRM: the same
/// CRTC; X11: the same window, mapped again), the display is tried again every ``recoveryInterval``
/// on the driver's clock; when it can be used, the links start pacing over on its grid.
///
/// A try runs on a helper thread (``RecoveryAttempt``), never on the frame thread: opening a display
/// waits for it (an X server that is stopped answers nothing until the try's timeout), and the timer
/// must tick meanwhile. At most one try is in flight; its answer wakes the frame thread through the
/// control channel, which adopts the display at that wake. Lives on the frame thread: nothing here
/// but the try is shared.
struct SourceFailover {
    /// Makes the source a failed one is replaced by: a timer on the failed source's last grid.
    typealias FallbackFactory =
        @Sendable (_ grid: TickGrid, _ control: ControlChannel) throws(DisplayLinkError) -> any TickSource

    /// Opens the display a failed source was on again; it throws while the display cannot be used
    /// (a CRTC still dark, a device still gone, an X11 window still unmapped).
    typealias RecoveryFactory =
        @Sendable (_ control: ControlChannel) throws(DisplayLinkError) -> any TickSource

    /// What a change of source means for the links.
    struct Change {
        /// The source in use now; nil when nothing could replace the failed one.
        var source: (any TickSource)?
        /// The description of the source in use, for ``DisplayLink/sourceInfo``.
        var info: FrameSourceInfo
    }

    let fallback: FallbackFactory
    let recovery: RecoveryFactory?
    let recoveryInterval: Int64
    /// How long (real time, nanoseconds) the frame thread waits for a try it just started before it
    /// goes on with the timer: 0 in production. A driver in virtual time, whose clock runs as fast
    /// as its thread waits, waits for the answer so that its runs are exact.
    let recoveryPatience: Int64
    let logger: Logger
    /// When to try the display again, while on the fallback timer.
    private var recoveryDue: Int64?
    /// The try in flight, if one is.
    private var attempt: RecoveryAttempt?
    /// Why the display was left.
    private var lastFailure = ""

    init(
        fallback: @escaping FallbackFactory, recovery: RecoveryFactory?, recoveryInterval: Int64,
        recoveryPatience: Int64 = 0, logger: Logger
    ) {
        self.fallback = fallback
        self.recovery = recovery
        self.recoveryInterval = recoveryInterval
        self.recoveryPatience = recoveryPatience
        self.logger = logger
    }

    /// Replaces a failed source by a timer on its last grid (phase and interval); a change with no
    /// source when even that cannot be made.
    mutating func failOver(
        from failed: any TickSource, failure: TickSourceFailure, control: ControlChannel, now: Int64
    ) -> Change {
        failed.close()
        guard failed.kind != .timer, let timer = try? fallback(failed.grid, control) else {
            logger.error("frame source failed and no fallback is possible: \(failure.reason)")
            return Change(
                source: nil,
                info: FrameSourceInfo(
                    kind: failed.kind, name: failed.description, period: failed.grid.period,
                    reason: .failed(failure.reason)))
        }
        let reason = FrameSourceInfo.Reason.failedOver(from: failed.description, failure: failure.reason)
        logger.warning("\(reason)")
        if recovery != nil {
            recoveryDue = now + recoveryInterval
            lastFailure = failure.reason
        }
        return Change(
            source: timer,
            info: FrameSourceInfo(
                kind: .timer, name: timer.description, period: timer.grid.period, reason: reason))
    }

    /// When a try of the display has answered that it can be used, adopts it in place of the
    /// fallback `timer`; when one is due at `now` and none is in flight, starts one on a helper
    /// thread. Nil (the timer goes on) while no display is ready.
    mutating func recoverIfDue(replacing timer: any TickSource, control: ControlChannel, now: Int64)
        -> Change?
    {
        guard let recovery else { return nil }
        if attempt == nil {
            guard let due = recoveryDue, now >= due else { return nil }
            do {
                attempt = try RecoveryAttempt.start(recovery, control: control)
            } catch {
                logger.warning("cannot try the display again: \(error)")
                recoveryDue = now + recoveryInterval
                return nil
            }
        }
        guard let answer = attempt?.answer(waitingAtMost: recoveryPatience) else { return nil }
        attempt = nil
        guard case .opened(let opened) = answer, let display = opened.take() else {
            recoveryDue = now + recoveryInterval
            return nil
        }
        timer.close()
        recoveryDue = nil
        let reason = FrameSourceInfo.Reason.returnedToDisplay(failure: lastFailure)
        display.adopted(reason: reason)
        logger.notice("\(display.description): \(reason)")
        return Change(
            source: display,
            info: FrameSourceInfo(
                kind: display.kind, name: display.description, period: display.grid.period, reason: reason))
    }

    /// Gives up the try in flight (the frame thread ends): a display it opens later is closed.
    mutating func abandonRecovery() {
        attempt?.abandon()
        attempt = nil
    }
}
