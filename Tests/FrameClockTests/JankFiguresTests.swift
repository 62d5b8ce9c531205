import Foundation
import Testing

@testable import FrameClock

/// Hitch-time ratio, dropped-frame percentage, Swappy's histograms and each hitch's cause, on
/// timelines scripted by hand and on a link's run in virtual time.
@Suite("Jank figures")
struct JankFiguresTests {
    /// 10 ms in nanoseconds: the scripted display's refresh and frame interval (vsync k at k·10 ms).
    static let interval: Int64 = 10_000_000
    static let millisecond: Int64 = 1_000_000

    /// Frame `sequence` after vsync `sequence`, meant for the next one, its deadline 1 ms before it,
    /// its callback `work` ms long from the vsync.
    static func entry(
        _ sequence: Int64, work: Int64 = 2, skipped: Int = 0, presentedAt vsync: Int64? = nil,
        discarded: Bool = false
    ) -> FrameTimelineEntry {
        let timestamp = sequence * interval
        let target = timestamp + interval
        var entry = FrameTimelineEntry(
            sequence: UInt64(sequence), timestamp: MonotonicInstant(nanoseconds: timestamp),
            callbackStart: MonotonicInstant(nanoseconds: timestamp),
            callbackEnd: MonotonicInstant(nanoseconds: timestamp + work * millisecond),
            deadline: MonotonicInstant(nanoseconds: target - millisecond),
            target: MonotonicInstant(nanoseconds: target), presented: nil, presentedVBlank: nil,
            outcome: .pending, skippedFrames: skipped, predictedDuration: .zero,
            refreshInterval: .nanoseconds(interval), frameInterval: .nanoseconds(interval))
        if let vsync {
            entry.recordPresentation(at: MonotonicInstant(nanoseconds: vsync * interval), vblank: nil)
        }
        if discarded { entry.outcome = .dropped }
        return entry
    }

    /// Every kind of frame: on time, late by its callback, after a skip, late by the display, queued
    /// behind a late one, discarded, without feedback, and a skip without feedback.
    static let scripted = FrameTimeline(entries: [
        entry(0, presentedAt: 1),  // on time
        entry(1, work: 15, presentedAt: 3),  // ends at 25 ms, past its 19 ms deadline: late by 1
        entry(3, skipped: 1, presentedAt: 4),  // on time after the skip
        entry(4, presentedAt: 6),  // ended in time, shown a vsync late: the display's fault
        entry(5, presentedAt: 7),  // queued behind frame 4: late, but one interval after it
        entry(6, discarded: true),
        entry(7, presentedAt: 8),  // on time
        entry(8),  // no feedback: taken as shown at its target, 90 ms
        entry(10, skipped: 1),  // no feedback, one interval skipped: shown at 110 ms
    ])

    @Test("hitch time, span, dropped frames and their ratios equal the arithmetic done by hand")
    func figures() {
        let jank = Self.scripted.jank
        // Hitches (shown − expected; expected = max(target − skipped·10, previous shown + 10)):
        //   frame 1: shown 30, expected max(20, 10 + 10) = 20 → 10 ms (its callback)
        //   frame 3: shown 40, expected max(40 − 10, 30 + 10) = 40 → 0
        //   frame 4: shown 60, expected max(50, 40 + 10) = 50 → 10 ms (the display)
        //   frame 5: shown 70, expected max(60, 60 + 10) = 70 → 0
        //   frame 6: discarded → 10 ms, one frame (its callback: the front end dropped it)
        //   frame 7: shown 80, expected max(80, 70 + 10) = 80 → 0; frame 8: shown 90 → 0
        //   frame 10: shown 110, expected max(110 − 10, 90 + 10) = 100 → 10 ms (frame 8 ended in
        //   time: the display)
        #expect(jank.hitchTime == .milliseconds(40))
        #expect(jank.framesShown == 8)  // all but the discarded one
        #expect(jank.framesDropped == 4)  // each 10 ms hitch is one 10 ms interval
        #expect(jank.hitchesByCallback == 2)  // frames 1 and 6
        #expect(jank.hitchesByDisplay == 2)  // frames 4 and 10
        // Span: 9 frames × 10 ms + 40 ms of hitch, less the discarded frame's own 10 ms (it covers
        // only its hitch) = 120 ms; 40 ms / 0.120 s = 333.33 ms/s.
        #expect(jank.span == .milliseconds(120))
        #expect(abs(jank.hitchTimeRatio - 40.0 / 0.120) < 1e-9)
        #expect(jank.hitchRating == .critical)
        // Dropped: 4 of 8 + 4 expected frames = 33.33 %.
        #expect(abs(jank.droppedFramePercentage - 100.0 * 4 / 12) < 1e-9)
    }

    @Test("Swappy's histograms count the frames with feedback, rounded to whole periods")
    func histograms() {
        let jank = Self.scripted.jank
        // Frames with feedback: 0, 1, 3, 4, 5, 7 (times in ms; periods of 10 ms, to the nearest).
        //   idle (shown − callback end):   10−2=8→1, 30−25=5→1, 40−32=8→1, 60−42=18→2, 70−52=18→2, 80−72=8→1
        #expect(jank.idle.counts == [0, 4, 2, 0, 0, 0])
        //   late (shown − target):         0, 10→1, 0, 10→1, 10→1, 0
        #expect(jank.late.counts == [3, 3, 0, 0, 0, 0])
        //   offset (shown − previous shown, from frame 1 on): 20→2, 10→1, 20→2, 10→1, 10→1
        #expect(jank.offsetFromPrevious.counts == [0, 3, 2, 0, 0, 0])
        //   latency (shown − callback start): 10→1, 20→2, 10→1, 20→2, 20→2, 10→1
        #expect(jank.latency.counts == [0, 3, 3, 0, 0, 0])
        #expect(jank.latency.total == 6)
    }

