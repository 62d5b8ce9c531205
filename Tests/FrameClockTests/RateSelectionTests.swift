import TestSupport
import Testing

@testable import FrameClock

@Suite("Frame-rate divisors")
struct RateSelectionTests {
    @Test(arguments: [
        (60.0, 0.0, 1), (60.0, 30.0, 2), (60.0, 20.0, 3), (60.0, 15.0, 4), (60.0, 1000.0, 1),
        (120.0, 60.0, 2), (144.0, 48.0, 3), (59.94, 30.0, 2), (60.0038, 30.0, 2), (240.0, 1.0, 240),
    ])
    func preferredRateChoosesTheNearestDivisor(source: Double, preferred: Double, divisor: Int) throws {
        #expect(try FrameRateRange(preferred: preferred).divisor(forSourceRate: source) == divisor)
    }

    @Test func aRangeKeepsTheRateInsideItsBounds() throws {
        // 120 Hz source, 50...70 accepted, 30 preferred: 60 is the only divisor inside.
        #expect(try FrameRateRange(minimum: 50, maximum: 70, preferred: 50).divisor(forSourceRate: 120) == 2)
        // No preference: the highest rate in the range.
        #expect(try FrameRateRange(minimum: 0, maximum: 45).divisor(forSourceRate: 144) == 4)
        // Nothing fits: the nearest to the range.
        #expect(try FrameRateRange(minimum: 70, maximum: 80).divisor(forSourceRate: 60) == 1)
    }

    @Test func preferredFramesPerSecondHalvesTheRate() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.preferredFramesPerSecond = 30
        #expect(link.framesPerSecond == 30)
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.advance(by: .seconds(1))
        let frames = recorder.all
        #expect(frames.count == 30)
        #expect(frames.allSatisfy { $0.sequence % 2 == 0 && $0.skippedFrames == 0 })
        #expect(frames.allSatisfy { $0.duration == .nanoseconds(33_333_333) })
        #expect(
            frames.allSatisfy { $0.targetTimestamp.nanoseconds == gridTime(Int64($0.sequence) + 2, fps: 60) })
    }

    @Test func changingTheRateWhileRunningRealignsAndKeepsHalfAnIntervalApart() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.advance(to: source.timestamp(ofTick: 5))
        link.preferredFramesPerSecond = 20
        source.advance(to: source.timestamp(ofTick: 20))
        // Grid point 6 is one 60 Hz tick after 5: less than half a 20 Hz interval, so it is dropped.
        #expect(recorder.all.map(\.sequence) == [1, 2, 3, 4, 5, 9, 12, 15, 18])
        #expect(link.statistics.droppedTicks == 1)
    }

    @Test func aNegativePreferredRateMeansTheSourceRate() throws {
        let link = try DisplayLink(source: .manual(ManualFrameSource(framesPerSecond: 60)))
        link.preferredFramesPerSecond = -5
        #expect(link.preferredFramesPerSecond == 0)
        #expect(link.framesPerSecond == 60)
    }
}
