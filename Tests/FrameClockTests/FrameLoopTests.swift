import Foundation
import TestSupport
import Testing

@testable import FrameClock

/// The frame thread's run loop: one frame for every consumer, invalidation as a barrier, neighbours
/// that do not wait for each other, and links sharing a frame thread by default.
@Suite("One frame loop")
struct FrameLoopTests {
    @Test("a frames consumer and the callback get the same frame, every field (presentation latency 4 ms)")
    func everyConsumerGetsTheSameFrame() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.presentationLatency = .milliseconds(4)
        let callbackFrames = FrameRecorder()
        try link.start { frame in
            callbackFrames.record(frame)
            source.elapse(.microseconds(300))
        }
        var iterator = link.frames.makeAsyncIterator()
        var streamed: [Frame] = []
        for _ in 0..<10 {
            source.advanceTicks(1)
            streamed.append(try #require(await iterator.next()))
        }
        link.invalidate()
        let called = callbackFrames.all
        #expect(called.count == 10)
        #expect(streamed == called)
        #expect(streamed.allSatisfy { $0.deadline == $0.targetTimestamp - .milliseconds(4) })
        #expect(streamed.allSatisfy { $0.lateness == .zero })
    }

    @Test("the same frame on a render-deadline link: lateness measured from the planned start")
    func renderDeadlineConsumersAgree() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.dispatch = .renderDeadline
        let callbackFrames = FrameRecorder()
        try link.start { frame in
            callbackFrames.record(frame)
            source.elapse(.milliseconds(2))
        }
        var iterator = link.frames.makeAsyncIterator()
        var streamed: [Frame] = []
        for _ in 0..<6 {
            source.advanceTicks(1)
            streamed.append(try #require(await iterator.next()))
        }
        link.invalidate()
        #expect(streamed == callbackFrames.all)
        // After the first frame, callbacks start at the render deadline, not at the tick.
        let starts = link.timeline.entries.map { $0.callbackStart - $0.timestamp }
        #expect(starts.first == .zero)
        #expect(starts.dropFirst().allSatisfy { $0 > .milliseconds(10) })
    }

