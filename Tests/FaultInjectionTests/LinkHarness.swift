import DRM
import Logging
import TestSupport

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// A display link on a real ``DRMTickSource`` over a ``ScriptedKernel``, with the real frame thread,
/// the real failover to a ``TimerTickSource``, and all of it in the kernel's virtual time.
enum LinkHarness {
    /// Runs a link until it has delivered `frames` frames (it invalidates itself from the callback) or
    /// its frame thread ends, and returns what it did. `work` runs in each callback (it may move the
    /// virtual clock with ``ScriptedKernel/elapse(_:)``). With `recovers`, the link tries the
    /// display again every `recoveryInterval` after a failover, opening the scripted device anew.
    static func run(
        _ kernel: ScriptedKernel, frames count: Int, preferSequenceEvents: Bool = true,
        recovers: Bool = false, recoveryInterval: Duration = .seconds(1),
        work: @escaping @Sendable (Frame) -> Void = { _ in }
    ) throws -> LinkOutcome {
        let capture = LogCapture()
        let control = try ControlChannel()
        kernel.watchControl(control)
        let source = try DRMTickSource(
            system: kernel, crtc: ScriptedKernel.crtc, control: control,
            preferSequenceEvents: preferSequenceEvents)
        var recovery: SourceFailover.RecoveryFactory? = nil
        if recovers {
            recovery = { control throws(DisplayLinkError) in try reopen(kernel, control) }
        }
        let driver = FrameDriver(
            source: source, control: control, reason: .requested,
            options: FrameThreadOptions(realtimePriority: nil), logger: capture.logger,
            now: { kernel.monotonicNanoseconds() },
            fallback: { grid, control throws(DisplayLinkError) in
                try TimerTickSource(grid: grid, precision: .standard, control: control, system: kernel)
            },
            recovery: recovery,
            recoveryInterval: recoveryInterval.wholeNanoseconds)
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
        let ended = waitUntil(seconds: 60) { log.count >= count || driver.hasThreadEnded }
        let endedEarly = driver.hasThreadEnded && log.count < count
        link.invalidate()
        let joined = waitUntil(seconds: 60) { driver.hasThreadEnded }
        precondition(ended && joined, "the frame thread did not finish within 60 s of real time")
        return LinkOutcome(
            frames: log.all, kinds: kinds.withLock { $0 }, sourceInfo: link.sourceInfo,
            statistics: link.statistics, warnings: capture.messages(at: .warning),
            errors: capture.messages(at: .error), notices: capture.messages(at: .notice),
            threadEndedEarly: endedEarly)
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

    /// Polls `condition` every millisecond for up to `seconds` of real time.
    static func waitUntil(seconds: Int, _ condition: () -> Bool) -> Bool {
        for _ in 0..<(seconds * 1000) {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }
}
