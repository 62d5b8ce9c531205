import Foundation
import TestSupport
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// Display links on X11 windows under Xwayland inside weston headless, which paces each window's
/// Present by the compositor's frame callbacks. One at a time: each starts its own weston.
@Suite(
    "Display links under Xwayland in weston headless", .serialized,
    .enabled(
        if: XServerAvailability.xwaylandTestsRun, Comment(rawValue: XServerAvailability.xwaylandSkipReason)),
    .timeLimit(.minutes(2)))
struct XwaylandLinkTests {
    /// How many frames at the start the prediction is not judged on (the interval is still measured).
    static let settlingFrames = 10
    /// The median |UST − target| in milliseconds a right line stays under on any machine: the USTs
    /// scatter by about 1 ms, and a wrong phase or interval moves most frames by several.
    static let medianBound = 2.0

    @Test(
        "300 frames on the library's window: the compositor's cadence (0 duplicate, 0 burst), every pixmap's completion in the timeline, the target's median error within the bound (its p95 reported)"
    )
    func libraryWindow() throws {
        let session = try XwaylandSession()
        let connection = try X11Connection(display: session.display, timeout: .seconds(5))
        let window = try X11Window(
            connection: connection, title: "xwayland-link", width: 160, height: 120, timeout: .seconds(5))
        let run = try X11LinkRun(window: window)
        try run.start()
        try #require(run.waitForFrames(300), "300 frames within 20 s")
        _ = run.waitUntil(timeout: .milliseconds(200)) { false }
        // Completions read after this moment may not be in the timeline taken now.
        let timelineTakenAt = monotonicNow()
        let timeline = run.link.timeline
        let info = run.link.sourceInfo
        let bogus = run.source?.bogusCompletions ?? -1
        run.stop()

        let frames = Array(run.frames.prefix(300))
        let figures = X11RunFigures(frames: frames, skipped: frames.reduce(0) { $0 + $1.frame.skippedFrames })
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(frames.allSatisfy { $0.kind == .x11 }, "\(info)")
        #expect(figures.duplicates == 0, "\(figures)")
        #expect(figures.bursts == 0, "\(figures)")
        #expect(bogus == 0)

        let presented = X11LinkTestsSupport.joinPixmapCompletions(
            run, timeline: timeline, readBefore: timelineTakenAt)
        #expect(presented.missing.isEmpty, "completions not in the timeline: \(presented.missing.prefix(5))")
        // Each frame's target against its pixmap's UST, after the first frames.
        let errors = frames.dropFirst(Self.settlingFrames).compactMap { delivered -> Double? in
            guard let entry = timeline.entry(sequence: delivered.frame.sequence), let shown = entry.presented
            else { return nil }
            return Double(abs(shown.nanoseconds - entry.target.nanoseconds)) / 1e6
        }.sorted()
        let p50 = X11RunFigures.quantile(errors, 0.5)
        let p95 = X11RunFigures.quantile(errors, 0.95)
        // The floor: how far the server's own USTs lie from the straight line that fits them best
        // (the whole run, after the first frames). No prediction made a frame ahead can beat it.
        let floor = X11LinkTestsSupport.ustScatter(
            run.presentCompletions.map(\.completion).filter { $0.kind == .pixmap && $0.mode != .skip },
            dropping: Self.settlingFrames)
        print(
            "Xwayland, library window, 300 frames: \(figures); \(presented.joined) presentations joined, "
                + "|UST − target| p50 \(String(format: "%.3f", p50)) ms p95 \(String(format: "%.3f", p95)) ms "
                + "(max \(String(format: "%.3f", errors.last ?? .nan))) over \(errors.count) frames; the USTs "
                + "around their best line: p95 \(String(format: "%.3f", floor)) ms; source \(info)"
        )
        let test = "Xwayland, library window, 300 frames"
        #expect(!errors.isEmpty, "no frame's presentation joined")
        RealTimeFigures.report(
            test, "presentations joined", presented.joined, isUsual: presented.joined >= 270, usual: "≥ 270")
        // Xwayland stamps each UST when it handles weston's frame callback, and weston's timers count
        // milliseconds: single USTs scatter around the best line by about 1 ms at p95 (0.94–1.5 ms
        // measured, docs/x11-ust-scatter.md), so 0.5 ms at p95 is out of any prediction's reach here.
        // The median is what a wrong phase or interval moves by several milliseconds; the p95 is a
        // real-time figure that a loaded machine moves too, so it is reported beside the floor.
        #expect(p50 <= Self.medianBound, "p50 \(p50) ms")
        RealTimeFigures.report(
            test, "|UST − target| p95 in ms, the USTs' own scatter \(String(format: "%.3f", floor)) ms",
            String(format: "%.3f", p95), isUsual: p95 <= floor + 0.5, usual: "within 0.5 ms of the scatter")
    }

    @Test(
        "An adopted window of another X client (as SDL's or GLFW's, by XID and display) is paced the same way"
    )
    func adoptedWindow() throws {
        let session = try XwaylandSession()
        // The other client: a connection of its own that makes and maps the window, and presents it
        // now and then, as a toolkit would.
        let client = try X11Connection(display: session.display, timeout: .seconds(5))
        let toolkitWindow = try X11Window(
            connection: client, title: "toolkit", width: 160, height: 120, timeout: .seconds(5))
        toolkitWindow.fill(0xFF20_4080)
        try toolkitWindow.present()
        let run = try X11LinkRun(display: session.display, xid: toolkitWindow.id, own: nil)
        try run.start()
        try #require(run.waitForFrames(300), "300 frames within 20 s")
        let info = run.link.sourceInfo
        run.stop()
        let frames = Array(run.frames.prefix(300))
        let figures = X11RunFigures(frames: frames, skipped: frames.reduce(0) { $0 + $1.frame.skippedFrames })
        print("Xwayland, adopted window, 300 frames: \(figures); source \(info)")
        #expect(frames.allSatisfy { $0.kind == .x11 }, "\(info)")
        #expect(figures.duplicates == 0, "\(figures)")
        #expect(figures.bursts == 0, "\(figures)")
        let p50 = X11RunFigures.quantile(figures.gaps, 0.5)
        #expect(p50 > 14 && p50 < 19, "\(figures)")
    }
}
