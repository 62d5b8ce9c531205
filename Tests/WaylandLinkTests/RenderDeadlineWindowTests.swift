import Foundation
import TestSupport
import Testing
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("A render-deadline link on a library window")
    struct RenderDeadlineWindowTests {
        @Test(
            "with the default presentation latency: the compositor's full rate, each callback deferred to before the repaint that shows it"
        )
        func fullRateWithDefaults() throws {
            let session = try WindowSession(title: "render deadline")
            let run = try session.link()
            run.link.dispatch = .renderDeadline
            try run.start()
            try #require(run.waitForFrames(120))
            let frames = Array(run.frames.dropFirst(30))
            let info = run.link.sourceInfo
            let entries = run.link.timeline.entries.dropFirst(30)
            run.stop()
            #expect(info.kind == .wayland, "\(info)")
            #expect(run.errors.isEmpty, "\(run.errors)")
            // One presentation interval between frames: the full rate, not a half or a third of it.
            let gaps = zip(frames.dropFirst(), frames).map {
                Double($0.frame.timestamp.nanoseconds - $1.frame.timestamp.nanoseconds)
                    / info.period.nanoseconds
            }
            #expect(abs(TimingSummary.median(gaps) - 1) < 0.25, "\(gaps)")
            // The deadline is learned: callbacks start late in the interval, well after their tick.
            let interval = info.period.nanoseconds
            let deferred = entries.filter {
                Double($0.callbackStart.nanoseconds - $0.timestamp.nanoseconds) > interval / 4
            }
            #expect(deferred.count * 2 >= entries.count, "\(deferred.count) of \(entries.count) deferred")
            // And their commits make the repaint that shows them at their target.
            let shown = entries.filter { $0.presented != nil }
            let onTime = shown.filter { $0.outcome == .onTime }
            #expect(!shown.isEmpty, "no frame shown")
            RealTimeFigures.report(
                "Wayland window at its render deadline", "frames on time of \(shown.count) shown",
                onTime.count,
                isUsual: onTime.count * 10 >= shown.count * 8, usual: "≥ 80 %")
        }
    }
}
