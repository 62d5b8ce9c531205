import Foundation
import TestSupport
import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// Reports of a frame thread that does not come back to its run loop.
@Suite("Stall reports")
struct StallReportTests {
    /// Collects a link's stall reports on a task of its own.
    final class StallLog: @unchecked Sendable {
        private let reports = Locked<[FrameStall]>([])
        private var task: Task<Void, Never>?

        init(_ link: DisplayLink) {
            let reports = reports
            let stalls = link.stalls
            task = Task { for await stall in stalls { reports.withLock { $0.append(stall) } } }
        }

        var all: [FrameStall] { reports.withLock { $0 } }

        /// Waits (real time, up to 10 s) until `count` reports came.
        func wait(for count: Int) async -> Bool {
            for _ in 0..<10_000 where all.count < count { try? await Task.sleep(for: .milliseconds(1)) }
            return all.count >= count
        }

        /// Waits until the subscription has reached the link (the task that iterates has started).
        static func subscribed(_ link: DisplayLink) async -> StallLog {
            let log = StallLog(link)
            for _ in 0..<10_000 where !link.hasStallWatchers { try? await Task.sleep(for: .milliseconds(1)) }
            return log
        }
    }

    @Test("a 60 s callback at 60 Hz: one report when it passes the threshold, one when it ends, 3599 skipped")
    func sixtySecondCallbackInVirtualTime() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let log = await StallLog.subscribed(link)
        let frames = FrameRecorder()
        try link.start { frame in
            frames.record(frame)
            if frames.count == 3 { source.elapse(.seconds(60)) }
        }
        source.advance(by: .seconds(61))
        try #require(await log.wait(for: 2))
        let reports = log.all
        #expect(reports.count == 2)
        let ongoing = try #require(reports.first)
        #expect(ongoing.phase == .ongoing)
        // Reported as it passed the default threshold: the larger of 4 intervals and 250 ms.
        #expect(ongoing.duration == .milliseconds(250))
        #expect(ongoing.activity == .callback(link: link.label))
        #expect(
            ongoing.stack.contains { $0.contains("sixtySecondCallbackInVirtualTime") }, "\(ongoing.stack)")
        let ended = try #require(reports.last)
        #expect(ended.phase == .ended)
        #expect(ended.duration == .seconds(60))
        #expect(ended.intervalsMissed == 3599)
        #expect(ended.started == ongoing.started)
        // The next frame counts what was missed, and no burst follows.
        let after = frames.all.dropFirst(3)
        #expect(after.first?.skippedFrames == 3599)
        #expect(after.dropFirst().allSatisfy { $0.skippedFrames == 0 })
        #expect(zip(after, after.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 })
        link.invalidate()
    }

    @Test("a stalled callback on a real frame thread is reported while it lasts, with its stack")
    func stallOnARealThread() async throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 60),
            options: FrameThreadOptions(realtimePriority: nil, sharesThread: false))
        link.stallThreshold = .milliseconds(100)
        let log = await StallLog.subscribed(link)
        let frames = FrameRecorder()
        try link.start { frame in
            frames.record(frame)
            guard frames.count == 5 else { return }
            // 600 ms asleep, however often the stack sampler's signal cuts a sleep short.
            let end = MonotonicInstant.now() + .milliseconds(600)
            while MonotonicInstant.now() < end { usleep(10_000) }
        }
        try #require(await log.wait(for: 2))
        link.invalidate()
        let reports = log.all
        #expect(reports.map(\.phase) == [.ongoing, .ended])
        // The first report was made while the callback was still blocked: its duration so far is
        // past the threshold and short of the whole stall.
        #expect(reports[0].duration >= .milliseconds(100) && reports[0].duration < .milliseconds(600))
        #expect(reports[0].stack.contains { $0.contains("sleep") }, "\(reports[0].stack)")
        #expect(reports[1].duration >= .milliseconds(600))
        #expect(reports[1].intervalsMissed >= 30)
    }

    @Test("no report for a paused link, nor while the thread waits for its next tick")
    func noReportWhileWaiting() async throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 10),
            options: FrameThreadOptions(realtimePriority: nil, sharesThread: false))
        link.stallThreshold = .milliseconds(5)
        let log = await StallLog.subscribed(link)
        let frames = FrameRecorder()
        try link.start(frames.record)
        try await Task.sleep(for: .milliseconds(350))
        link.isPaused = true
        try await Task.sleep(for: .milliseconds(200))
        #expect(frames.count >= 2)
        #expect(log.all.isEmpty)
        link.invalidate()
    }
}
