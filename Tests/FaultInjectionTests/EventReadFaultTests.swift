import DRM
import TestSupport
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// Short, malformed and foreign event reads. The rule: records the source does not know are skipped;
/// bytes that are not well-formed records fail the source with `EBADMSG` (the kernel writes whole
/// records only, so they mean a broken stream), and the link fails over to the timer. Never a trap.
@Suite("Short and malformed event reads")
struct EventReadFaultTests {
    /// The failover reason for a malformed read at the 5th read.
    static func reason(_ parseError: String) -> String {
        "DRM /dev/dri/card0 CRTC 38 1024x768 60.0038 Hz failed: read(drm events): EBADMSG (Bad message): "
            + parseError + "; continuing on the timer from its last phase"
    }

    /// A sequence record of type 3 whose header says `length`, followed by `payload` bytes.
    static func sequenceHeader(length: UInt32, payload: Int) -> [UInt8] {
        EventBytes.header(type: EventBytes.crtcSequenceType, length: length)
            + [UInt8](repeating: 0, count: payload)
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var read: ScriptedRead
        var parseError: String
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(
            name: "truncated header (4 bytes)", read: .replace([3, 0, 0, 0]),
            parseError: "truncated event header at offset 0: 4 of 8 bytes"),
        Malformed(
            name: "length smaller than the header", read: .replace(sequenceHeader(length: 4, payload: 24)),
            parseError: "event of type 3 at offset 0 has length 4, expected 8"),
        Malformed(
            name: "length zero", read: .replace(sequenceHeader(length: 0, payload: 24)),
            parseError: "event of type 3 at offset 0 has length 0, expected 8"),
        Malformed(
            name: "length not a multiple of 4", read: .replace(sequenceHeader(length: 30, payload: 24)),
            parseError: "event of type 3 at offset 0 has length 30, expected 8"),
        Malformed(
            name: "length larger than the read", read: .replace(sequenceHeader(length: 64, payload: 24)),
            parseError: "truncated event of type 3 at offset 0: 32 of 64 bytes"),
        Malformed(
            name: "length larger than any read",
            read: .replace(sequenceHeader(length: 0xFFFF_FFF0, payload: 24)),
            parseError: "truncated event of type 3 at offset 0: 32 of 4294967280 bytes"),
        Malformed(
            name: "sequence record shorter than its payload",
            read: .replace(sequenceHeader(length: 16, payload: 8)),
            parseError: "event of type 3 at offset 0 has length 16, expected 32"),
        Malformed(
            name: "vblank record shorter than its payload",
            read: .replace(
                EventBytes.header(type: EventBytes.vblankType, length: 24) + [UInt8](repeating: 0, count: 16)),
            parseError: "event of type 1 at offset 0 has length 24, expected 32"),
        Malformed(
            name: "a short read of the real record (20 of 32 bytes)", read: .truncate(20),
            parseError: "truncated event of type 3 at offset 0: 20 of 32 bytes"),
        Malformed(
            name: "an unknown record then a truncated header",
            read: .replace(EventBytes.unknown(length: 16) + [1, 2, 3]),
            parseError: "truncated event header at offset 16: 3 of 8 bytes"),
    ]

    @Test("a malformed read fails over to the timer with EBADMSG and the parse error", arguments: malformed)
    func malformedRead(_ input: Malformed) throws {
        let kernel = ScriptedKernel()
        kernel.script(read: 5, input.read)
        let outcome = try LinkHarness.run(kernel, frames: 12)

        #expect(outcome.sourceInfo.kind == .timer)
        #expect(outcome.sourceInfo.reason.description == Self.reason(input.parseError))
        #expect(outcome.sourceInfo.reason.description.contains("EBADMSG"))
        // Four frames from vblanks, then the timer from vblank 5 (due when the bad read happened).
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        #expect(kernel.calls(.read) == 5)
    }

