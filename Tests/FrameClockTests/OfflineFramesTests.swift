import Testing

@testable import FrameClock

@Suite("offline frames: frame k at exactly k / fps")
struct OfflineFramesTests {
    @Test func frameKShowsKOverTheRateFromZero() throws {
        let frames = try OfflineFrames(framesPerSecond: 30, count: 90)
        #expect(frames.count == 90)
        #expect(frames.map(\.sequence) == (0..<90).map(UInt64.init))
        for (k, frame) in frames.enumerated() {
            #expect(frame.targetTimestamp.nanoseconds == gridTime(Int64(k), fps: 30))
            // One interval before: floor((k − 1) · 33 333 333⅓ ns), −33 333 334 for frame 0.
            #expect(frame.timestamp.nanoseconds == (k == 0 ? -33_333_334 : gridTime(Int64(k) - 1, fps: 30)))
            #expect(frame.skippedFrames == 0 && frame.lateness == .zero)
        }
        #expect(frames[0].targetTimestamp.seconds == 0)
        #expect(frames[1].targetTimestamp.nanoseconds == 33_333_333)
        #expect(frames[3].targetTimestamp.nanoseconds == 100_000_000)
        #expect(frames[0].duration == .nanoseconds(33_333_333))
    }

    @Test func theGridIsExactTenMillionFramesOn() throws {
        let frames = try OfflineFrames(framesPerSecond: 60, count: 10_000_001)
        #expect(frames[10_000_000].targetTimestamp.nanoseconds == 166_666_666_666_666)
        #expect(frames.last?.sequence == 10_000_000)
    }

    @Test func aStartShiftsEveryFrame() throws {
        let start = MonotonicInstant(nanoseconds: 5_000_000_000)
        let frames = try OfflineFrames(framesPerSecond: 24, count: 3, start: start)
        #expect(frames.map(\.targetTimestamp.nanoseconds) == [5_000_000_000, 5_041_666_666, 5_083_333_333])
        #expect(frames.start == start)
    }

    @Test(arguments: [
        (2.0, 60), (2.01, 61), (0.0, 0), (-1.0, 0), (1.0 / 30, 1), (0.000_000_001, 1),
    ])
    func aDurationHoldsTheFramesThatShowAnInstantInIt(seconds: Double, count: Int) throws {
        let frames = try OfflineFrames(framesPerSecond: 30, duration: .seconds(seconds))
        #expect(frames.count == count)
        if let last = frames.last {
            #expect(last.targetTimestamp < MonotonicInstant(nanoseconds: 0) + .seconds(seconds))
        }
    }

    @Test func badInputIsATypedError() throws {
        #expect(throws: DisplayLinkError.invalidFrameCount(-1)) {
            try OfflineFrames(framesPerSecond: 30, count: -1)
        }
        #expect(throws: DisplayLinkError.invalidFrameRate(0)) {
            try OfflineFrames(framesPerSecond: 0, count: 1)
        }
        #expect(throws: DisplayLinkError.invalidFrameRate(.infinity)) {
            try OfflineFrames(framesPerSecond: .infinity, duration: .seconds(1))
        }
        #expect(try OfflineFrames(framesPerSecond: 30, count: 0).isEmpty)
    }

    @Test func framesNearTheEndOfTheClockSaturate() throws {
        let start = MonotonicInstant(nanoseconds: .max - 10)
        let frames = try OfflineFrames(framesPerSecond: 60, count: 2, start: start)
        #expect(frames[0].targetTimestamp == start)
        #expect(frames[1].targetTimestamp.nanoseconds == .max)
    }
}
