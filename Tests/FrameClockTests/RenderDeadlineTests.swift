import TestSupport
import Testing

@testable import FrameClock

/// The learned render deadline, in virtual time on a simulated 60 Hz display.
@Suite("Render-deadline dispatch")
struct RenderDeadlineTests {
    @Test("the prediction takes a longer frame at once, holds the window's longest, and relaxes slowly")
    func predictor() {
        var predictor = RenderTimePredictor()
        #expect(predictor.prediction == nil)
        predictor.record(2_000_000)
        #expect(predictor.prediction == 2_000_000)
        predictor.record(8_000_000)
        #expect(predictor.prediction == 8_000_000)
        // The 8 ms frame stays in the window of 16: the prediction holds.
        for _ in 0..<15 { predictor.record(2_000_000) }
        #expect(predictor.prediction == 8_000_000)
        // It leaves the window: a sixteenth of the 6 ms excess goes, 375 µs.
        predictor.record(2_000_000)
        #expect(predictor.prediction == 7_625_000)
        for _ in 0..<400 { predictor.record(2_000_000) }
        #expect(predictor.prediction == 2_000_000)
        predictor.record(-5)
        #expect(predictor.prediction == 2_000_000)
        predictor.reset()
        #expect(predictor.prediction == nil)
        predictor.record(1_000)
        #expect(predictor.prediction == 1_000)
    }

    /// Runs `frames` frames with callbacks lasting `work(index)`, presenting each on a simulated
    /// display; the timeline afterwards.
    static func run(
        _ dispatch: FrameDispatch, frames: Int, work: @escaping @Sendable (Int) -> Duration
    ) throws -> [FrameTimelineEntry] {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.dispatch = dispatch
        link.timelineCapacity = frames
        let display = SimulatedDisplay(source: source)
        let counter = FrameRecorder()
        try link.start { [link] frame in
            counter.record(frame)
            source.elapse(work(counter.count - 1))
            display.present(frame, to: link)
        }
        while counter.count < frames { source.advanceTicks(1) }
        link.invalidate()
        return link.timeline.entries
    }

    static func median(_ values: [Duration]) -> Duration {
        values.sorted()[values.count / 2]
    }

    @Test("steady 2 ms callbacks: latency to presentation ≤ 40 % of after-vblank dispatch's, no misses")
    func steady() throws {
        let after = try Self.run(.afterVBlank, frames: 300) { _ in .milliseconds(2) }
        let deadline = try Self.run(.renderDeadline, frames: 300) { _ in .milliseconds(2) }
        let afterLatency = Self.median(after.compactMap(\.latency))
        let deadlineLatency = Self.median(deadline.compactMap(\.latency))
        // After the vblank: a whole interval. At the deadline: 2 ms of work, 0.5 ms margin, 1 ms of
        // presentation latency.
        #expect(afterLatency == .nanoseconds(16_666_667) || afterLatency == .nanoseconds(16_666_666))
        #expect(deadlineLatency == .microseconds(3500))
        #expect(deadlineLatency * 10 <= afterLatency * 4)
        let misses = deadline.filter { $0.outcome != .onTime }.count
        #expect(misses <= 3)  // at most 1 %
        #expect(deadline.dropFirst().allSatisfy { $0.outcome == .onTime })
    }

    @Test("a step from 2 to 8 ms misses at most 2 frames before the deadline adapts")
    func step() throws {
        let entries = try Self.run(.renderDeadline, frames: 120) { index in
            index < 60 ? .milliseconds(2) : .milliseconds(8)
        }
        let afterStep = entries.dropFirst(60)
        let misses = afterStep.filter { $0.outcome != .onTime }
        #expect(misses.count >= 1)  // the first 8 ms frame cannot be foreseen
        #expect(misses.count <= 2)
        #expect(afterStep.suffix(50).allSatisfy { $0.outcome == .onTime })
        #expect(afterStep.suffix(50).allSatisfy { $0.predictedDuration == .milliseconds(8) })
        #expect(misses.allSatisfy { $0.outcome == .late(intervals: 1, cause: .callbackPastDeadline) })
    }

    @Test("bimodal callbacks (2 or 9 ms): the prediction stays near the longer, so frames stay on time")
    func bimodal() throws {
        let entries = try Self.run(.renderDeadline, frames: 300) { index in
            index % 5 == 0 ? .milliseconds(9) : .milliseconds(2)
        }
        let misses = entries.dropFirst(10).filter { $0.outcome != .onTime }.count
        #expect(misses == 0)
    }

    @Test("the first frame, with nothing learned, is dispatched after the vblank")
    func firstFrameAfterTheVBlank() throws {
        let entries = try Self.run(.renderDeadline, frames: 2) { _ in .milliseconds(2) }
        #expect(entries[0].callbackStart == entries[0].timestamp)
        #expect(entries[1].callbackStart > entries[1].timestamp)
        #expect(entries[1].predictedDuration == .milliseconds(2))
    }
}
