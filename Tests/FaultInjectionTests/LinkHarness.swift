import DRM
import Logging
import TestSupport

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A display link on a real ``DRMTickSource`` over a ``ScriptedKernel``, with the real frame thread,
/// the real failover to a ``TimerTickSource``, and all of it in the kernel's virtual time.
enum LinkHarness {
    /// Runs a link until it has delivered `frames` frames (it invalidates itself from the callback) or
    /// its frame thread ends, and returns what it did. `work` runs in each callback (it may move the
    /// virtual clock with ``ScriptedKernel/elapse(_:)``).
    static func run(
        _ kernel: ScriptedKernel, frames count: Int, preferSequenceEvents: Bool = true,
        work: @escaping @Sendable (Frame) -> Void = { _ in }
    ) throws -> LinkOutcome {
        let capture = LogCapture()
        let control = try ControlChannel()
        kernel.watchControl(control)
        let source = try DRMTickSource(
            system: kernel, crtc: ScriptedKernel.crtc, control: control,
            preferSequenceEvents: preferSequenceEvents)
        let driver = FrameDriver(
            source: source, control: control, reason: "requested",
            options: FrameThreadOptions(realtimePriority: nil), logger: capture.logger,
            now: { kernel.monotonicNanoseconds() },
            fallback: { grid, control throws(DisplayLinkError) in
                try TimerTickSource(grid: grid, precision: .standard, control: control, system: kernel)
            })
        let link = DisplayLink(driver: driver, logger: capture.logger)
        let log = FrameRecorder()
        try link.start { frame in
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
            frames: log.all, sourceInfo: link.sourceInfo, statistics: link.statistics,
            warnings: capture.messages(at: .warning), errors: capture.messages(at: .error),
            threadEndedEarly: endedEarly)
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
