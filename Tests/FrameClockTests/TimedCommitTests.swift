import Testing

@testable import FrameClock

/// ``Frame/commitNotBefore``: the time a compositor with timed commits (Wayland's commit-timing) is
/// given for a frame's commit — half an interval after the refresh the frame follows, never after
/// its target, never before its content.
@Suite("Timed commits")
struct TimedCommitTests {
    /// An even interval, so that its half is exact.
    static let interval: Int64 = 16_666_666

    static func frame(target: Int64, content: Int64?, depth: Int64 = 1) -> Frame {
        Frame(
            timestamp: MonotonicInstant(nanoseconds: target - depth * interval),
            targetTimestamp: MonotonicInstant(nanoseconds: target), duration: .nanoseconds(interval),
            sequence: 1, skippedFrames: 0, lateness: .zero,
            content: content.map {
                ScheduledContent(id: 7, presentationTime: MonotonicInstant(nanoseconds: $0))
            })
    }

    @Test("half an interval after the frame's refresh, at most its target, or the content's time when later")
    func rule() {
        let target: Int64 = 1_000_000_000
        let halfway = target - Self.interval / 2
        #expect(Self.frame(target: target, content: nil).commitNotBefore.nanoseconds == halfway)
        // Content due early in the interval: the frame still waits for the half.
        #expect(
            Self.frame(target: target, content: target - 15_000_000).commitNotBefore.nanoseconds == halfway)
        // Content due in the last half interval: held to its own time, never before it.
        #expect(
            Self.frame(target: target, content: target - 1_000).commitNotBefore.nanoseconds == target - 1_000)
        #expect(Self.frame(target: target, content: target).commitNotBefore.nanoseconds == target)
        // Aimed two refreshes on (weston's depth, or one learned from a late frame): not held to the
        // target, so that a compositor able to show it a refresh sooner does, and the link learns so.
        let twoOn = Self.frame(target: target, content: nil, depth: 2).commitNotBefore.nanoseconds
        #expect(twoOn == target - 2 * Self.interval + Self.interval / 2)
        // Content due by then still holds the frame to the content's time.
        #expect(
            Self.frame(target: target, content: target - 5_000, depth: 2).commitNotBefore.nanoseconds
                == target - 5_000)
        // Shown at the refresh it follows (wlroots headless: depth 0): the target itself.
        #expect(Self.frame(target: target, content: nil, depth: 0).commitNotBefore.nanoseconds == target)
    }

    @Test(
        "a link's frames: each commit time after the previous frame's target, at most its own, at least its content's"
    )
    func linkFrames() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        // 23.976 fps content from a nanosecond after a refresh.
        let times = ScheduledContentTests.times(count: 120, contentRate: (24_000, 1001), from: 50_000_001)
        let (frames, _) = try ScheduledContentTests.play(times, on: source, ahead: 6)
        #expect(frames.count > 200)
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            #expect(frame.commitNotBefore > previous.targetTimestamp)
            #expect(frame.commitNotBefore <= frame.targetTimestamp)
            if let content = frame.content { #expect(frame.commitNotBefore >= content.presentationTime) }
        }
    }
}
