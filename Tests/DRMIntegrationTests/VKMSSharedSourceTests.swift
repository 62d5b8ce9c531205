import DRM
import FrameClock
import Testing

extension VKMSRoot {
    /// Several links on one CRTC's vblank through a shared source.
    @Suite("VKMS shared source")
    struct VKMSSharedSourceTests {
        @Test("two links share one vblank source: the same kernel sequences and timestamps, at 60 and 30 Hz")
        func sharedLinks() throws {
            let fixture = try VKMSFixture()
            try fixture.light()
            let shared = try SharedFrameSource(.drm())
            defer { shared.close() }
            #expect(shared.sourceInfo.kind == .drm)
            let full = try DisplayLink(source: .shared(shared))
            let half = try DisplayLink(source: .shared(shared))
            half.preferredFramesPerSecond = 30
            #expect(abs(half.framesPerSecond - 30.0019) < 0.001)
            let fullLog = try VKMSDisplayLinkTests.record(full)
            let halfLog = try VKMSDisplayLinkTests.record(half)
            #expect(halfLog.wait(for: 20, seconds: 10))
            full.invalidate()
            half.invalidate()
            let fullFrames = fullLog.all.map(\.frame)
            let halfFrames = halfLog.all.map(\.frame)
            let byTime = Dictionary(
                fullFrames.map { ($0.sequence, $0.timestamp) }, uniquingKeysWith: { a, _ in a })
            var common = 0
            for frame in halfFrames {
                #expect(frame.sequence % 2 == 0, "a 30 Hz frame on an odd vblank: \(frame.sequence)")
                if let time = byTime[frame.sequence] {
                    #expect(time == frame.timestamp)
                    common += 1
                }
            }
            #expect(
                common >= halfFrames.count - 2,
                "only \(common) of \(halfFrames.count) frames seen by both links")
            #expect(
                halfFrames.dropFirst().allSatisfy { abs(Double($0.durationNanoseconds) - 2 * 16_665_600) < 1 }
            )
        }
    }
}
