import Testing

@testable import FrameClock

/// Not `Sendable`: what a single-threaded offline renderer keeps, used without a lock.
private final class Scene {
    var drawn: [UInt64] = []
    var skipped: [Int] = []
}

private struct RenderFailed: Error, Equatable {}

@Suite("a manual source's callback on the caller's thread")
struct CallerThreadCallbackTests {
    @Test func aCallbackThatIsNotSendableGetsEveryFrameOnTheWay() throws {
        let source = try ManualFrameSource(framesPerSecond: 30)
        let link = try DisplayLink(source: .manual(source))
        let scene = Scene()
        try source.advance(to: source.timestamp(ofTick: 3), driving: link) { frame in
            scene.drawn.append(frame.sequence)
        }
        #expect(scene.drawn == [1, 2, 3])
        #expect(source.now == source.timestamp(ofTick: 3))
        try source.advance(by: .seconds(0.1), driving: link) { scene.drawn.append($0.sequence) }
        #expect(scene.drawn == [1, 2, 3, 4, 5, 6])
    }

    @Test func theCallbackIsGoneWhenTheCallReturns() throws {
        let source = try ManualFrameSource(framesPerSecond: 30)
        let link = try DisplayLink(source: .manual(source))
        try source.advance(by: .seconds(1), driving: link) { _ in }
        let delivered = link.statistics.framesDelivered
        #expect(delivered == 30)
        source.advance(by: .seconds(1))
        #expect(link.statistics.framesDelivered == delivered, "no callback, no frames")
        try link.start { _ in }  // not alreadyStarted
        source.advance(by: .seconds(1))
        #expect(link.statistics.framesDelivered == delivered + 30)
    }

    @Test func workInTheCallbackSkipsFramesAsAnyCallbackDoes() throws {
        let source = try ManualFrameSource(framesPerSecond: 1)
        let link = try DisplayLink(source: .manual(source))
        let scene = Scene()
        try source.advance(by: .seconds(10), driving: link) { frame in
            scene.drawn.append(frame.sequence)
            scene.skipped.append(frame.skippedFrames)
            source.elapse(.milliseconds(1500))
        }
        #expect(scene.drawn == [1, 3, 5, 7, 9])
        #expect(scene.skipped == [0, 1, 1, 1, 1])
    }

    @Test func aThrowingCallbackStopsTheAdvanceAtItsFrame() throws {
        let source = try ManualFrameSource(framesPerSecond: 10)
        let link = try DisplayLink(source: .manual(source))
        let scene = Scene()
        #expect(throws: RenderFailed()) {
            try source.advance(by: .seconds(5), driving: link) { frame in
                scene.drawn.append(frame.sequence)
                if frame.sequence == 4 { throw RenderFailed() }
            }
        }
        #expect(scene.drawn == [1, 2, 3, 4])
        #expect(source.now == source.timestamp(ofTick: 4))
        try link.start { _ in }  // the callback was removed
    }

    @Test func aLinkOnAnotherSourceOrAlreadyRunningIsATypedError() throws {
        let source = try ManualFrameSource(framesPerSecond: 30)
        let other = try DisplayLink(source: .manual(ManualFrameSource(framesPerSecond: 30)))
        #expect(throws: DisplayLinkError.notOnThisSource) {
            try source.advance(by: .seconds(1), driving: other) { _ in }
        }
        let running = try DisplayLink(source: .manual(source))
        try running.start { _ in }
        #expect(throws: DisplayLinkError.alreadyStarted) {
            try source.advance(by: .seconds(1), driving: running) { _ in }
        }
        let invalidated = try DisplayLink(source: .manual(source))
        invalidated.invalidate()
        #expect(throws: DisplayLinkError.invalidated) {
            try source.advance(by: .seconds(1), driving: invalidated) { _ in }
        }
    }

    @Test func insideACallbackItOnlyMovesTheClock() throws {
        let source = try ManualFrameSource(framesPerSecond: 10)
        let outer = try DisplayLink(source: .manual(source))
        let inner = try DisplayLink(source: .manual(source))
        let scene = Scene()
        try source.advance(to: source.timestamp(ofTick: 1), driving: outer) { _ in
            try source.advance(by: .milliseconds(250), driving: inner) { scene.drawn.append($0.sequence) }
        }
        #expect(scene.drawn.isEmpty)
        #expect(source.now == source.timestamp(ofTick: 1) + .milliseconds(250))
    }
}
