import Logging

/// What a frame thread does when its source fails, and how it gets back to the display.
///
/// A failed source is replaced by a timer on its last grid (phase and interval), so the links go on
/// without a gap of more than two intervals. After a source with a recovery failed (DRM: the same
/// CRTC; X11: the same window, mapped again), the display is tried again every ``recoveryInterval``
/// on the driver's clock; when it can be used, the links start pacing over on its grid. Lives on the frame thread: nothing here is shared.
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
    let logger: Logger
    /// When to try the display again, while on the fallback timer.
    private var recoveryDue: Int64?
    /// Why the display was left.
    private var lastFailure = ""

    init(
        fallback: @escaping FallbackFactory, recovery: RecoveryFactory?, recoveryInterval: Int64,
        logger: Logger
    ) {
        self.fallback = fallback
        self.recovery = recovery
        self.recoveryInterval = recoveryInterval
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

    /// When a recovery is due at `now`, opens the display again in place of the fallback `timer`;
    /// nil (the timer goes on, and the display is tried again later) while it cannot be used.
    mutating func recoverIfDue(replacing timer: any TickSource, control: ControlChannel, now: Int64)
        -> Change?
    {
        guard let due = recoveryDue, now >= due, let recovery else { return nil }
        guard let display = try? recovery(control) else {
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
}
