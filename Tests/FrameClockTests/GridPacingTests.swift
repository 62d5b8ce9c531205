import TestSupport
import Testing

@testable import FrameClock

@Suite("Pacing on the grid (virtual time)")
struct GridPacingTests {
    @Test func framesLieOnTheGridWithNoSkips() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.advance(by: .seconds(1))
        let frames = recorder.all
        #expect(frames.count == 60)
        for (index, frame) in frames.enumerated() {
            let k = Int64(index + 1)  // the first frame is the first grid point after start
            #expect(frame.sequence == UInt64(k))
            #expect(frame.timestamp.nanoseconds == gridTime(k, fps: 60))
            #expect(frame.targetTimestamp.nanoseconds == gridTime(k + 1, fps: 60))
            #expect(frame.skippedFrames == 0)
            #expect(frame.lateness == .zero)
            #expect(frame.duration == .nanoseconds(16_666_667))
        }
    }

    @Test func lateWakeUpSnapsToTheLatestGridPointAndCountsSkips() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.wake(at: MonotonicInstant(nanoseconds: gridTime(4, fps: 60) + 1_000))
        source.advance(to: MonotonicInstant(nanoseconds: gridTime(6, fps: 60)))
        let frames = recorder.all
        #expect(frames.map(\.sequence) == [4, 5, 6])
        #expect(frames.map(\.skippedFrames) == [3, 0, 0])
        #expect(frames[0].timestamp.nanoseconds == gridTime(4, fps: 60))
        #expect(frames[0].lateness == .microseconds(1))
        #expect(link.statistics.skippedFrames == 3)
    }

    @Test func aLateWakeUpIsNotFollowedByACatchUpBurst() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        let starts = Locked<[Int64]>([])
        try link.start { frame in
            recorder.record(frame)
            starts.withLock { $0.append(source.now.nanoseconds) }
        }
        source.advance(to: MonotonicInstant(nanoseconds: gridTime(1, fps: 60)))
        // The frame thread wakes 15 ms late for tick 2; tick 3 is due 1.67 ms later.
        source.wake(at: MonotonicInstant(nanoseconds: gridTime(2, fps: 60) + 15_000_000))
        source.advance(to: MonotonicInstant(nanoseconds: gridTime(6, fps: 60)))
        let frames = recorder.all
        #expect(frames.map(\.sequence) == [1, 2, 4, 5, 6])
        #expect(frames.map(\.skippedFrames) == [0, 0, 1, 0, 0])
        #expect(frames[1].lateness == .milliseconds(15))
        let gaps = zip(starts.withLock { $0 }.dropFirst(), starts.withLock { $0 }).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= 16_666_666 / 2 })
        #expect(link.statistics.skippedFrames == 1)
        #expect(link.statistics.droppedTicks == 1)
    }

    @Test func aWakeUpBeforeTheDeadlineDeliversNothing() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.wake(at: MonotonicInstant(nanoseconds: gridTime(1, fps: 60) - 1))
        #expect(recorder.count == 0)
        source.wake(at: MonotonicInstant(nanoseconds: gridTime(1, fps: 60)))
        #expect(recorder.all.map(\.sequence) == [1])
    }

    @Test func oneSecondLinkWithOneAndAHalfSecondsOfWorkFiresEveryTwoSeconds() throws {
        let source = try ManualFrameSource(framesPerSecond: 1)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start { frame in
            recorder.record(frame)
            source.elapse(.milliseconds(1500))
        }
        source.advance(by: .seconds(10))
        let frames = recorder.all
        #expect(frames.map(\.timestamp.seconds) == [1, 3, 5, 7, 9])
        #expect(frames.map(\.skippedFrames) == [0, 1, 1, 1, 1])
        #expect(frames.allSatisfy { $0.lateness == .zero })
    }

    @Test func aCallbackThatBlocksSixtySecondsYieldsOneFrameWithAllSkipsCounted() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start { frame in
            recorder.record(frame)
            if frame.sequence == 1 { source.elapse(.seconds(60)) }
        }
        source.advance(by: .seconds(61))
        let frames = recorder.all
        #expect(frames[0].sequence == 1)
        // Returned at grid point 3601 exactly → the next frame is 3601; intervals 2...3600 were missed.
        #expect(frames[1].sequence == 3601)
        #expect(frames[1].skippedFrames == 3599)
        #expect(frames.dropFirst(2).allSatisfy { $0.skippedFrames == 0 })
        let sequences = frames.map(\.sequence)
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
    }
}
