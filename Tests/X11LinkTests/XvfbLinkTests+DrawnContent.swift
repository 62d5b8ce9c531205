import Foundation
import TestSupport
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// Frames drawn onto the library's window itself rather than into its pixmaps, as Mesa's software EGL
/// does (PutImage, no PresentPixmap): each frame's presentation is the completion of the window's
/// NotifyMSC after it (`X11Window.presentDrawnContent()`), and the link's own NotifyMSC ticks go on.
/// Under Xvfb, without EGL (x11-gles-clock in Examples/FrontEnds runs the same with GLES); in the Xvfb suite, so that
/// it runs alone as the suite's other tests do.
extension XvfbLinkTests {
    /// Frames the test runs.
    static let drawnFrameCount = 120

    @Test(
        "Each frame's presentation is the completion of the window's NotifyMSC after it, in the timeline; the ticks go on"
    )
    func presentationsFromTheWindowsNotifyMSC() throws {
        let server = try XvfbServer()
        let connection = try X11Connection(display: server.display)
        let window = try X11Window(connection: connection, title: "drawn", width: 64, height: 64)
        let run = try X11LinkRun(window: window)
        try run.start(presenting: .drawnContent)
        try #require(run.waitForFrames(Self.drawnFrameCount), "\(Self.drawnFrameCount) frames within 20 s")
        _ = run.waitUntil(timeout: .milliseconds(200)) { false }
        let timelineTakenAt = monotonicNow()
        let timeline = run.link.timeline
        run.stop()

        let frames = Array(run.frames.prefix(Self.drawnFrameCount))
        let figures = X11RunFigures(frames: frames, skipped: frames.reduce(0) { $0 + $1.frame.skippedFrames })
        print("Xvfb, drawn content, \(Self.drawnFrameCount) frames: \(figures)")
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(frames.allSatisfy { $0.kind == .x11 })
        #expect(figures.duplicates == 0, "\(figures)")
        #expect(figures.bursts == 0, "\(figures)")

        var joined = 0
        var missing: [String] = []
        for (completion, tag) in run.presentCompletions where X11Window.isWindowSerial(completion.serial) {
            // Every completion of the window's own requests is a NotifyMSC here: nothing presented a pixmap.
            #expect(completion.kind == .notifyMSC)
            guard completion.ust != 0, completion.receivedAt < timelineTakenAt, let tag,
                let entry = timeline.entry(sequence: UInt64(tag))
            else { continue }
            if entry.presented?.nanoseconds == completion.ustNanoseconds {
                joined += 1
            } else {
                missing.append("msc \(completion.msc) → frame \(tag): \(String(describing: entry.presented))")
            }
        }
        #expect(missing.isEmpty, "completions not in the timeline: \(missing.prefix(5))")
        #expect(joined > 0, "no presentation joined")
        RealTimeFigures.report(
            "Xvfb, drawn content", "presentations joined of \(Self.drawnFrameCount)", joined,
            isUsual: joined >= Self.drawnFrameCount - 10, usual: "all but 10")
        // The frames settled: shown (on time or late), none left pending but the last few.
        let pending = frames.dropLast(3).filter {
            timeline.entry(sequence: $0.frame.sequence)?.outcome == .pending
        }
        #expect(pending.isEmpty, "\(pending.count) frames pending")
    }
}
