internal import CLinuxShims
import Logging

/// The links that share one source, and the loop that feeds them ticks.
///
/// A driver with a thread (timer, DRM) waits on its `TickSource` on that thread and dispatches each
/// tick to its links there; a manual driver has no thread and is driven by `ManualFrameSource`.
final class FrameDriver: @unchecked Sendable {
    private struct Shared {
        var links: [DisplayLink] = []
        var info: FrameSourceInfo
        var threadReport: FrameThreadReport?
        var threadStarted = false
        var finished = false
        /// The thread goes on, idle, when the last link leaves (a shared source) rather than ending.
        var isShared = false
        /// The frame thread has returned (it closed its source first).
        var threadEnded = false
    }

    /// Makes the source a failed one is replaced by: a timer on the failed source's last grid.
    typealias FallbackFactory =
        @Sendable (_ grid: TickGrid, _ control: ControlChannel) throws(DisplayLinkError) -> any TickSource

    /// Opens the display a failed DRM source was on again; it throws while the display cannot be
    /// used (the CRTC still dark, the device still gone).
    typealias RecoveryFactory =
        @Sendable (_ control: ControlChannel) throws(DisplayLinkError) -> any TickSource

    private let shared: Locked<Shared>
    /// Wakes the frame thread; nil for a manual driver.
    let control: ControlChannel?
    /// The source the thread waits on; touched only by the thread once it runs.
    private var source: (any TickSource)?
    private let options: FrameThreadOptions
    private let logger: Logger
    /// Reads the driver's clock (monotonic, or the manual source's virtual time).
    let now: @Sendable () -> Int64
    /// Makes the timer a failed source is replaced by.
    private let fallback: FallbackFactory
    /// Returns to the display after a failover; nil where there is nothing to return to.
    private let recovery: RecoveryFactory?
    /// How often, on the driver's clock, the frame thread tries the display again while it runs on
    /// the fallback timer.
    let recoveryInterval: Int64

    /// A driver for a source that is waited on by a frame thread. `now` reads the clock the source
    /// ticks in and `fallback` makes the timer that replaces a failed source: `CLOCK_MONOTONIC` and a
    /// standard ``TimerTickSource`` unless a test puts a virtual clock in both. After a failover the
    /// thread calls `recovery` every `recoveryInterval` until the display can be used again.
    init(
        source: any TickSource, control: ControlChannel, reason: String, options: FrameThreadOptions,
        logger: Logger, now: @escaping @Sendable () -> Int64 = { fc_monotonic_ns() },
        fallback: @escaping FallbackFactory = FrameDriver.standardTimer,
        recovery: RecoveryFactory? = nil, recoveryInterval: Int64 = 1_000_000_000
    ) {
        self.source = source
        self.control = control
        self.options = options
        self.logger = logger
        self.now = now
        self.fallback = fallback
        self.recovery = recovery
        self.recoveryInterval = recoveryInterval
        shared = Locked(
            Shared(
                info: FrameSourceInfo(
                    kind: source.kind, name: source.description, period: source.grid.period, reason: reason)))
    }

    /// A driver without a thread, driven by hand in virtual time.
    init(manualPeriod: FramePeriod, now: @escaping @Sendable () -> Int64, logger: Logger) {
        self.source = nil
        self.control = nil
        self.options = FrameThreadOptions(realtimePriority: nil)
        self.logger = logger
        self.now = now
        self.fallback = FrameDriver.standardTimer
        self.recovery = nil
        self.recoveryInterval = 0
        let info = FrameSourceInfo(
            kind: .manual, name: "manual \(manualPeriod)", period: manualPeriod, reason: "requested")
        shared = Locked(Shared(info: info))
    }

    var info: FrameSourceInfo { shared.withLock { $0.info } }
    var threadReport: FrameThreadReport? { shared.withLock { $0.threadReport } }
    /// Whether the frame thread has returned, its source closed.
    var hasThreadEnded: Bool { shared.withLock { $0.threadEnded } }

    /// The fallback in production: a standard-precision timer on the real clock.
    static func standardTimer(grid: TickGrid, control: ControlChannel) throws(DisplayLinkError)
        -> any TickSource
    {
        try TimerTickSource(grid: grid, precision: .standard, control: control)
    }

    func attach(_ link: DisplayLink) {
        shared.withLock { $0.links.append(link) }
    }

    /// Removes a link; a driver whose last link left stops its thread.
    func detach(_ link: DisplayLink) {
        let stop = shared.withLock { state -> Bool in
            state.links.removeAll { $0 === link }
            if state.links.isEmpty && control != nil && !state.isShared {
                state.finished = true
                return true
            }
            return false
        }
        if stop { control?.signal() } else { linkChanged() }
    }

