import DRM
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// Timestamps that go backwards and counters that jump: frames stay monotonic, and missed intervals
/// are counted in `skippedFrames`, never delivered as a burst.
@Suite("Timestamps and sequences that misbehave")
struct TimestampSequenceTests {
    @Test(
        "a vblank stamped before the previous frame (or less than half an interval after it) is dropped; the next counts one skip",
        arguments: [-3 * ScriptedKernel.period, -ScriptedKernel.period * 3 / 4, -1_000_000_000])
    func timestampGoesBackwards(offset: Int64) throws {
        let kernel = ScriptedKernel()
        kernel.offsetTimestamp(ofVBlank: 6, by: offset)
        let outcome = try LinkHarness.run(kernel, frames: 10)

        var sequences = Fixture.sequences(from: 1, count: 11)
        sequences.remove(at: 5)
        #expect(outcome.sequences == sequences)
        #expect(outcome.timestamps == sequences.map { kernel.vblankTime($0 - Fixture.firstSequence) })
        #expect(zip(outcome.timestamps, outcome.timestamps.dropFirst()).allSatisfy { $0 < $1 })
        #expect(outcome.frames.map(\.skippedFrames) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(outcome.statistics.droppedTicks == 1)
        #expect(outcome.statistics.skippedFrames == 1)
        #expect(outcome.sourceInfo.kind == .drm)
    }

    @Test(
        "a vblank stamped in the future is taken at the grid's time, not as a frame that stalls the next ones"
    )
    func timestampJumpsForward() throws {
        let kernel = ScriptedKernel()
        kernel.offsetTimestamp(ofVBlank: 6, by: 1_000_000_000)
        let outcome = try LinkHarness.run(kernel, frames: 10)
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 10))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 10))
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        #expect(outcome.statistics.droppedTicks == 0)
        #expect(outcome.sourceInfo.kind == .drm)
    }

    @Test(
        "a counter that jumps by a million is one frame with a million skipped, not a burst",
        arguments: [true, false])
    func sequenceJumpsForward(sequenceEvents: Bool) throws {
        let kernel = ScriptedKernel()
        kernel.jumpSequence(atVBlank: 6, by: 1_000_000)
        let outcome = try LinkHarness.run(kernel, frames: 10, preferSequenceEvents: sequenceEvents)

        let expected = (1...10).map {
            $0 < 6 ? Fixture.firstSequence + $0 : Fixture.firstSequence + $0 + 1_000_000
        }
        #expect(outcome.sequences == expected)
        #expect(outcome.frames.map(\.skippedFrames) == [0, 0, 0, 0, 0, 1_000_000, 0, 0, 0, 0])
        #expect(outcome.statistics.skippedFrames == 1_000_000)
        #expect(outcome.statistics.framesDelivered == 10)
        // One frame a vblank throughout: no catch-up burst.
        #expect(outcome.gaps.allSatisfy { abs($0 - Fixture.period) < 1000 })
        #expect(outcome.sourceInfo.kind == .drm)
    }

    @Test("a 32-bit counter that wraps (drmWaitVBlank) goes on counting up")
    func counterWraps() throws {
        let kernel = ScriptedKernel(firstSequence: UInt64(UInt32.max) - 4)
        let outcome = try LinkHarness.run(kernel, frames: 10, preferSequenceEvents: false)
        #expect(outcome.sequences == (1...10).map { Int64(UInt32.max) - 4 + $0 })
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        #expect(outcome.sourceInfo.kind == .drm)
    }

    @Test("a counter that jumps back by a million is taken as vblanks stopping: failover after the watchdog")
    func sequenceJumpsBack() throws {
        let base: Int64 = 2_000_000
        let kernel = ScriptedKernel(firstSequence: UInt64(base))
        kernel.jumpSequence(atVBlank: 6, by: -1_000_000)
        let outcome = try LinkHarness.run(kernel, frames: 10)

        // The request for vblank 6 never comes due; the probe half an interval late finds the
        // counter behind, and the watchdog (100 ms after vblank 6 was due) fails the source.
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "vblanks stopped on CRTC 38 (none since sequence \(base + 12 - 1_000_000))"))
        let watchdog = kernel.vblankTime(6) + 100_000_000
        let resumed = (watchdog - kernel.vblankTime(5)) / Fixture.period + 5
        #expect(resumed == 12)
        #expect(Array(outcome.sequences.prefix(6)) == [1, 2, 3, 4, 5, resumed].map { base + $0 })
        #expect(outcome.frames[5].skippedFrames == 6)
        #expect(zip(outcome.sequences, outcome.sequences.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(outcome.timestamps, outcome.timestamps.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("vblanks that stop without an error fail over after the watchdog, the missed intervals counted")
    func vblanksStop() throws {
        let kernel = ScriptedKernel()
        kernel.stopVBlanks(after: 6)
        let outcome = try LinkHarness.run(kernel, frames: 10)

        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "vblanks stopped on CRTC 38 (none since sequence 5006)"))
        // The watchdog: max(4 intervals, 100 ms) after vblank 7 was due; the timer resumes on the grid
        // point just before that instant, counting what was missed.
        let watchdog = kernel.vblankTime(7) + 100_000_000
        let resumed = (watchdog - kernel.vblankTime(6)) / Fixture.period + 6
        #expect(resumed == 13)
        #expect(
            Array(outcome.sequences.prefix(7)) == Fixture.sequences(from: 1, count: 6) + [
                Fixture.firstSequence + 13
            ])
        #expect(outcome.frames[6].skippedFrames == 6)
        #expect(outcome.frames.dropFirst(7).allSatisfy { $0.skippedFrames == 0 })
        // Asked twice: half an interval late, and at the watchdog.
        #expect(kernel.calls(.currentSequence) == 3)
    }
}
