import Testing

@testable import FrameClock

@Suite("frames as an AsyncSequence")
struct FrameSequenceTests {
    @Test func aSlowConsumerGetsTheNewestFrameNotABacklog() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        var iterator = link.frames.makeAsyncIterator()
        source.advance(to: source.timestamp(ofTick: 10))
        let first = await iterator.next()
        #expect(first?.sequence == 10)
        #expect(first?.skippedFrames == 9)  // the link delivered all ten; the consumer saw the last
        source.advance(to: source.timestamp(ofTick: 11))
        #expect(await iterator.next()?.sequence == 11)
        link.invalidate()
        #expect(await iterator.next() == nil)
    }

    @Test func aConsumerSixTimesSlowerIsToldWhatItMissed() async throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        var iterator = link.frames.makeAsyncIterator()
        source.advance(to: source.timestamp(ofTick: 2))
        var received: [(sequence: UInt64, skipped: Int)] = []
        for _ in 0..<4 {
            let frame = try #require(await iterator.next())
            received.append((frame.sequence, frame.skippedFrames))
            source.advance(by: source.period.duration * 6)  // six intervals per frame
        }
        #expect(received.map(\.sequence) == [2, 8, 14, 20])
        #expect(received.map(\.skipped) == [1, 5, 5, 5])
        #expect(link.statistics.framesDelivered == 26, "the link itself delivered every tick")
        link.invalidate()
    }

    @Test func aConsumerCountsTheLinksOwnSkipsToo() async throws {
        let source = try ManualFrameSource(framesPerSecond: 10)
        let link = try DisplayLink(source: .manual(source))
        try link.start { _ in }
        var iterator = link.frames.makeAsyncIterator()
        source.advance(to: source.timestamp(ofTick: 1))
        #expect(await iterator.next()?.skippedFrames == 0)
        source.wake(at: source.timestamp(ofTick: 4))  // a late wake-up: ticks 2 and 3 missed
        let late = await iterator.next()
        #expect(late?.sequence == 4)
        #expect(late?.skippedFrames == 2)
        // A callback on the same link counts only its own: the two skipped.
        #expect(link.statistics.skippedFrames == 2)
        link.invalidate()
    }

    @Test func twoConsumersEachCountTheirOwn() async throws {
        let source = try ManualFrameSource(framesPerSecond: 10)
        let link = try DisplayLink(source: .manual(source))
        var eager = link.frames.makeAsyncIterator()
        var lazy = link.frames.makeAsyncIterator()
        for tick in 1...3 {
            source.advance(to: source.timestamp(ofTick: Int64(tick)))
            #expect(await eager.next()?.skippedFrames == 0)
        }
        let frame = await lazy.next()
        #expect(frame?.sequence == 3)
        #expect(frame?.skippedFrames == 2)
        link.invalidate()
    }

    @Test func framesOfAnInvalidatedLinkEndAtOnce() async throws {
        let link = try DisplayLink(source: .manual(ManualFrameSource()))
        link.invalidate()
        var iterator = link.frames.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }
}
