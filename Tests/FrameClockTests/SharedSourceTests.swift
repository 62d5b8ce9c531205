import Foundation
import TestSupport
import Testing

@testable import FrameClock

@Suite("Many links on one source")
struct SharedSourceTests {
    @Test func aThousandLinksJoinAndLeaveAManualSourceWhileItRuns() async throws {
        let source = try ManualFrameSource(framesPerSecond: 240)
        let stop = Locked(false)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Yields between advances: the workers need the cooperative pool's threads too.
                while !stop.withLock({ $0 }) {
                    source.advance(by: .milliseconds(50))
                    await Task.yield()
                }
            }
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<250 {
                        guard let link = try? DisplayLink(source: .manual(source)) else { continue }
                        link.preferredFramesPerSecond = [240, 120, 60, 30][(worker + index) % 4]
                        let recorder = FrameRecorder()
                        try? link.start(recorder.record)
                        if index % 3 == 0 { link.isPaused = true }
                        link.invalidate()
                        let frames = recorder.all
                        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
                    }
                }
            }
            await group.next()
            stop.withLock { $0 = true }
        }
        // After all of that, a new link still runs on the source's grid.
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.advanceTicks(3)
        #expect(recorder.count == 3)
        #expect(recorder.all.allSatisfy { $0.skippedFrames == 0 })
    }

    @Test func linksShareOneTimerThreadEachAtItsOwnRate() throws {
        let shared = try SharedFrameSource(
            .timer(framesPerSecond: 200), options: FrameThreadOptions(realtimePriority: nil))
        let fast = try DisplayLink(source: .shared(shared))
        let slow = try DisplayLink(source: .shared(shared))
        slow.preferredFramesPerSecond = 50
        let fastFrames = FrameRecorder()
        let slowFrames = FrameRecorder()
        try fast.start(fastFrames.record)
        try slow.start(slowFrames.record)
        Thread.sleep(forTimeInterval: 0.4)
        fast.invalidate()
        // The source goes on for the remaining link after another leaves.
        let slowCount = slowFrames.count
        Thread.sleep(forTimeInterval: 0.2)
        #expect(slowFrames.count > slowCount)
        slow.invalidate()
        #expect(fastFrames.count > slowCount)  // loose: the 200 Hz link saw more than the 50 Hz one
        #expect(slowFrames.all.allSatisfy { $0.sequence % 4 == 0 })
        #expect(shared.sourceInfo.kind == .timer)
        // A link may join the idle source later.
        let late = try DisplayLink(source: .shared(shared))
        let lateFrames = FrameRecorder()
        try late.start(lateFrames.record)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(lateFrames.count > 0)
        shared.close()
        late.invalidate()
    }

    @Test func aThousandLinksOnOneTimerSourceComeAndGo() async throws {
        let shared = try SharedFrameSource(
            .timer(framesPerSecond: 500), options: FrameThreadOptions(realtimePriority: nil))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var links: [DisplayLink] = []
                    for index in 0..<250 {
                        guard let link = try? DisplayLink(source: .shared(shared)) else { continue }
                        try? link.start { _ in }
                        links.append(link)
                        if index % 10 == 9 {
                            for link in links { link.invalidate() }
                            links.removeAll()
                        }
                    }
                    for link in links { link.invalidate() }
                }
            }
        }
        let link = try DisplayLink(source: .shared(shared))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        try await Task.sleep(for: .milliseconds(100))
        link.invalidate()
        #expect(recorder.count > 0)
        shared.close()
    }

    @Test func aThrowingCallbackIsHandedToItsErrorHandler() throws {
        struct Failure: Error {}
        let source = try ManualFrameSource(framesPerSecond: 60)
        let keepGoing = try DisplayLink(source: .manual(source))
        let stopAtError = try DisplayLink(source: .manual(source))
        let errors = Locked(0)
        let recorder = FrameRecorder()
        try keepGoing.start(
            { frame in if frame.sequence == 2 { throw Failure() } },
            onError: { _, _ in
                errors.withLock { $0 += 1 }
                return .continue
            })
        try stopAtError.start(
            { frame in
                recorder.record(frame)
                if frame.sequence == 3 { throw Failure() }
            }, onError: { _, _ in .invalidate })
        source.advanceTicks(10)
        #expect(errors.withLock { $0 } == 1)
        #expect(!keepGoing.isInvalidated)
        #expect(stopAtError.isInvalidated)
        #expect(recorder.all.map(\.sequence) == [1, 2, 3])
        keepGoing.invalidate()
    }

    @Test func instantArithmeticSaturates() {
        #expect(MonotonicInstant(nanoseconds: .max) + .seconds(1) == MonotonicInstant(nanoseconds: .max))
        #expect(MonotonicInstant(nanoseconds: .min) - .seconds(1) == MonotonicInstant(nanoseconds: .min))
        #expect(
            MonotonicInstant(nanoseconds: .max) - MonotonicInstant(nanoseconds: .min)
                > .seconds(1_000_000_000))
    }
}
