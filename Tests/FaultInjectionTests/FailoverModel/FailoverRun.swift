import DRM
import Logging
import TestSupport

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// A ``FailoverScript`` played on one link on a real ``DRMTickSource`` over a ``ScriptedKernel``, with
/// the real frame thread, failover and return, in the kernel's virtual time; every frame recorded
/// with its callback's start and end, and every change of source with its instant.
final class FailoverRun: @unchecked Sendable {
    /// A frame as its callback saw it.
    struct Observed {
        var frame: Frame
        var kind: FrameSourceKind
        var start: Int64
        var end: Int64
    }

    /// A change of source, at an instant, before frame `beforeFrame` (the count delivered so far).
    struct SourceChange {
        enum Kind { case failedOver, returned }
        var kind: Kind
        var at: Int64
        var beforeFrame: Int
    }

    let script: FailoverScript
    let kernel: ScriptedKernel
    /// When the link was started.
    let startedAt: Int64
    /// The display's grid before any return, which the first fallback timer continues.
    let firstGrid: TickGrid
    /// The display's grid after its counter moved (by the script's `counterMove`, from the first time
    /// the CRTC went dark on).
    let movedGrid: TickGrid
    /// When the display's counter moved; nil when it never does.
    let movedAt: Int64?
    private(set) var observed: [Observed] = []
    private(set) var changes: [SourceChange] = []
    /// The link's statistics at the end.
    private(set) var statistics: DisplayLinkStatistics?
    /// The link's log.
    let log = LogCapture()
    /// Whether the frame thread ended before the frames were in (nothing could replace the display).
    private(set) var endedEarly = false

    private let recording = Locked<(frames: [Observed], changes: [SourceChange])>(([], []))

    /// Plays `script` to its end.
    init(_ script: FailoverScript) throws {
        self.script = script
        let kernel = ScriptedKernel()
        self.kernel = kernel
        let period = FramePeriod(uncheckedNumerator: ScriptedKernel.period, denominator: 1)
        firstGrid = TickGrid(
            anchorSequence: Int64(kernel.firstSequence), anchorTimestamp: kernel.vblankTime(0), period: period
        )
        movedGrid = TickGrid(
            anchorSequence: Int64(kernel.firstSequence) + Int64(script.counterMove),
            anchorTimestamp: kernel.vblankTime(0), period: period)
        movedAt = Self.schedule(script, on: kernel)

        let capture = log
        let control = try ControlChannel()
        kernel.watchControl(control)
        let source = try DRMTickSource(
            system: kernel, crtc: ScriptedKernel.crtc, control: control, preferSequenceEvents: true)
        let recording = recording
        let driver = FrameDriver(
            source: source, control: control, reason: .requested,
            options: LinkHarness.virtualTimeOptions, logger: capture.logger,
            now: { kernel.monotonicNanoseconds() },
            fallback: { grid, control throws(DisplayLinkError) in
                let timer = try TimerTickSource(
                    grid: grid, precision: .standard, control: control, system: kernel)
                recording.withLock {
                    $0.changes.append(
                        .init(
                            kind: .failedOver, at: kernel.monotonicNanoseconds(), beforeFrame: $0.frames.count
                        ))
                }
                return timer
            },
            recovery: { control throws(DisplayLinkError) in
                let display = try LinkHarness.reopen(kernel, control)
                recording.withLock {
                    $0.changes.append(
                        .init(
                            kind: .returned, at: kernel.monotonicNanoseconds(), beforeFrame: $0.frames.count))
                }
                return display
            },
            recoveryInterval: Duration.milliseconds(script.recoveryInterval).wholeNanoseconds,
            recoveryPatience: LinkHarness.exactRecovery)
        let link = DisplayLink(driver: driver, logger: capture.logger)
        if script.preferredRate > 0 {
            link.preferredFrameRateRange = try FrameRateRange(preferred: Double(script.preferredRate))
        }
        startedAt = kernel.monotonicNanoseconds()
        let count = script.frames
        try link.start { [link] frame in
            let start = kernel.monotonicNanoseconds()
            let kind = link.sourceInfo.kind
            let index = recording.withLock { $0.frames.count }
            kernel.elapse(.microseconds(script.cost(ofFrame: index)))
            let end = kernel.monotonicNanoseconds()
            let total = recording.withLock { state in
                state.frames.append(Observed(frame: frame, kind: kind, start: start, end: end))
                return state.frames.count
            }
            if total >= count { link.invalidate() }
        }
        let ended = RealTimePolling.waitUntil(seconds: 60) {
            recording.withLock { $0.frames.count } >= count || driver.hasThreadEnded
        }
        endedEarly = driver.hasThreadEnded && recording.withLock { $0.frames.count } < count
        link.invalidate()
        statistics = link.statistics
        let joined = RealTimePolling.waitUntil(seconds: 60) { driver.hasThreadEnded }
        precondition(ended && joined, "the frame thread did not finish within 60 s of real time")
        (observed, changes) = recording.withLock { ($0.frames, $0.changes) }
    }

    /// Puts the script's faults on `kernel`'s timeline (instants in µs after vblank 0).
    /// Returns when the counter moves, if it does.
    private static func schedule(_ script: FailoverScript, on kernel: ScriptedKernel) -> Int64? {
        let origin = kernel.vblankTime(0)
        var moved: Int64?
        for fault in script.faults {
            switch fault {
            case .crtcOff(let at, let dark):
                let off = origin + Int64(at) * 1000
                kernel.schedule(.crtcOff, at: off)
                // Only after a darkness that fails the source over: the model's numbering changes at
                // a return, and a counter that jumps under a running source is another story.
                if moved == nil, script.counterMove != 0, dark ?? .max >= FailoverScript.noticedDarkness {
                    // Every vblank after the last one before the CRTC went dark counts from the moved
                    // counter: no observation sees the old numbering after it.
                    moved = off
                    kernel.jumpSequence(
                        atVBlank: (off - origin) / ScriptedKernel.period + 1, by: Int64(script.counterMove))
                }
                if let dark { kernel.schedule(.crtcOn, at: off + Int64(dark) * 1000) }
            case .readFails(let at):
                kernel.inject(.at(.read, time: origin + Int64(at) * 1000, EIO))
            case .readFindsNothing(let at):
                kernel.inject(.at(.read, time: origin + Int64(at) * 1000, EAGAIN))
            }
        }
        return moved
    }

    /// The display's grid for a return at `instant`: its counter moved once it went dark.
    func displayGrid(returnedAt instant: Int64) -> TickGrid {
        guard let movedAt, instant > movedAt else { return firstGrid }
        return movedGrid
    }
}
