import Testing

@testable import FrameClock

/// The opt-in adaptive rate in virtual time: a 60 Hz source, a range of 30 to 60 fps.
@Suite("Adaptive rate")
struct AdaptiveRateTests {
    /// What a run delivered: each frame with its callback's end, and the rate changes announced.
    struct Run {
        var frames: [(frame: Frame, end: MonotonicInstant)] = []
        var changes: [FrameRateChange] = []
        var interval = Duration.zero

        /// The divisor of each frame: its interval in source intervals.
        func divisor(_ index: Int) -> Int { Int((frames[index].frame.duration / interval).rounded()) }

        /// Frames whose callback ended after their deadline.
        var lateFrames: Int { frames.filter { $0.end > $0.frame.deadline }.count }
        /// The index of each frame whose interval differs from the one before it.
        var rateSwitches: [Int] {
            frames.indices.dropFirst().filter { divisor($0) != divisor($0 - 1) }
        }
    }

    /// Runs for `seconds` with callbacks as long as `work` says for the time since the start.
    static func run(adaptive: Bool, seconds: Int, work: @escaping @Sendable (Duration, UInt64) -> Duration)
        async throws
        -> Run
    {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.preferredFrameRateRange = try FrameRateRange(minimum: 30, maximum: 60)
        if adaptive { try link.enableAdaptiveRate() }
        var changes = link.rateChanges.makeAsyncIterator()
        let start = source.now
        let frames = Locked<[(frame: Frame, end: MonotonicInstant)]>([])
        try link.start { frame in
            source.elapse(work(frame.timestamp - start, frame.sequence))
            frames.withLock { $0.append((frame, source.now)) }
        }
        source.advance(by: .seconds(seconds))
        link.invalidate()
        var run = Run(frames: frames.withLock { $0 }, interval: source.period.duration)
        while let change = await changes.next() { run.changes.append(change) }
        return run
    }

    /// 5 ms callbacks, 20 ms from 1 s to 3 s, 5 ms again after.
    static let step: @Sendable (Duration, UInt64) -> Duration = { elapsed, _ in
        elapsed >= .seconds(1) && elapsed < .seconds(3) ? .milliseconds(20) : .milliseconds(5)
    }

    @Test("5 → 20 → 5 ms: settles at 30 fps within a few frames, one late frame, back to 60 after")
    func stepsDownAndUp() async throws {
        let run = try await Self.run(adaptive: true, seconds: 5, work: Self.step)
        let firstHeavy = try #require(
            run.frames.firstIndex { $0.end - $0.frame.timestamp >= .milliseconds(20) })
        let lastHeavy = try #require(
            run.frames.lastIndex { $0.end - $0.frame.timestamp >= .milliseconds(20) })
        // The first 20 ms callback runs past its deadline (16.7 − 1 ms): the one late frame. The
        // very next frame is at 30 fps, and every one until the load drops.
        #expect(run.lateFrames == 1)
        #expect((0..<firstHeavy).allSatisfy { run.divisor($0) == 1 })
        #expect((firstHeavy + 1...lastHeavy).allSatisfy { run.divisor($0) == 2 })
        // Back up once eight 5 ms callbacks fitted 60 fps and half a second has passed since the
        // move down: well within a second of the load dropping, and 60 fps to the end.
        let backUp = try #require(run.frames.indices.last { run.divisor($0) == 2 }) + 1
        #expect(run.frames[backUp].frame.timestamp - run.frames[lastHeavy].frame.timestamp < .seconds(1))
        #expect((backUp..<run.frames.count).allSatisfy { run.divisor($0) == 1 })
        #expect(run.rateSwitches.count == 2)
        #expect(run.changes.map(\.toFramesPerSecond).map { $0.rounded() } == [30, 60])
        #expect(run.changes.first?.reason == .callbackOverran(.milliseconds(20)))
        #expect(run.changes.last?.reason == .callbacksFitFasterRate(longest: .milliseconds(5)))
        #expect(run.changes.first?.description == "60.0 → 30.0 fps: a callback took 20.0 ms")
    }

    @Test("a load hovering at the boundary changes the rate at most twice a second, within the range")
    func hysteresis() async throws {
        // 10 ms callbacks (they fit 60 fps with room), with a 17 ms one (past the 15.7 ms budget)
        // every fifteenth frame.
        let run = try await Self.run(adaptive: true, seconds: 6) { _, sequence in
            sequence % 15 == 0 ? .milliseconds(17) : .milliseconds(10)
        }
        let switches = run.rateSwitches.map { run.frames[$0].frame.timestamp }
        #expect(switches.count >= 4)  // the load does make it move
        for time in switches {
            #expect(switches.filter { $0 >= time && $0 - time < .seconds(1) }.count <= 2)
        }
        #expect(run.frames.indices.allSatisfy { [1, 2].contains(run.divisor($0)) })
    }

    @Test("off: today's behaviour, 60 fps skipping under the load")
    func offByDefault() async throws {
        let run = try await Self.run(adaptive: false, seconds: 5, work: Self.step)
        #expect(run.frames.indices.allSatisfy { run.divisor($0) == 1 })
        #expect(run.changes.isEmpty)
        // Every 20 ms callback runs past its deadline; the frame after each skips one interval.
        #expect(
            run.lateFrames == run.frames.filter { $0.end - $0.frame.timestamp >= .milliseconds(20) }.count)
        #expect(run.frames.contains { $0.frame.skippedFrames == 1 })
    }

    @Test("a range holding no divisor of the source's rate is a typed error")
    func rangeWithoutDivisor() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let range = try FrameRateRange(minimum: 50, maximum: 55)
        link.preferredFrameRateRange = range
        #expect(throws: DisplayLinkError.noDivisorInRange(range, sourceFramesPerSecond: 60)) {
            try link.enableAdaptiveRate()
        }
        #expect(!link.isRateAdaptive)
        link.invalidate()
    }
}
