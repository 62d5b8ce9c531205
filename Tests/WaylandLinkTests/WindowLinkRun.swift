import Foundation
import Logging
import Wayland
import WestonFixture

@testable import FrameClock

/// A display link on a library window, driven as a front end drives it: each frame's callback draws
/// the window and commits it. Records every frame with the source it came from, each commit's time,
/// and every presentation the source reported with a clock pair read beside it.
final class WindowLinkRun: @unchecked Sendable {
    /// One frame's callback, as seen from inside it.
    struct Delivered {
        var frame: Frame
        var kind: FrameSourceKind
        var calledAt: Int64
        var committedAt: Int64?
        /// The output the link's source said the frames were shown on, at the callback.
        var output: FrameSourceOutput? = nil
    }

    /// A presentation the source reported, and the clocks read as it was handed on.
    struct Observed {
        var frame: WaylandPresentedFrame
        var tick: Int64
        /// CLOCK_MONOTONIC minus CLOCK_MONOTONIC_RAW, read beside the report.
        var rawToMonotonic: Int64
        /// Half the window in which that difference was read.
        var readUncertainty: Int64
    }

    let window: WaylandWindow
    let link: DisplayLink
    private let lock = NSLock()
    private var delivered: [Delivered] = []
    private var observed: [Observed] = []
    private var failures: [String] = []
    private var drawing = true

    /// A link on `window` (its source reachable for the presentation observer), not started.
    init(window: WaylandWindow) throws {
        self.window = window
        let recorder = Recorder()
        let driver = try SourceSelection.waylandDriver(
            surface: WaylandSurfaceBinding(window: window),
            options: FrameThreadOptions(realtimePriority: nil),
            logger: Logger(label: "WaylandLinkTests"),
            configure: { source in source.presentationObserver = { recorder.observe($0, $1) } })
        link = DisplayLink(driver: driver, logger: Logger(label: "WaylandLinkTests"))
        link.timelineCapacity = 1000
        recorder.run = self
    }

    /// Starts the link: each frame draws (unless ``isDrawing`` is false) and commits.
    func start() throws {
        try link.start { [self] frame in
            let calledAt = monotonicNow()
            let info = link.sourceInfo
            let kind = info.kind
            var committedAt: Int64?
            if isDrawing {
                // A colour of the frame's own, so that every commit changes the picture.
                let fill =
                    0xFF00_0000 | UInt32(truncatingIfNeeded: frame.sequence &* 0x0001_0203) & 0x00FF_FFFF
                do {
                    try window.draw(waitingUpTo: .milliseconds(500)) { $0.fill(fill) }
                    committedAt = try window.commit()
                } catch {
                    lock.withLock { failures.append("frame \(frame.sequence): \(error)") }
                }
            }
            lock.withLock {
                delivered.append(
                    Delivered(
                        frame: frame, kind: kind, calledAt: calledAt, committedAt: committedAt,
                        output: info.output))
            }
        }
    }

    /// Whether each frame draws and commits (a window never mapped does not).
    var isDrawing: Bool {
        get { lock.withLock { drawing } }
        set { lock.withLock { drawing = newValue } }
    }

    var frames: [Delivered] { lock.withLock { delivered } }
    var presentations: [Observed] { lock.withLock { observed } }
    /// Errors the frames' drawing or committing threw.
    var errors: [String] { lock.withLock { failures } }

    /// Waits until `count` frames have been delivered, at most `timeout`; false when they were not.
    func waitForFrames(_ count: Int, timeout: Duration = .seconds(15)) -> Bool {
        waitUntil(timeout: timeout) { frames.count >= count }
    }

    /// Polls `condition` every millisecond until it holds or `timeout` passes.
    func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        let end =
            monotonicNow() + timeout.components.seconds * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000
        while !condition() {
            if monotonicNow() > end { return false }
            usleep(1_000)
        }
        return true
    }

    /// Invalidates the link and waits (briefly) for its frame thread to end.
    func stop() {
        link.invalidate()
        usleep(50_000)
    }

    fileprivate func record(_ observation: Observed) {
        lock.withLock { observed.append(observation) }
    }

    /// Receives the source's observations on the frame thread before the run exists.
    private final class Recorder: @unchecked Sendable {
        weak var run: WindowLinkRun?

        func observe(_ frame: WaylandPresentedFrame, _ tick: Int64) {
            // Monotonic, raw, monotonic: the raw read lies between the two.
            let before = monotonicNow()
            let raw = monotonicRawNow()
            let after = monotonicNow()
            run?.record(
                Observed(
                    frame: frame, tick: tick, rawToMonotonic: (before + after) / 2 - raw,
                    readUncertainty: (after - before + 1) / 2))
        }
    }
}
