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

    /// Blocks the calling thread for `duration`, however often the stack sampler's signal cuts a
    /// sleep short.
    static func block(for duration: Duration) {
        let end = MonotonicInstant.now() + duration
        while MonotonicInstant.now() < end { usleep(10_000) }
    }

    /// A callback that blocks once for 400 ms, when armed.
    final class BlockOnce: Sendable {
        private let armed = Locked(false)
        func arm() { armed.withLock { $0 = true } }
        func callback(_ frame: Frame) {
            guard
                armed.withLock({ armed in
                    defer { armed = false }; return armed
                })
            else { return }
            StallReportTests.block(for: .milliseconds(400))
        }
    }

    /// One stall of `activity` that blocked 400 ms past a 100 ms threshold: reported while it lasted,
    /// then when it ended.
    static func expectOneStall(_ reports: [FrameStall], of activity: FrameActivity) {
        // On a loaded machine a descheduled callback can pass the threshold too, and is rightly
        // reported; none of those is as long as the block.
        let own = reports.filter { $0.activity == activity }
        #expect(own.map(\.phase) == [.ongoing, .ended])
        #expect(reports.filter { $0.activity != activity }.allSatisfy { $0.duration < .milliseconds(400) })
        let soFar = own.first?.duration ?? .zero
        #expect(soFar >= .milliseconds(100) && soFar < .milliseconds(400), "reported after \(soFar)")
    }

    @Test("a frame thread that keeps coming back never wakes the watchdog: its alarm stays ahead")
    func healthyThreadKeepsItsAlarmAhead() async throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 60),
            options: FrameThreadOptions(realtimePriority: nil, sharesThread: false))
        let log = await StallLog.subscribed(link)
        let frames = FrameRecorder()
        try link.start(frames.record)
        // 1.3 s: about five thresholds of 250 ms, each a wake-up for a watchdog that looks once a
        // threshold.
        try await Task.sleep(for: .milliseconds(1300))
        let alarm = link.driver.stallAlarm
        let armed = alarm.armedDeadline
        let now = MonotonicInstant.now().nanoseconds
        let wentOff = alarm.timesWentOff.load(ordering: .relaxed)
        link.invalidate()
        #expect(frames.count >= 20)
        #expect(log.all.isEmpty)
        // Set for at most one threshold after the latest activity, and not yet gone off.
        #expect(armed > now && armed <= now + 250_000_000, "armed \(armed - now) ns ahead")
        // At most one: a thread kept from running for half a threshold (a loaded machine) sets it off.
        #expect(wentOff <= 1, "the alarm went off \(wentOff) times")
    }

    @Test("a stall in the first callback after a pause longer than the threshold is reported")
    func stallAfterAnIdlePause() async throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 60),
            options: FrameThreadOptions(realtimePriority: nil, sharesThread: false))
        link.stallThreshold = .milliseconds(100)
        let log = await StallLog.subscribed(link)
        let blocking = BlockOnce()
        try link.start(blocking.callback)
        try await Task.sleep(for: .milliseconds(200))
        link.isPaused = true
        // Long enough for the alarm set by the last frame to go off while the thread waits.
        try await Task.sleep(for: .milliseconds(400))
        #expect(link.driver.stallAlarm.armedDeadline == 0)
        #expect(log.all.isEmpty)
        blocking.arm()
        link.isPaused = false
        try #require(await log.wait(for: 2))
        link.invalidate()
        Self.expectOneStall(log.all, of: .callback(link: link.label))
    }

    @Test(
        "two links on one shared frame thread, each dispatch mode: a stall after a pause names the link that blocks",
        arguments: [FrameDispatch.afterVBlank, .renderDeadline])
    func stallOnASharedThread(dispatch: FrameDispatch) async throws {
        // A rate of its own for each case, so that no other test's links share this thread.
        let rate = dispatch == .afterVBlank ? 59.5 : 59.25
        let calm = try DisplayLink(source: .timer(framesPerSecond: rate))
        let blocking = try DisplayLink(source: .timer(framesPerSecond: rate))
        blocking.dispatch = dispatch
        blocking.stallThreshold = .milliseconds(100)
        #expect(calm.driver === blocking.driver)
        let log = await StallLog.subscribed(blocking)
        let blocker = BlockOnce()
        try calm.start { _ in }
        try blocking.start(blocker.callback)
        try await Task.sleep(for: .milliseconds(200))
        calm.isPaused = true
        blocking.isPaused = true
        try await Task.sleep(for: .milliseconds(400))
        #expect(log.all.isEmpty)
        blocker.arm()
        calm.isPaused = false
        blocking.isPaused = false
        try #require(await log.wait(for: 2))
        calm.invalidate()
        blocking.invalidate()
        Self.expectOneStall(log.all, of: .callback(link: blocking.label))
    }

    @Test("a job that blocks on the frame thread after a pause is reported as a job")
    func stalledJobAfterAPause() async throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 60),
            options: FrameThreadOptions(realtimePriority: nil, sharesThread: false))
        link.stallThreshold = .milliseconds(100)
        let scene = FrameScene(link: link)
        let log = await StallLog.subscribed(link)
        try link.start(isolatedTo: scene) { _, _ in }
        try await Task.sleep(for: .milliseconds(200))
        link.isPaused = true
        try await Task.sleep(for: .milliseconds(400))
        await scene.blockFrameThread(for: .milliseconds(400))
        try #require(await log.wait(for: 2))
        link.invalidate()
        Self.expectOneStall(log.all, of: .job)
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
        // A callback that itself ran past 5 ms (a loaded machine, the sanitizer) is a stall and is
        // reported; a wait for the next tick (100 ms) or the pause (200 ms) never is.
        #expect(log.all.allSatisfy { $0.duration < .milliseconds(90) }, "\(log.all)")
        link.invalidate()
    }
}

extension FrameScene {
    /// A method that blocks the frame thread (the actor's executor) for `duration`.
    func blockFrameThread(for duration: Duration) {
        StallReportTests.block(for: duration)
    }
}