    @Test("each hitch names its frame, its length and its cause")
    func hitches() {
        let ten = Duration.milliseconds(10)
        #expect(
            Self.scripted.hitches == [
                FrameHitch(sequence: 1, hitchTime: ten, framesDropped: 1, cause: .callbackPastDeadline),
                FrameHitch(sequence: 4, hitchTime: ten, framesDropped: 1, cause: .displayLate),
                FrameHitch(sequence: 6, hitchTime: ten, framesDropped: 1, cause: .callbackPastDeadline),
                FrameHitch(sequence: 10, hitchTime: ten, framesDropped: 1, cause: .displayLate),
            ])
        #expect(
            Self.scripted.hitches[0].description
                == "frame 1: 10.0 ms hitch, 1 dropped (the callback ran past its deadline)")
    }

    @Test("a smooth timeline has no hitch and a good rating; an empty one is all zero")
    func smoothAndEmpty() {
        let smooth = FrameTimeline(entries: (0..<5).map { Self.entry($0, presentedAt: $0 + 1) })
        #expect(smooth.jank.hitchTime == .zero)
        #expect(smooth.jank.span == .milliseconds(50))
        #expect(smooth.jank.hitchRating == .good)
        #expect(smooth.jank.offsetFromPrevious.counts == [0, 4, 0, 0, 0, 0])
        #expect(FrameTimeline(entries: []).jank == JankFigures())
        #expect(JankFigures().hitchTimeRatio == 0 && JankFigures().droppedFramePercentage == 0)
        #expect(HitchRating(ratio: 5) == .good && HitchRating(ratio: 7) == .warning)
    }

    @Test("statistics count every frame, those the timeline no longer holds too")
    func statisticsOverEvictedFrames() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.timelineCapacity = 4
        try link.start { frame in
            source.elapse(frame.sequence == 3 ? .milliseconds(20) : .milliseconds(2))
        }
        source.advanceTicks(10)
        link.invalidate()
        let jank = link.statistics.jank
        // Ten ticks handed over: frames 1, 2, 3, 5…11 (frame 3's 20 ms callback runs past tick 4, the
        // one tick it skips is not handed over). Frame 3's callback ended at 3I + 20 ms, after its
        // deadline 4I − 1 ms: without feedback it counts as shown at 5I, one hitch of I by its
        // callback (rule J1), and frame 5, after the skip, is on time. Span 10 I + I = 11 I: ratio
        // I ms / 11 I s = 1000/11 ms/s; dropped 1 of 10 + 1 = 100/11 %. (I is 16 666 666⅔ ns, so
        // sums of whole nanoseconds are within 2 ns of it.)
        let interval = source.period.duration
        #expect(link.timeline.entries.count == 4)
        #expect(jank.framesShown == 10)
        #expect(jank.framesDropped == 1)
        #expect(abs((jank.hitchTime - interval).wholeNanoseconds) <= 2)
        #expect(jank.hitchesByCallback == 1)
        #expect(abs((jank.span - interval * 11).wholeNanoseconds) <= 2)
        #expect(abs(jank.hitchTimeRatio - 1000.0 / 11) < 1e-4)
        #expect(abs(jank.droppedFramePercentage - 100.0 / 11) < 1e-9)
    }

    @Test("the Chrome trace has Perfetto's Expected and Actual frame tracks")
    func frameTracks() throws {
        let data = Data(Self.scripted.text(.chromeTrace).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["ph"] as? String == "M" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(names == ["Expected Timeline", "Actual Timeline"])
        let expected = events.filter { $0["tid"] as? Int == 2 && $0["ph"] as? String == "X" }
        let actual = events.filter { $0["tid"] as? Int == 3 && $0["ph"] as? String == "X" }
        #expect(expected.count == 9 && actual.count == 9)
        // Frame 1: expected from its vsync (10 ms) to its deadline (19 ms); actual from its
        // callback's start (10 ms) to its end (25 ms), shown late by its own fault.
        #expect(expected[1]["name"] as? String == "1")
        #expect(expected[1]["ts"] as? Double == 10_000 && expected[1]["dur"] as? Double == 9_000)
        #expect(actual[1]["ts"] as? Double == 10_000 && actual[1]["dur"] as? Double == 15_000)
        let late = try #require(actual[1]["args"] as? [String: Any])
        #expect(late["Present type"] as? String == "Late Present")
        #expect(late["Jank type"] as? String == "App Deadline Missed")
        #expect(late["On time finish"] as? Bool == false)
        let display = try #require(actual[3]["args"] as? [String: Any])  // frame 4
        #expect(display["Jank type"] as? String == "Display HAL")
        #expect(display["On time finish"] as? Bool == true)
        let onTime = try #require(actual[0]["args"] as? [String: Any])
        #expect(onTime["Present type"] as? String == "On-time Present")
        #expect(onTime["Jank type"] as? String == "None")
        #expect((actual[5]["args"] as? [String: Any])?["Present type"] as? String == "Dropped Frame")
        #expect((actual[7]["args"] as? [String: Any])?["Present type"] as? String == "Unknown Present")
    }
}