    /// Keeps the frame thread when the last link leaves, for links that join later.
    func makeShared() {
        shared.withLock { $0.isShared = true }
    }

    /// Ends the frame thread of a shared source (its links stop receiving frames).
    func close() {
        shared.withLock { $0.finished = true }
        control?.signal()
    }

    /// Tells the frame thread that a link's wishes changed.
    func linkChanged() {
        control?.signal()
    }

    /// Starts the frame thread if it has not started yet.
    func ensureRunning() throws(DisplayLinkError) {
        guard control != nil else { return }
        let start = shared.withLock { state -> Bool in
            guard !state.threadStarted, !state.finished else { return false }
            state.threadStarted = true
            return true
        }
        guard start else { return }
        do {
            try FrameThread.start { [self] in self.runThread() }
        } catch {
            shared.withLock { $0.threadStarted = false }
            throw error
        }
    }

    /// The earliest tick any active link wants, or nil when none wants one.
    func nextWantedSequence(grid: TickGrid, now: Int64) -> Int64? {
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

    /// Hands a tick to every link, in the order they were attached.
    func dispatch(_ tick: Tick) {
        let links = shared.withLock { $0.links }
        for link in links {
            link.handle(tick, clock: now)
        }
    }

    /// Runs every link's dispatch path for `tick` without delivering anything (see
    /// ``DisplayLink/handle(_:clock:rehearsal:)``).
    private func rehearse(_ tick: Tick) {
        let links = shared.withLock { $0.links }
        for link in links {
            link.handle(tick, clock: now, rehearsal: true)
        }
    }

    private func runThread() {
        let report = FrameThread.configureCurrentThread(name: "FrameClock", options: options)
        shared.withLock { $0.threadReport = report }
        logger.debug("frame thread started: \(report)")
        // The source in use; nil once it failed with no fallback (failOver has closed it: closing it
        // again would close a descriptor number that another thread may have reused).
        var current = source
        // While on the fallback timer: when to try the display again, and why it was left.
        var recoveryDue: Int64? = nil
        var lastFailure = ""
        while let source = current, !shared.withLock({ $0.finished }) {
            if let due = recoveryDue, now() >= due {
                if let display = recover(replacing: source, after: lastFailure) {
                    current = display
                    recoveryDue = nil
                    continue
                }
                recoveryDue = now() + recoveryInterval
            }
            let target = nextWantedSequence(grid: source.grid, now: now())
            do {
                if let tick = try source.waitForTick(atOrAfter: target, rehearse: rehearse) {
                    dispatch(tick)
                }
            } catch {
                current = failOver(from: source, failure: error)
                if current != nil, source.kind == .drm, recovery != nil {
                    recoveryDue = now() + recoveryInterval
                    lastFailure = error.reason
                }
            }
        }
        current?.close()
        self.source = nil
        shared.withLock { $0.threadEnded = true }
    }

    /// Opens the display again in place of the fallback `timer`; nil (the timer goes on) while it
    /// cannot be used. The links start pacing over on the display's grid.
    private func recover(replacing timer: any TickSource, after failure: String) -> (any TickSource)? {
        guard let recovery, let control, let display = try? recovery(control) else { return nil }
        timer.close()
        let reason = "back on the display (it had failed: \(failure))"
        logger.notice("\(display.description): \(reason)")
        let links = shared.withLock { state in
            state.info = FrameSourceInfo(
                kind: display.kind, name: display.description, period: display.grid.period, reason: reason)
            return state.links
        }
        for link in links { link.sourceChanged(framesPerSecond: display.grid.period.framesPerSecond) }
        return display
    }

    /// Replaces a failed source by a timer on its last grid (phase and interval); nil when even that
    /// cannot be made, in which case the links are told and the thread ends.
    private func failOver(from failed: any TickSource, failure: TickSourceFailure) -> (any TickSource)? {
        failed.close()
        let reason =
            "\(failed.description) failed: \(failure.reason); continuing on the timer from its last phase"
        guard failed.kind != .timer, let control,
            let timer = try? fallback(failed.grid, control)
        else {
            logger.error("frame source failed and no fallback is possible: \(failure.reason)")
            shared.withLock {
                $0.info = FrameSourceInfo(
                    kind: failed.kind, name: failed.description, period: failed.grid.period,
                    reason: failure.reason)
                $0.finished = true
            }
            return nil
        }
        logger.warning("\(reason)")
        shared.withLock {
            $0.info = FrameSourceInfo(
                kind: .timer, name: timer.description, period: timer.grid.period, reason: reason)
        }
        return timer
    }
}
