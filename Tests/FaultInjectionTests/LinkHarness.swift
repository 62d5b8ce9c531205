import DRM
import Logging

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Log messages kept for assertions.
final class LogCapture: Sendable {
    private let entries = Locked<[(level: Logger.Level, message: String)]>([])

    func append(_ level: Logger.Level, _ message: String) { entries.withLock { $0.append((level, message)) } }

    /// The messages at `level`.
    func messages(at level: Logger.Level) -> [String] {
        entries.withLock { $0.filter { $0.level == level }.map(\.message) }
    }

    /// A logger that writes here.
    var logger: Logger {
        Logger(label: "FaultInjection") { _ in CapturingHandler(capture: self) }
    }

    private struct CapturingHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(event.level, event.message.description)
        }
    }
}

/// Collects frames delivered on the frame thread.
final class FrameLog: Sendable {
    private let frames = Locked<[Frame]>([])

    func record(_ frame: Frame) { frames.withLock { $0.append(frame) } }
    var all: [Frame] { frames.withLock { $0 } }
    var count: Int { frames.withLock { $0.count } }
}

/// What a link did on a scripted kernel.
struct LinkOutcome {
    var frames: [Frame]
    var sourceInfo: FrameSourceInfo
    var statistics: DisplayLinkStatistics
    var warnings: [String]
    var errors: [String]
    /// Whether the frame thread ended by itself (no fallback possible) before the frames were in.
    var threadEndedEarly: Bool

    /// Frame sequences.
    var sequences: [Int64] { frames.map { Int64(bitPattern: $0.sequence) } }
    /// Frame timestamps (nanoseconds).
    var timestamps: [Int64] { frames.map(\.timestamp.nanoseconds) }
    /// The intervals between consecutive frames' timestamps.
    var gaps: [Int64] { zip(timestamps, timestamps.dropFirst()).map { $1 - $0 } }
}

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
        let log = FrameLog()
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