    @Test("a render-deadline frame planned but not started never starts once its link is invalidated")
    func invalidationDropsAPlannedFrame() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let late = try DisplayLink(source: .manual(source))
        late.dispatch = .renderDeadline
        let lateFrames = FrameRecorder()
        try late.start { frame in
            lateFrames.record(frame)
            source.elapse(.milliseconds(1))
        }
        let neighbour = try DisplayLink(source: .manual(source))
        let neighbourFrames = FrameRecorder()
        // The neighbour runs right after the vblank, before the late link's planned start.
        try neighbour.start { frame in
            neighbourFrames.record(frame)
            if neighbourFrames.count == 3 { late.invalidate() }
        }
        source.advanceTicks(5)
        // Frames 1 and 2 reached the late link; frame 3 was planned when the neighbour invalidated it.
        #expect(lateFrames.all.map(\.sequence) == [1, 2])
        #expect(late.statistics.framesDelivered == 2)
        #expect(neighbourFrames.count == 5)
        neighbour.invalidate()
    }

    @Test("a render-deadline link delays no neighbour: each starts at its own moment")
    func neighboursAreIndependent() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let late = try DisplayLink(source: .manual(source))
        late.dispatch = .renderDeadline
        try late.start { _ in source.elapse(.milliseconds(1)) }
        let plain = try DisplayLink(source: .manual(source))
        let plainFrames = FrameRecorder()
        try plain.start { frame in plainFrames.record(frame) }
        source.advanceTicks(60)
        // Every ordinary frame started at its vblank, in virtual time exactly — after the first, when
        // nothing was learned yet and the render-deadline link ran at the vblank before it (only a
        // running callback occupies the thread).
        #expect(plainFrames.count == 60)
        #expect(plainFrames.all.first?.lateness == .milliseconds(1))
        #expect(plainFrames.all.dropFirst().allSatisfy { $0.lateness == .zero && $0.skippedFrames == 0 })
        // The render-deadline link started at its planned moment each time, not after a sleep.
        let entries = late.timeline.entries.dropFirst()
        #expect(entries.allSatisfy { $0.callbackStart > $0.timestamp })
        #expect(entries.allSatisfy { $0.callbackEnd! <= $0.deadline })
        late.invalidate()
        plain.invalidate()
    }

    @Test("links on the same timer share one frame thread by default; a link may ask for its own")
    func linksShareAThreadByDefault() throws {
        let options = FrameThreadOptions(realtimePriority: nil)
        let first = try DisplayLink(source: .timer(framesPerSecond: 97), options: options)
        let second = try DisplayLink(source: .timer(framesPerSecond: 97), options: options)
        var own = options
        own.sharesThread = false
        let alone = try DisplayLink(source: .timer(framesPerSecond: 97), options: own)
        let otherRate = try DisplayLink(source: .timer(framesPerSecond: 98), options: options)
        #expect(first.sharesDriver(with: second))
        #expect(!first.sharesDriver(with: alone))
        #expect(!first.sharesDriver(with: otherRate))
        let firstFrames = FrameRecorder()
        let secondFrames = FrameRecorder()
        try first.start(firstFrames.record)
        try second.start(secondFrames.record)
        while firstFrames.count < 3 || secondFrames.count < 3 { Thread.sleep(forTimeInterval: 0.005) }
        // One grid for both: the same sequences at the same timestamps.
        let firstStamps = Dictionary(
            uniqueKeysWithValues: firstFrames.all.map { ($0.sequence, $0.timestamp) })
        for frame in secondFrames.all {
            #expect(firstStamps[frame.sequence].map { $0 == frame.timestamp } ?? true)
        }
        for link in [first, second, alone, otherRate] { link.invalidate() }
        // Once every link has left, the next link gets a new thread that runs.
        let later = try DisplayLink(source: .timer(framesPerSecond: 97), options: options)
        let laterFrames = FrameRecorder()
        try later.start(laterFrames.record)
        while laterFrames.count < 2 { Thread.sleep(forTimeInterval: 0.005) }
        later.invalidate()
    }

    @Test(
        "invalidate() from another thread is a barrier: no callback starts after it returns",
        arguments: [FrameDispatch.afterVBlank, .renderDeadline(safetyMargin: .microseconds(500))],
        [false, true])
    func invalidationIsABarrier(dispatch: FrameDispatch, onSharedSource: Bool) throws {
        var rounds = SplitMix64(seed: 20)
        let trials = 30
        var violations = 0
        let options = FrameThreadOptions(realtimePriority: nil)
        let shared = try SharedFrameSource(.timer(framesPerSecond: 240), options: options)
        defer { shared.close() }
        for _ in 0..<trials {
            let link = try DisplayLink(
                source: onSharedSource ? .shared(shared) : .timer(framesPerSecond: 240), options: options)
            // On the shared source, a neighbour runs beside it the whole time.
            let neighbour = try DisplayLink(source: .shared(shared), options: options)
            if onSharedSource { try neighbour.start { _ in } }
            defer { neighbour.invalidate() }
            link.dispatch = dispatch
            let torn = Locked(false)
            // The frames whose callbacks began after invalidate() returned.
            let afterBarrier = Locked<[UInt64]>([])
            let started = FrameRecorder()
            try link.start { frame in
                if torn.withLock({ $0 }) { afterBarrier.withLock { $0.append(frame.sequence) } }
                started.record(frame)
                // About a millisecond of work, as the example.
                let end = MonotonicInstant.now() + .milliseconds(1)
                while MonotonicInstant.now() < end {}
            }
            while started.count < 3 { Thread.sleep(forTimeInterval: 0.001) }
            Thread.sleep(forTimeInterval: Double(rounds.next() % 4_000) / 1_000_000)
            link.invalidate()
            // The newest frame handed out before the barrier: its callback may still reach its first
            // instruction after this (its thread preempted in between, as a loaded CI machine did).
            let newestHandedOut = link.timeline.entries.map(\.sequence).max() ?? 0
            torn.withLock { $0 = true }
            Thread.sleep(forTimeInterval: 0.012)
            if afterBarrier.withLock({ $0 }).contains(where: { $0 > newestHandedOut }) { violations += 1 }
        }
        #expect(violations == 0)
    }
}
