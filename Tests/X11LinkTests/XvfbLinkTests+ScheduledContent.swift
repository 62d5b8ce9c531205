import Foundation
import TestSupport
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// Content at chosen times on the library's X11 window: each frame's pixmap is presented with
/// Present's `target_msc` set to the MSC the link aims the frame at (the tick's MSC plus one), so
/// the server shows no picture before the refresh the link chose for it. Under Xvfb, in the Xvfb
/// suite.
extension XvfbLinkTests {
    /// Pictures the test schedules (24 fps for 2.5 s).
    static let scheduledPictureCount = 60

    @Test(
        "Pictures at 24 fps on the library's window: each pixmap's completion at the target MSC asked for or later, never sooner; every picture once, in order"
    )
    func scheduledContentAtTargetMSC() throws {
        let server = try XvfbServer()
        let connection = try X11Connection(display: server.display)
        let window = try X11Window(connection: connection, title: "content", width: 64, height: 64)
        let run = try X11LinkRun(window: window)
        try run.start()
        try #require(run.waitForFrames(10), "10 frames within 20 s")
        let first = monotonicNow() + 100_000_000
        let times = (0..<Int64(Self.scheduledPictureCount)).map {
            MonotonicInstant(nanoseconds: first + $0 * 1_000_000_000 / 24)
        }
        var next = 0
        let done = run.waitUntil(timeout: .seconds(10)) {
            while next < times.count, run.link.scheduledContentCount < 6 {
                guard
                    (try? run.link.schedule(ScheduledContent(id: UInt64(next), presentationTime: times[next])))
                        != nil
                else { return true }
                next += 1
            }
            return next == times.count && run.link.scheduledContentCount == 0
        }
        #expect(done, "every picture taken within 10 s (\(next) scheduled)")
        _ = run.waitUntil(timeout: .milliseconds(200)) { false }
        let timeline = run.link.timeline
        let statistics = run.link.statistics
        run.stop()

        #expect(run.errors.isEmpty, "\(run.errors)")
        // Every picture once, in order (dropped only when its frame's refresh went by: counted).
        let shown = run.frames.compactMap { $0.frame.content?.id }
        #expect(shown == shown.sorted() && Set(shown).count == shown.count, "\(shown)")
        #expect(shown.count + statistics.contentDropped == Self.scheduledPictureCount)
        // Each pixmap completion against the MSC its present asked for: the tick's MSC plus one.
        var atTarget = 0
        var later = 0
        var sooner: [String] = []
        for (completion, tag) in run.presentCompletions where completion.kind == .pixmap {
            guard let tag, completion.mode != .skip else { continue }
            let target = UInt64(tag + 1)
            if completion.msc == target {
                atTarget += 1
            } else if completion.msc > target {
                later += 1
            } else {
                sooner.append("frame \(tag): msc \(completion.msc), asked \(target)")
            }
        }
        #expect(sooner.isEmpty, "shown before the MSC asked for: \(sooner.prefix(5))")
        #expect(atTarget > 0, "no pixmap completed")
        // A present that reaches the server after its MSC has passed is shown at the next: real time.
        RealTimeFigures.report(
            "Xvfb, scheduled content", "pixmaps completed at the MSC asked for, of \(atTarget + later)",
            atTarget,
            isUsual: later * 20 <= atTarget + later, usual: "≥ 95 %")
        // The pictures' frames are in the timeline with the picture.
        let withContent = timeline.entries.filter { $0.content != nil }
        #expect(!withContent.isEmpty)
    }
}
