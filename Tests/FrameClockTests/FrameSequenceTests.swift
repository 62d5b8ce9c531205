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
        #expect(first?.skippedFrames == 0)  // the link delivered all ten; the consumer saw the last
        source.advance(to: source.timestamp(ofTick: 11))
        #expect(await iterator.next()?.sequence == 11)
        link.invalidate()
        #expect(await iterator.next() == nil)
    }

    @Test func framesOfAnInvalidatedLinkEndAtOnce() async throws {
        let link = try DisplayLink(source: .manual(ManualFrameSource()))
        link.invalidate()
        var iterator = link.frames.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }
}
