import Foundation
import Testing

@testable import FrameClock

/// Resident memory of this process, in bytes.
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// A hundred million frames take about 80 s in a release build on an idle 2-core machine (10^7 in
/// 7.7 s) and ten times that in a debug one, so this suite runs beside the other steps of
/// Tests/run-all.sh, on its optimised build (FRAMECLOCK_LONG_RUNS=1).
@Suite(
    "Long runs in virtual time",
    .enabled(if: ProcessInfo.processInfo.environment["FRAMECLOCK_LONG_RUNS"] == "1"))
struct LongRunTests {
    @Test func tenMillionFramesAccumulateNoDrift() throws {
        let source = try ManualFrameSource(
            framesPerSecond: 60, start: MonotonicInstant(nanoseconds: 123_456_789))
        let link = try DisplayLink(source: .manual(source))
        let last = Locked<Frame?>(nil)
        let count = Locked(0)
        try link.start { frame in
            last.withLock { $0 = frame }
            count.withLock { $0 += 1 }
        }
        let dispatched = source.advanceTicks(10_000_000)
        #expect(dispatched == 10_000_000)
        #expect(count.withLock { $0 } == 10_000_000)
        let frame = try #require(last.withLock { $0 })
        #expect(frame.sequence == 10_000_000)
        // 10^7 frames at exactly 1/60 s: 166 666.666 666 666 s after the start, to the nanosecond.
        #expect(frame.timestamp.nanoseconds == 123_456_789 + 166_666_666_666_666)
        #expect(link.statistics.skippedFrames == 0)
    }
    @Test func hundredMillionFramesWithoutDriftAndWithFlatMemory() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let stream = link.frames.makeAsyncIterator()  // a consumer that never reads must not grow memory
        let last = Locked<(count: Int, frame: Frame?)>((0, nil))
        try link.start { frame in last.withLock { $0 = ($0.count + 1, frame) } }
        source.advanceTicks(1_000_000)
        let memoryAfterWarmUp = residentBytes()
        source.advanceTicks(99_000_000)
        let growth = residentBytes() - memoryAfterWarmUp
        let (count, frame) = last.withLock { $0 }
        #expect(count == 100_000_000)
        #expect(frame?.sequence == 100_000_000)
        // 10^8 frames of exactly 1/60 s: 1 666 666.666 666 666 s, to the nanosecond.
        #expect(frame?.timestamp.nanoseconds == 1_666_666_666_666_666)
        #expect(link.statistics.skippedFrames == 0)
        #expect(growth < 4 << 20, "resident memory grew by \(growth) bytes")
        link.invalidate()
        _ = stream
    }
}
