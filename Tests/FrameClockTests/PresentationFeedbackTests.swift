import Foundation
import TestSupport
import Testing

@testable import FrameClock

/// Presentation feedback joined to frames, in virtual time: matching, classification, the timeline.
@Suite("Presentation feedback")
struct PresentationFeedbackTests {
    /// A 60 Hz manual link that has delivered `count` frames whose callbacks took `work` each.
    static func link(frames count: Int, work: Duration = .milliseconds(2)) throws -> (
        ManualFrameSource, DisplayLink, [Frame]
    ) {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start { frame in
            source.elapse(work)
            recorder.record(frame)
        }
        source.advanceTicks(count)
        return (source, link, recorder.all)
    }

    @Test("feedback out of order joins each report to its own frame")
    func outOfOrder() throws {
        let (_, link, frames) = try Self.link(frames: 5)
        for index in [2, 0, 4, 1] {
            let frame = frames[index]
            #expect(
                link.presented(frame.sequence, at: frame.targetTimestamp, vblank: frame.sequence + 1)
                    == .recorded(.onTime))
        }
        let timeline = link.timeline
        #expect(timeline.entries.map(\.outcome) == [.onTime, .onTime, .onTime, .pending, .onTime])
        #expect(timeline.entry(sequence: frames[2].sequence)?.presentedVBlank == frames[2].sequence + 1)
        #expect(link.statistics.framesOnTime == 4)
        #expect(link.statistics.framesWithFeedback == 4)
        link.invalidate()
    }

    @Test("a second report for a frame is ignored and counted; the first stands")
    func twice() throws {
        let (_, link, frames) = try Self.link(frames: 2)
        let frame = frames[0]
        #expect(link.presented(frame.sequence, at: frame.targetTimestamp) == .recorded(.onTime))
        #expect(link.presented(frame.sequence, at: frame.targetTimestamp + frame.duration) == .duplicate)
        #expect(link.discarded(frame.sequence) == .duplicate)
        #expect(link.timeline.entry(sequence: frame.sequence)?.outcome == .onTime)
        #expect(link.statistics.framesOnTime == 1)
        #expect(link.statistics.framesDropped == 0)
        #expect(link.statistics.feedbackIgnored == 2)
        link.invalidate()
    }

    @Test("frames never reported stay pending; a link nobody reports to counts nothing presented")
    func never() throws {
        let (_, link, frames) = try Self.link(frames: 3)
        #expect(link.timeline.entries.allSatisfy { $0.outcome == .pending && $0.presented == nil })
        #expect(link.timeline.entries.map(\.sequence) == frames.map(\.sequence))
        #expect(link.statistics.framesDelivered == 3)
        #expect(link.statistics.framesWithFeedback == 0)
        #expect(link.statistics.feedbackIgnored == 0)
        link.invalidate()
    }

    @Test("a report for a frame that was never asked for is refused")
    func unknownFrame() throws {
        let (_, link, frames) = try Self.link(frames: 2)
        #expect(link.presented(999, at: frames[0].targetTimestamp) == .unknownFrame)
        #expect(link.discarded(0) == .unknownFrame)
        #expect(link.statistics.feedbackIgnored == 2)
        #expect(link.statistics.framesWithFeedback == 0)
        link.invalidate()
    }

    @Test("a frame older than the timeline's capacity is unknown")
    func outOfTheTimeline() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.timelineCapacity = 4
        let recorder = FrameRecorder()
        try link.start { recorder.record($0) }
        source.advanceTicks(10)
        #expect(link.timeline.entries.map(\.sequence) == [7, 8, 9, 10])
        #expect(link.timeline.last(2).map(\.sequence) == [9, 10])
        #expect(link.presented(3, at: recorder.all[2].targetTimestamp) == .unknownFrame)
        #expect(link.presented(8, at: recorder.all[7].targetTimestamp) == .recorded(.onTime))
        link.invalidate()
    }

    @Test("outcomes: on time, late by the callback, late by the display, early, dropped")
    func classification() throws {
        let interval = Int64(16_666_667)
        let target = Int64(1_000_000_000)
        let deadline = target - 1_000_000
        #expect(
            FrameOutcome.classify(
                target: target, presented: target + 3_000_000, refreshInterval: interval,
                callbackEnd: deadline,
                deadline: deadline) == .onTime)
        #expect(
            FrameOutcome.classify(
                target: target, presented: target + interval, refreshInterval: interval,
                callbackEnd: deadline + 1, deadline: deadline)
                == .late(intervals: 1, cause: .callbackPastDeadline))
        #expect(
            FrameOutcome.classify(
                target: target, presented: target + 2 * interval, refreshInterval: interval,
                callbackEnd: deadline - 5_000_000, deadline: deadline)
                == .late(intervals: 2, cause: .displayLate))
        // Shown an interval before its target (a compositor that shows a commit at once, where the
        // link predicted one interval): early, not on time; less than half an interval before is
        // on time.
        #expect(
            FrameOutcome.classify(
                target: target, presented: target - interval + 300_000, refreshInterval: interval,
                callbackEnd: deadline - 5_000_000, deadline: deadline) == .early(intervals: 1))
        #expect(
            FrameOutcome.classify(
                target: target, presented: target - interval / 2 + 1, refreshInterval: interval,
                callbackEnd: deadline, deadline: deadline) == .onTime)
        #expect(FrameOutcome.early(intervals: 1).description == "early by 1 interval")

        let (_, link, frames) = try Self.link(frames: 3)
        link.presented(frames[0].sequence, at: frames[0].targetTimestamp + frames[0].duration)
        link.discarded(frames[1].sequence)
        #expect(link.timeline.entries[0].outcome == .late(intervals: 1, cause: .displayLate))
        #expect(link.timeline.entries[1].outcome == .dropped)
        #expect(link.statistics.framesLateByDisplay == 1)
        #expect(link.statistics.framesDropped == 1)
        #expect(
            link.presented(frames[2].sequence, at: frames[2].targetTimestamp - frames[2].duration)
                == .recorded(.early(intervals: 1)))
        #expect(link.statistics.framesEarly == 1)
        #expect(link.statistics.framesWithFeedback == 3)
        #expect(
            FrameOutcome.late(intervals: 2, cause: .callbackPastDeadline).description
                == "late by 2 intervals (the callback ran past its deadline)")
        link.invalidate()
    }

    @Test("feedback given inside the callback is judged when the callback returns")
    func feedbackDuringTheCallback() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let display = SimulatedDisplay(source: source)
        try link.start { [link] frame in
            // 20 ms of work: past the deadline; the display shows it one interval late.
            source.elapse(.milliseconds(20))
            display.present(frame, to: link)
        }
        source.advanceTicks(1)
        let entry = try #require(link.timeline.entries.first)
        #expect(entry.outcome == .late(intervals: 1, cause: .callbackPastDeadline))
        #expect(entry.callbackDuration == .milliseconds(20))
        #expect(link.statistics.framesLateByCallback == 1)
        link.invalidate()
    }

    @Test("each frame's deadline is its target minus the presentation latency")
    func deadlines() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.presentationLatency = .microseconds(1500)
        let recorder = FrameRecorder()
        try link.start { recorder.record($0) }
        source.advanceTicks(3)
        #expect(recorder.all.allSatisfy { $0.deadline == $0.targetTimestamp - .microseconds(1500) })
        link.presentationLatency = .milliseconds(-5)
        #expect(link.presentationLatency == .zero)
        link.invalidate()
    }
}
