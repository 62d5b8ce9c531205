import Foundation
import Logging
import WestonFixture
import X11

@testable import FrameClock

/// A display link on an X11 window, driven as a front end drives it: on the library's window each
/// frame's callback fills the back pixmap and presents it. Records every frame with the source it came
/// from, and every Present completion the source read.
final class X11LinkRun: @unchecked Sendable {
    /// One frame's callback, as seen from inside it.
    struct Delivered {
        var frame: Frame
        var kind: FrameSourceKind
        var calledAt: Int64
    }

    /// The window presented in each frame (nil: an adopted window the run does not draw).
    let window: X11Window?
    let link: DisplayLink
    private let lock = NSLock()
    private var delivered: [Delivered] = []
    private var completions: [(completion: X11PresentCompletion, tag: Int64?)] = []
    private var failures: [String] = []
    /// The source, for its counters (nil once the link failed over).
    private(set) weak var source: X11TickSource?

    /// A link on `window`, the library's own (its presents armed by the link), not started.
    convenience init(window: X11Window) throws {
        try self.init(display: window.connection.displayName, xid: window.id, own: window)
    }

    /// A link on the window `xid` of `display`, adopted as a toolkit's is (`own` nil), not started.
    init(display: String, xid: UInt32, own: X11Window?) throws {
        window = own
        let recorder = Recorder()
        var made: X11TickSource?
        let driver = try SourceSelection.x11Driver(
            display: display, window: xid, own: own, options: FrameThreadOptions(realtimePriority: nil),
            logger: Logger(label: "X11LinkTests"),
            configure: { source in
                made = source
                source.completionObserver = { recorder.observe($0) }
            })
        link = DisplayLink(driver: driver, logger: Logger(label: "X11LinkTests"))
        link.timelineCapacity = 1000
        source = made
        recorder.run = self
    }

    /// How a frame is shown on the library's window.
    enum Presenting {
        /// Its back pixmap filled and presented (PresentPixmap).
        case pixmaps
        /// As if drawn onto the window itself (EGL's PutImage): only the window's NotifyMSC after it
        /// (`presentDrawnContent()`).
        case drawnContent
    }

    /// Starts the link: each frame presents the library's window (filled with a colour of its own), or
    /// asks for the presentation of what was drawn onto it.
    func start(presenting: Presenting = .pixmaps) throws {
        try link.start { [self] frame in
            let calledAt = monotonicNow()
            let kind = link.sourceInfo.kind
            if let window {
                do {
                    switch presenting {
                    case .pixmaps:
                        window.fill(
                            0xFF00_0000 | UInt32(truncatingIfNeeded: frame.sequence &* 0x0001_0203)
                                & 0x00FF_FFFF)
                        try window.present()
                    case .drawnContent:
                        try window.presentDrawnContent()
                    }
                } catch {
                    lock.withLock { failures.append("frame \(frame.sequence): \(error)") }
                }
            }
            lock.withLock { delivered.append(Delivered(frame: frame, kind: kind, calledAt: calledAt)) }
        }
    }

    var frames: [Delivered] { lock.withLock { delivered } }
    /// Every completion the source read, with the frame its pixmap's present was armed for (read as
    /// it came: the window remembers only the latest).
    var presentCompletions: [(completion: X11PresentCompletion, tag: Int64?)] {
        lock.withLock { completions }
    }
    var errors: [String] { lock.withLock { failures } }

    /// Waits until `count` frames have been delivered, at most `timeout`; false when they were not.
    func waitForFrames(_ count: Int, timeout: Duration = .seconds(20)) -> Bool {
        waitUntil(timeout: timeout) { frames.count >= count }
    }

    /// Polls `condition` every millisecond until it holds or `timeout` passes.
    func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        let end =
            monotonicNow() + Int64(timeout.components.seconds) * 1_000_000_000
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

    fileprivate func record(_ completion: X11PresentCompletion) {
        let ofWindow = completion.kind == .pixmap || X11Window.isWindowSerial(completion.serial)
        let tag = ofWindow ? window?.tag(ofSerial: completion.serial) : nil
        lock.withLock { completions.append((completion, tag)) }
    }

    /// Receives the source's completions on the frame thread before the run exists.
    private final class Recorder: @unchecked Sendable {
        weak var run: X11LinkRun?

        func observe(_ completion: X11PresentCompletion) { run?.record(completion) }
    }
}

/// Figures of a run's frames, printed by the tests.
struct X11RunFigures: CustomStringConvertible {
    /// Frame-to-frame timestamp gaps, in milliseconds, sorted.
    var gaps: [Double]
    /// Frames whose sequence did not move forward.
    var duplicates: Int
    /// Frames whose callback started less than half an interval after the one before.
    var bursts: Int
    /// Refreshes skipped, as the link counted them.
    var skipped: Int

    init(frames: [X11LinkRun.Delivered], skipped: Int) {
        var gaps: [Double] = []
        var duplicates = 0
        var bursts = 0
        for (previous, next) in zip(frames, frames.dropFirst()) {
            if next.frame.sequence <= previous.frame.sequence { duplicates += 1 }
            let gap = next.frame.timestamp.nanoseconds - previous.frame.timestamp.nanoseconds
            gaps.append(Double(gap) / 1e6)
            let interval = next.frame.duration.wholeNanoseconds
            if next.calledAt - previous.calledAt < interval / 2 { bursts += 1 }
        }
        self.gaps = gaps.sorted()
        self.duplicates = duplicates
        self.bursts = bursts
        self.skipped = skipped
    }

    /// The `fraction` quantile of sorted `values`.
    static func quantile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        return values[min(values.count - 1, Int(Double(values.count - 1) * fraction))]
    }

    var description: String {
        let p50 = Self.quantile(gaps, 0.5)
        return
            "gap p50 \(String(format: "%.3f", p50)) ms (min \(String(format: "%.3f", gaps.first ?? .nan)), "
            + "max \(String(format: "%.3f", gaps.last ?? .nan))), duplicates \(duplicates), bursts \(bursts), "
            + "skipped \(skipped)"
    }
}