    @Test("records the source does not know are skipped: unknown types, page flips, other CRTCs")
    func foreignRecordsAreSkipped() throws {
        let kernel = ScriptedKernel()
        let flip = EventBytes.vblank(
            type: EventBytes.flipCompleteType, userData: 0, timestampNanoseconds: 1, sequence: 1, crtcID: 38)
        let otherCRTC = EventBytes.vblank(
            userData: 1, timestampNanoseconds: kernel.vblankTime(3), sequence: 9_999_999, crtcID: 99)
        kernel.script(read: 2, .prepend(EventBytes.unknown(length: 8)))
        kernel.script(read: 3, .prepend(EventBytes.unknown(type: 0xFFFF_FFFF, length: 64) + flip))
        kernel.script(read: 4, .prepend(otherCRTC + EventBytes.unknown(type: 0, length: 12)))
        // Only foreign records in a read: the source reads again when its own event comes.
        kernel.script(read: 6, .replace(EventBytes.unknown(length: 1000)))
        let outcome = try LinkHarness.run(kernel, frames: 10)

        #expect(outcome.sourceInfo.kind == .drm)
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 10))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 10))
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        #expect(outcome.statistics.droppedTicks == 0)
        #expect(kernel.calls(.read) == 11)
    }

    @Test("a read that finds nothing (EAGAIN after a wake-up) is not a fault")
    func spuriousWakeUp() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.once(.read, 3, EAGAIN), .once(.read, 7, EAGAIN))
        let outcome = try LinkHarness.run(kernel, frames: 10)
        #expect(outcome.sourceInfo.kind == .drm)
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 10))
        #expect(kernel.calls(.read) == 12)
    }

    @Test(
        "a read failing with an errno fails over with it",
        arguments: [
            (NamedErrno.EBADF, "DRM device /dev/dri/card0 gone (read: EBADF)"),
            (.ENODEV, "DRM device /dev/dri/card0 gone (read: ENODEV)"),
            (.EIO, "read(drm events): EIO (Input/output error)"),
        ])
    func readFails(errno: NamedErrno, reason: String) throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.read, 5, errno.code))
        let outcome = try LinkHarness.run(kernel, frames: 12)
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(outcome.sourceInfo.reason.description.contains("failed: \(reason); continuing"))
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
    }

    @Test("a readable descriptor that reads as end of file fails over (a DRM descriptor never does that)")
    func endOfFile() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.endOfFile, at: kernel.vblankTime(4) + Fixture.period / 2)
        let outcome = try LinkHarness.run(kernel, frames: 10)
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "read(end of file on a readable DRM descriptor): EBADMSG (Bad message); continuing"))
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 10))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 10))
    }

    @Test("random bytes in place of a read never trap: each run skips them or fails over with EBADMSG")
    func randomBytes() throws {
        var generator = SplitMix64(seed: 0x5EED_F00D)
        var failedOver = 0
        for round in 0..<200 {
            let kernel = ScriptedKernel()
            let length = Int(generator.next() % 200)
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Every other round, a plausible header: a length that is a multiple of 4 up to 64.
            if round.isMultiple(of: 2), bytes.count >= 8 {
                bytes.replaceSubrange(4..<8, with: EventBytes.le(UInt32(generator.next() % 17) * 4))
            }
            // Every tenth round, well-formed records of unknown types (types 1 to 3 are DRM's).
            if round % 10 == 5 {
                let type = UInt32(truncatingIfNeeded: generator.next()) | 0x100
                bytes = EventBytes.unknown(type: type, length: UInt32(2 + generator.next() % 15) * 4)
            }
            kernel.script(read: 3, round.isMultiple(of: 3) ? .prepend(bytes) : .replace(bytes))
            let outcome = try LinkHarness.run(kernel, frames: 8)
            #expect(outcome.sequences == Fixture.sequences(from: 1, count: 8), "round \(round)")
            #expect(outcome.gaps.allSatisfy { $0 == Fixture.period }, "round \(round)")
            if outcome.sourceInfo.kind == .timer {
                failedOver += 1
                #expect(outcome.sourceInfo.reason.description.contains("EBADMSG"), "round \(round)")
            }
            if round % 10 == 5 { #expect(outcome.sourceInfo.kind == .drm, "round \(round)") }
        }
        // Most random strings are not records; the well-formed ones are skipped.
        #expect(failedOver > 100)
        #expect(failedOver <= 180)
    }
}
