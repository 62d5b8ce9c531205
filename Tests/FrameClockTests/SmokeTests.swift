import Testing

@testable import FrameClock

@Suite struct Smoke {
    @Test func manualTicks() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let frames = Locked<[Frame]>([])
        try link.start { frame in frames.withLock { $0.append(frame) } }
        source.advance(by: .seconds(1))
        #expect(frames.withLock { $0.count } == 60)
    }
}
