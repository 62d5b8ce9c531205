import Foundation
import TestSupport
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// The first frames of a link on an X11 window under Xvfb lie on the window's refresh grid (issue
/// 49): each step of `targetTimestamp` from the first frame on, while the clock learns the grid, is
/// a whole number of refreshes, however the clock's first USTs scatter. Many short runs on one server, since a run goes wrong
/// (or right) within its first few frames.
@Suite(
    "The first frames of X11 links under Xvfb", .serialized,
    .enabled(if: XServerAvailability.xvfbTestsRun, Comment(rawValue: XServerAvailability.xvfbSkipReason)),
    .timeLimit(.minutes(2)))
struct XvfbFirstFramesTests {
    /// Runs of each kind of window: enough that a fault in one run of ten shows almost surely.
    static let runs = 50
    /// Frames in a run: the clock's first USTs, its fit, and a few frames on it.
    static let framesPerRun = 12
    /// The fake CRTC's refresh interval, in nanoseconds (Xvfb's 60 Hz).
    static let refresh: Int64 = 16_666_667
    /// The steps asserted: those while the clock learns the grid (its first USTs, its fit), where a
    /// fault of the clock shows. A later step off the grid is a wake-up a loaded machine delayed
    /// (Xvfb's own timer stamps the UST): reported, not asserted.
    static let learningSteps = 6
    /// How far a step may lie from a whole number of refreshes: a quarter interval, far above the
    /// fake CRTC's UST scatter once the grid is fitted and far below the half that would make a
    /// step the wrong number of refreshes.
    static let tolerance = refresh / 4

    /// How a run's window is made.
    enum WindowKind: String, CustomTestStringConvertible, CaseIterable {
        /// The library's own window, presented in each frame.
        case own
        /// A toolkit's window, adopted by its XID.
        case adopted

        var testDescription: String { rawValue }
    }

    @Test(
        "50 short runs: every step of targetTimestamp while the clock learns the grid is a whole number of refreshes (within a quarter interval); later ones reported",
        arguments: WindowKind.allCases)
    func firstFramesOnTheGrid(kind: WindowKind) throws {
        let server = try XvfbServer()
        let client = try X11Connection(display: server.display)
        var failing: [String] = []
        var offLater = 0
        var incomplete = 0
        let started = monotonicNow()
        for run in 0..<Self.runs {
            let targets = try Self.targets(kind: kind, server: server, client: client, run: run)
            guard targets.count >= Self.framesPerRun else {
                incomplete += 1
                continue
            }
            let steps = zip(targets, targets.dropFirst()).map { $1 - $0 }
            if let bad = steps.firstIndex(where: { !Self.isWholeRefreshes($0) }) {
                let shown = steps.map { DecimalFormat.milliseconds($0) }.joined(separator: " ")
                let line = "run \(run): step \(bad + 1) off the grid; steps (ms) \(shown)"
                if bad < Self.learningSteps { failing.append(line) } else { offLater += 1 }
                print("  \(line)")
            }
        }
        let seconds = Double(monotonicNow() - started) / 1e9
        let test = "Xvfb, first frames, \(kind.rawValue) window"
        print(
            "\(test): \(failing.count) of \(Self.runs) runs off the grid, in \(String(format: "%.1f", seconds)) s"
        )
        RealTimeFigures.report(
            test, "runs with \(Self.framesPerRun) frames", Self.runs - incomplete, isUsual: incomplete == 0,
            usual: "\(Self.runs)")
        RealTimeFigures.report(
            test, "runs with a step off the grid after the first \(Self.learningSteps)", offLater,
            isUsual: offLater == 0, usual: "0")
        #expect(incomplete < Self.runs / 2, "\(incomplete) runs without \(Self.framesPerRun) frames")
        #expect(failing.isEmpty, "\(failing.count) of \(Self.runs) runs: \(failing.prefix(3))")
    }

    /// Whether `step` (ns) lies within ``tolerance`` of one or more whole refreshes.
    static func isWholeRefreshes(_ step: Int64) -> Bool {
        let whole = (Double(step) / Double(refresh)).rounded()
        return whole >= 1 && abs(step - Int64(whole) * refresh) <= tolerance
    }

    /// The target timestamps of a run's first ``framesPerRun`` frames on a new window of `kind`.
    private static func targets(kind: WindowKind, server: XvfbServer, client: X11Connection, run: Int) throws
        -> [Int64]
    {
        let title = "first-frames-\(kind.rawValue)-\(run)"
        let window = try X11Window(connection: client, title: title, width: 64, height: 64)
        defer { window.close() }
        let linkRun =
            switch kind {
            case .own: try X11LinkRun(window: window)
            case .adopted: try X11LinkRun(display: server.display, xid: window.id, own: nil)
            }
        try linkRun.start()
        _ = linkRun.waitForFrames(framesPerRun, timeout: .seconds(2))
        linkRun.stop()
        let frames = linkRun.frames.prefix(framesPerRun)
        guard frames.allSatisfy({ $0.kind == .x11 }) else { return [] }
        return frames.map(\.frame.targetTimestamp.nanoseconds)
    }
}

extension DecimalFormat {
    /// `nanoseconds` in milliseconds with one decimal.
    fileprivate static func milliseconds(_ nanoseconds: Int64) -> String {
        string(Double(nanoseconds) / 1e6, digits: 1)
    }
}
