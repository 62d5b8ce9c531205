import TestSupport
import Testing

@testable import FrameClock

/// The display link as the README's example writes it (and the design's), compiled and run on a
/// manual source so that it is deterministic (`.automatic` is exercised in the live and vkms suites).
@Test func theDesignAPICompilesAndRuns() async throws {
    let source = try ManualFrameSource(framesPerSecond: 60)
    let link = try DisplayLink(source: .manual(source))
    link.preferredFramesPerSecond = 30
    let seen = FrameRecorder()
    try link.start { frame in
        _ = frame.targetTimestamp.seconds  // layer.timeOffset = frame.targetTimestamp ...
        _ = (frame.timestamp, frame.duration, frame.sequence, frame.skippedFrames, frame.lateness)
        seen.record(frame)
    }
    var frames = link.frames.makeAsyncIterator()
    source.advanceTicks(2)
    let newest = await frames.next()
    #expect(newest?.sequence == 4)
    link.isPaused = true
    link.invalidate()
    link.invalidate()
    #expect(seen.all.map(\.sequence) == [2, 4])
    // targetTimestamp is the exact grid point; duration is rounded to whole nanoseconds.
    #expect(
        seen.all.allSatisfy { abs(($0.targetTimestamp - ($0.timestamp + $0.duration)).wholeNanoseconds) <= 1 }
    )
}
