import DRM
import Logging
import TestSupport

@testable import FrameClock
@testable import VirtualKernel

/// A display link on a real ``DRMTickSource`` over a ``ScriptedKernel``, with the real frame thread,
/// the real failover to a ``TimerTickSource``, and all of it in the kernel's virtual time.
enum LinkHarness {
    /// Runs a link until it has delivered `frames` frames (it invalidates itself from the callback) or
    /// its frame thread ends, and returns what it did. `work` runs in each callback (it may move the
    /// virtual clock with ``ScriptedKernel/elapse(_:)``). With `recovers`, the link tries the
    /// display again every `recoveryInterval` after a failover, opening the scripted device anew; with
    /// `recovery`, it tries that instead. The frame thread waits `recoveryPatience` for each try.
    /// The frame thread has `options` (by default no real-time priority, and no latency on demand:
    /// virtual time has no business with the machine's real CPU-latency device).
    static func run(
        _ kernel: ScriptedKernel, frames count: Int, preferSequenceEvents: Bool = true,
        recovers: Bool = false, recoveryInterval: Duration = .seconds(1),
        recovery customRecovery: SourceFailover.RecoveryFactory? = nil,
        recoveryPatience: Duration = exactRecovery,
        options: FrameThreadOptions = virtualTimeOptions,
        work: @escaping @Sendable (Frame) -> Void = { _ in }
    ) throws -> LinkOutcome {
        let (capture, control) = try logAndControl(kernel)
        let source = try DRMTickSource(
            system: kernel, crtc: ScriptedKernel.crtc, control: control,
            preferSequenceEvents: preferSequenceEvents)
        var recovery: SourceFailover.RecoveryFactory? = customRecovery
        if recovers {
            recovery = { control throws(DisplayLinkError) in try reopen(kernel, control) }
        }
        let driver = FrameDriver(
            source: source, control: control, reason: .requested, options: options, logger: capture.logger,
            now: { kernel.monotonicNanoseconds() },
            fallback: { grid, control throws(DisplayLinkError) in
                try TimerTickSource(grid: grid, precision: .standard, control: control, system: kernel)
            },
            recovery: recovery,
            recoveryInterval: recoveryInterval.wholeNanoseconds, recoveryPatience: recoveryPatience)
        return try drive(driver, frames: count, capture: capture, work: work)
    }

    /// A log to capture the link's messages, and a control channel that `kernel` watches while its
    /// timer is disarmed.
    private static func logAndControl(_ kernel: ScriptedKernel) throws -> (LogCapture, ControlChannel) {
        let control = try ControlChannel()
        kernel.watchControl(control)
        return (LogCapture(), control)
    }

    /// How long the frame thread waits for a try of the display in virtual time, where its clock runs
    /// as fast as it waits: long enough that every try's answer is taken at the instant it started,
    /// so that a run is exact.
    static let exactRecovery = Duration.seconds(30)

    /// The frame thread's options in virtual time: no real-time priority, no latency on demand.
    static let virtualTimeOptions = FrameThreadOptions(realtimePriority: nil, latencyOnDemand: false)

    /// Runs a link on a ``TimerTickSource`` of `precision` over `kernel`'s clock and timer (the grid
    /// anchored at the kernel's vblank 0), as ``run(_:frames:preferSequenceEvents:recovers:recoveryInterval:options:work:)``
    /// runs one on its display.
    static func runTimer(
        _ kernel: ScriptedKernel, precision: TimerPrecision, frames count: Int,
        options: FrameThreadOptions = virtualTimeOptions,
        work: @escaping @Sendable (Frame) -> Void = { _ in }
    ) throws -> LinkOutcome {
        let (capture, control) = try logAndControl(kernel)
        let grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: kernel.vblankTime(0),
            period: FramePeriod(uncheckedNumerator: ScriptedKernel.period, denominator: 1))
        let source = try TimerTickSource(grid: grid, precision: precision, control: control, system: kernel)
        let driver = FrameDriver(
            source: source, control: control, reason: .requested, options: options, logger: capture.logger,
            now: { kernel.monotonicNanoseconds() })
        return try drive(driver, frames: count, capture: capture, work: work)
    }

    /// Starts a link on `driver`, runs it until it has delivered `count` frames or its thread ends,
    /// and returns what it did.
    private static func drive(
        _ driver: FrameDriver, frames count: Int, capture: LogCapture,
        work: @escaping @Sendable (Frame) -> Void
    ) throws -> LinkOutcome {
        let link = DisplayLink(driver: driver, logger: capture.logger)
        let log = FrameRecorder()
        let kinds = Locked<[FrameSourceKind]>([])
        try link.start { [link] frame in
            kinds.withLock { $0.append(link.sourceInfo.kind) }
            log.record(frame)
            work(frame)
            if log.count >= count { link.invalidate() }
        }
        // The frame thread runs through virtual time as fast as it can; real time bounds only a hang.
        let ended = RealTimePolling.waitUntil(seconds: 60) { log.count >= count || driver.hasThreadEnded }
        let endedEarly = driver.hasThreadEnded && log.count < count
        link.invalidate()
        let joined = RealTimePolling.waitUntil(seconds: 60) { driver.hasThreadEnded }
        precondition(ended && joined, "the frame thread did not finish within 60 s of real time")
        return LinkOutcome(
            frames: log.all, kinds: kinds.withLock { $0 }, sourceInfo: link.sourceInfo,
            statistics: link.statistics, warnings: capture.messages(at: .warning),
            errors: capture.messages(at: .error), notices: capture.messages(at: .notice),
            threadEndedEarly: endedEarly, threadReport: link.threadReport)
    }

    /// Opens the scripted device again and a DRM source on it, as a return to the display does;
    /// the device is closed again when the source cannot be made.
    static func reopen(_ kernel: ScriptedKernel, _ control: ControlChannel) throws(DisplayLinkError)
        -> DRMTickSource<ScriptedKernel>
    {
        kernel.reopen()
        do {
            return try DRMTickSource(system: kernel, crtc: ScriptedKernel.crtc, control: control)
        } catch {
            kernel.close()
            throw error
        }
    }
}
