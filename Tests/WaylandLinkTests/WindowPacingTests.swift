import Foundation
import TestSupport
import Testing
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("Pacing a display link on a library window")
    struct WindowPacingTests {
        @Test("at half the compositor's rate: a frame every other presentation, on the callbacks throughout")
        func halfRate() throws {
            let session = try WindowSession(title: "half rate")
            let run = try session.link()
            run.link.preferredFramesPerSecond = 30
            try run.start()
            try #require(run.waitForFrames(40))
            let frames = Array(run.frames.dropFirst(5))
            let statistics = run.link.statistics
            let info = run.link.sourceInfo
            run.stop()
            #expect(info.kind == .wayland, "\(info)")
            let onTimer = frames.filter { $0.kind != .wayland }.count
            #expect(onTimer < frames.count, "every frame on the timer")
            RealTimeFigures.report(
                "Wayland window at half rate", "frames on the timer of \(frames.count)", onTimer,
                isUsual: onTimer <= 10, usual: "≤ 10")
            // Two presentation intervals between frames (the grid's, about 34 ms at weston's 17.1 ms).
            let gaps = zip(frames.dropFirst(), frames).map {
                Double($0.frame.timestamp.nanoseconds - $1.frame.timestamp.nanoseconds)
                    / info.period.nanoseconds
            }
            // Every other presentation (not every one, not every third); a loaded machine's skipped
            // repaints and the measured interval's own error move the median by a few hundredths.
            #expect(abs(TimingSummary.median(gaps) - 2) < 0.5, "\(gaps)")
            #expect(statistics.framesWithFeedback >= 30, "\(statistics)")
        }

        @Test(
            "paused and resumed: no frames while paused, then frames on the callbacks again, no stall reported"
        )
        func pauseAndResume() throws {
            let session = try WindowSession(title: "paused")
            let run = try session.link()
            try run.start()
            try #require(run.waitForFrames(20))
            run.link.isPaused = true
            usleep(30_000)
            let paused = run.frames.count
            usleep(300_000)
            #expect(run.frames.count == paused, "no frames while paused")
            run.link.isPaused = false
            try #require(run.waitForFrames(paused + 30))
            let info = run.link.sourceInfo
            let resumed = Array(run.frames[paused...])
            run.stop()
            #expect(info.kind == .wayland, "\(info)")
            let onTimer = resumed.filter { $0.kind != .wayland }.count
            RealTimeFigures.report(
                "Wayland window paused and resumed",
                "frames on the timer of \(resumed.count) after the pause", onTimer, isUsual: onTimer <= 10,
                usual: "≤ 10")
            // The callback left pending by the pause is not taken for a stalled surface (a repaint
            // weston skips later on may be, for a frame or two, on a busy machine).
            #expect(resumed.prefix(5).allSatisfy { $0.kind == .wayland }, "no stall on resuming: \(info)")
        }
    }
}
