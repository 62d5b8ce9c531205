import Testing

@testable import FrameClock

/// The time animations sample after a 50 ms stall at 60 Hz, under each animation-time policy.
@Suite("Animation time after a stall")
struct AnimationTimeTests {
    /// Runs a 60 Hz link whose callback for frame 10 stalls for 50 ms; the frames it delivered.
    static func run(_ policy: AnimationTimePolicy) throws -> (frames: [Frame], interval: Duration) {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.animationTimePolicy = policy
        let frames = Locked<[Frame]>([])
        try link.start { frame in
            frames.withLock { $0.append(frame) }
            source.elapse(frame.sequence == 10 ? .milliseconds(50) : .milliseconds(2))
        }
        source.advanceTicks(30)
        link.invalidate()
        return (frames.withLock { $0 }, source.period.duration)
    }

    @Test("continuous: no animation step after the stall exceeds two intervals")
    func continuous() throws {
        let (frames, interval) = try Self.run(.continuous)
        let stalled = try #require(frames.firstIndex { $0.sequence == 10 })
        // Frame 10's callback ends 50 ms (3 intervals) after tick 10, at tick 13: the next frame is
        // 13, 3 intervals on, with 2 skipped. Its animation time moves 2 intervals, not 3, and every
        // later step is one interval: the time stays one interval behind the target from then on.
        #expect(frames[stalled + 1].sequence == 13 && frames[stalled + 1].skippedFrames == 2)
        let steps = zip(frames, frames.dropFirst()).map { $1.animationTimestamp - $0.animationTimestamp }
        #expect(steps.allSatisfy { $0 <= interval * 2 })
        #expect(steps[stalled] == interval * 2)
        #expect(steps[(stalled + 1)...].allSatisfy { abs(($0 - interval).wholeNanoseconds) <= 1 })
        #expect(frames[..<(stalled + 1)].allSatisfy { $0.animationTimestamp == $0.targetTimestamp })
        let after = frames[stalled + 1]
        #expect(abs((after.targetTimestamp - after.animationTimestamp - interval).wholeNanoseconds) <= 1)
    }

    @Test("true to the clock: the clock face's second is right on the next frame")
    func trueToClock() throws {
        let (frames, interval) = try Self.run(.trueToClock)
        let stalled = try #require(frames.firstIndex { $0.sequence == 10 })
        #expect(frames.allSatisfy { $0.animationTimestamp == $0.targetTimestamp })
        // The next frame's time jumps the whole 3 intervals, so a clock face drawn from it shows
        // the second the target falls in, with no lag.
        let next = frames[stalled + 1]
        #expect(
            abs(
                (next.animationTimestamp - frames[stalled].animationTimestamp - interval * 3).wholeNanoseconds
            ) <= 1)
        let second = { (instant: MonotonicInstant) in instant.nanoseconds / 1_000_000_000 }
        #expect(second(next.animationTimestamp) == second(next.targetTimestamp))
    }

    @Test("a continuous step shorter than one interval is a typed error")
    func invalidStep() throws {
        #expect(throws: DisplayLinkError.invalidAnimationStep(0)) {
            try AnimationTimePolicy.continuous(maximumStep: 0)
        }
        #expect(try AnimationTimePolicy.continuous(maximumStep: 2) == .continuous)
        #expect(AnimationTimePolicy.trueToClock.description == "true to the clock")
    }
}
