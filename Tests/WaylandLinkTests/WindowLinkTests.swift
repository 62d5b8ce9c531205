import Foundation
import TestSupport
import Testing
import Wayland
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("A display link on a library window")
    struct WindowLinkTests {
        @Test(
            "300 frames on frame callbacks: each presentation recorded is the compositor's feedback in CLOCK_MONOTONIC, and the median target is the presentation"
        )
        func threeHundredFrames() throws {
            let session = try WindowSession(title: "link", size: 128)
            let run = try session.link()
            try run.start()
            try #require(run.waitForFrames(300), "300 frames within 15 s")
            // The last frames' feedback arrives about two intervals after their commits.
            _ = run.waitUntil(timeout: .milliseconds(500)) { run.presentations.count >= 295 }
            // The presentations before the timeline: each one observed has been given to the link by
            // then (the source hands it on before the observer sees it), so the timeline has it.
            let presentations = run.presentations
            let timeline = run.link.timeline
            let info = run.link.sourceInfo
            run.stop()

            #expect(run.errors.isEmpty, "\(run.errors)")
            #expect(info.kind == .wayland, "\(info)")
            let frames = run.frames.prefix(300)
            // The frames came from frame callbacks (weston, on a busy machine, may skip a repaint
            // long enough for the source to tick a frame or two on its grid meanwhile; a loaded
            // machine, a few more).
            let test = "Wayland window, 300 frames"
            let onTimer = frames.filter { $0.kind != .wayland }.count
            #expect(onTimer < frames.count, "every frame on the timer")
            RealTimeFigures.report(
                test, "frames on the timer", onTimer, isUsual: onTimer <= 100, usual: "≤ 100")

            // Each presentation the source saw is the one the link recorded for that frame, and is
            // weston's CLOCK_MONOTONIC_RAW timestamp moved by the clocks' difference read beside it.
            #expect(!presentations.isEmpty, "no presentation feedback")
            RealTimeFigures.report(
                test, "presentations", presentations.count, isUsual: presentations.count >= 200,
                usual: "≥ 200")
            // (A tick the pacing rules dropped made no frame: its feedback rode on the next commit,
            // and the link has no frame to join it to.)
            var unjoined = 0
            for observed in presentations {
                guard let entry = timeline.entry(sequence: UInt64(observed.tick)) else {
                    unjoined += 1
                    continue
                }
                #expect(entry.presented?.nanoseconds == observed.frame.time, "frame \(observed.tick)")
                #expect(observed.frame.compositorClockID == CLOCK_MONOTONIC_RAW)
                let expected = observed.frame.compositorTime + observed.rawToMonotonic
                let tolerance =
                    observed.frame.conversionErrorBound + observed.readUncertainty + 20_000
                #expect(abs(observed.frame.time - expected) <= tolerance, "frame \(observed.tick)")
            }

            #expect(unjoined < presentations.count, "no presentation joined to its frame")
            RealTimeFigures.report(
                test, "presentations of ticks that made no frame", unjoined, isUsual: unjoined <= 50,
                usual: "≤ 50")

            // Frames are stamped with presentations: a callback's frame with the presentation before it,
            // and a frame ticked ahead of weston's repaint (weston repaints right after its vblank) with
            // the presentation it is ticked before, as predicted (weston's own jitter apart).
            let shown = presentations.map(\.frame.time).sorted()
            let stamped = frames.filter { delivered in
                let stamp = delivered.frame.timestamp.nanoseconds
                return shown.contains { abs($0 - stamp) <= 500_000 }
            }.count
            #expect(stamped > 0, "no frame stamped with a presentation time")
            RealTimeFigures.report(
                test, "frames stamped with a presentation time", stamped, isUsual: stamped >= 150,
                usual: "≥ 150")

            // The predicted target against the actual presentation (weston's jitter bounds the spread).
            let errors = timeline.entries.compactMap { entry in
                entry.presented.map { Double($0.nanoseconds - entry.target.nanoseconds) / 1e6 }
            }
            let interval = Double(info.period.nanoseconds) / 1e6
            let median = TimingSummary.median(errors.map(abs))
            #expect(median < interval / 2, "the median frame is shown at its target (\(median) ms off)")
            let onTime = timeline.entries.filter { $0.outcome == .onTime }.count
            RealTimeFigures.report(
                test, "frames on time of \(errors.count)", onTime, isUsual: onTime >= errors.count * 3 / 4,
                usual: "≥ three quarters")
            let latencies = frames.compactMap { delivered -> Double? in
                guard let committed = delivered.committedAt,
                    let presented = timeline.entry(sequence: delivered.frame.sequence)?.presented
                else { return nil }
                return Double(presented.nanoseconds - committed) / 1e6
            }
            let intervals = zip(presentations.dropFirst(), presentations).map {
                Double($0.frame.time - $1.frame.time) / 1e6
            }
            print(
                """
                Wayland link, 300 frames under weston headless (repaint-window 16): \(info)
                  presented − target:      \(TimingSummary.text(errors)) ms
                  |presented − target|:    \(TimingSummary.text(errors.map(abs))) ms
                  presentation interval:   \(TimingSummary.text(intervals)) ms
                  commit → presented:      \(TimingSummary.text(latencies)) ms
                  frames on the grid's timer while callbacks were late: \(onTimer)
                  outcomes: on time \(onTime), late \(run.link.statistics.framesLate), \
                dropped \(run.link.statistics.framesDropped) of \(errors.count) with feedback
                """)
        }
    }
}
