import Foundation
import Testing

@testable import FrameClock

@Suite("a manual source's advance is bounded")
struct ManualAdvanceBoundsTests {
    /// Runs `work` on a thread of its own; false if it has not returned within `seconds`. (The
    /// advances below take about 1.5 s in a debug build and 12 s under the thread sanitizer here;
    /// unbounded, they ran for centuries.)
    private func returns(within seconds: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            work()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test func advancingToTheEndOfTheClockReturns() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        // The last two frames (keeping all of them would take 15 MB).
        let frames = Locked((previous: Frame?.none, last: Frame?.none))
        try link.start { frame in frames.withLock { $0 = ($0.last, frame) } }
        let returned = returns(within: 60) { source.advance(to: MonotonicInstant(nanoseconds: .max)) }
        try #require(returned, "advance(to: .max) still running after 60 s")
        #expect(source.now.nanoseconds == .max)
        #expect(link.statistics.framesDelivered == ManualFrameSource.maximumTicksPerAdvance + 1)
        // One late wake-up for the rest of the way: the latest grid point, the intervals counted.
        let (previousFrame, lastFrame) = frames.withLock { $0 }
        let last = try #require(lastFrame)
        let lastTick = source.timestamp(ofTick: Int64(last.sequence))
        #expect(last.timestamp == lastTick)
        #expect(lastTick <= source.now && source.now - lastTick < source.period.duration)
        let previous = try #require(previousFrame).sequence
        #expect(last.skippedFrames == Int(last.sequence - previous) - 1)
        #expect(link.statistics.skippedFrames == last.skippedFrames)
        #expect(last.targetTimestamp.nanoseconds == .max, "saturates past the end of the clock")
    }

    @Test func advancingByTheLongestDurationReturns() throws {
        let source = try ManualFrameSource(framesPerSecond: 1000)
        let link = try DisplayLink(source: .manual(source))
        try link.start { _ in }
        let returned = returns(within: 60) { source.advance(by: .seconds(Int64.max)) }
        try #require(returned)
        #expect(source.now.nanoseconds == .max)
        #expect(link.statistics.framesDelivered == ManualFrameSource.maximumTicksPerAdvance + 1)
    }

    @Test func anAdvanceWithinTheBoundDeliversEveryTick() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        try link.start { _ in }
        source.advance(by: .seconds(4000))
        #expect(link.statistics.framesDelivered == 240_000)
        #expect(link.statistics.skippedFrames == 0)
    }
}
