import SystemPackage
import TestSupport
import Testing

@testable import DRM

#if canImport(Glibc)
    import Glibc
#endif

@Suite("DRM event parsing")
struct EventParserTests {
    @Test("record sizes match the kernel's structs")
    func recordSizes() {
        #expect(DRMEventParser.headerSize == 8)
        #expect(DRMEventParser.vblankRecordSize == 32)
        #expect(DRMEventParser.sequenceRecordSize == 32)
    }

    @Test("well-formed vblank, flip and sequence records from a pipe")
    func wellFormed() throws {
        let pipe = BytePipe()
        pipe.write(
            EventRecords.vblank(userData: 7, seconds: 12, microseconds: 345_678, sequence: 100)
                + EventRecords.vblank(
                    type: 0x02, userData: 8, seconds: 12, microseconds: 362_343, sequence: 101)
                + EventRecords.sequence(userData: 9, timeNanoseconds: 12_379_009_600, sequence: 1 << 40))
        let events = try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents()
        #expect(
            events == [
                .vblank(
                    DRMVBlankEvent(userData: 7, sequence: 100, crtcID: 38, seconds: 12, microseconds: 345_678)
                ),
                .flipComplete(
                    DRMVBlankEvent(userData: 8, sequence: 101, crtcID: 38, seconds: 12, microseconds: 362_343)
                ),
                .crtcSequence(
                    DRMSequenceEvent(userData: 9, sequence: 1 << 40, timestampNanoseconds: 12_379_009_600)),
            ])
        if case .vblank(let vblank) = events[0] {
            #expect(vblank.timestampNanoseconds == 12_345_678_000)
        }
    }

    @Test("nothing pending reads as no events; end of file too")
    func empty() throws {
        let pipe = BytePipe()
        #expect(try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents().isEmpty)
        pipe.closeWriteEnd()
        #expect(try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents().isEmpty)
    }

    @Test("a short read is a truncated record, typed, with EBADMSG")
    func shortRead() {
        let pipe = BytePipe()
        pipe.write(Array(EventRecords.sequence(timeNanoseconds: 1, sequence: 1).prefix(20)))
        let error = #expect(throws: DRMError.self) {
            try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents()
        }
        #expect(error?.errno == Errno(rawValue: EBADMSG))
        #expect(error?.call == "read")
        #expect(error?.malformedEvent == .truncatedRecord(offset: 0, type: 3, length: 32, available: 20))
        #expect(error?.description.contains("EBADMSG") == true)
    }

    @Test("a short header is a truncated header")
    func shortHeader() {
        let bytes = EventRecords.vblank(seconds: 1, microseconds: 0, sequence: 1) + [1, 0, 0]
        #expect(throws: DRMEventParseError.truncatedHeader(offset: 32, available: 3)) {
            try DRMEventParser().parse(bytes)
        }
    }

    @Test(
        "impossible lengths are bad lengths",
        arguments: [
            (EventRecords.header(type: 1, length: 0), UInt32(0), UInt32(8)),
            (EventRecords.header(type: 1, length: 4), UInt32(4), UInt32(8)),
            (
                EventRecords.header(type: 3, length: 30) + [UInt8](repeating: 0, count: 22), UInt32(30),
                UInt32(8)
            ),
            (
                EventRecords.header(type: 1, length: 16) + [UInt8](repeating: 0, count: 8), UInt32(16),
                UInt32(32)
            ),
            (
                EventRecords.header(type: 3, length: 24) + [UInt8](repeating: 0, count: 16), UInt32(24),
                UInt32(32)
            ),
        ])
    func badLength(bytes: [UInt8], length: UInt32, expected: UInt32) {
        let type = UInt32(bytes[0])
        #expect(
            throws: DRMEventParseError.badLength(offset: 0, type: type, length: length, expected: expected)
        ) {
            try DRMEventParser().parse(bytes)
        }
    }

    @Test("a length past the end is a truncated record")
    func lengthPastEnd() {
        let bytes = EventRecords.vblank(seconds: 1, microseconds: 0, sequence: 1, length: 64)
        #expect(throws: DRMEventParseError.truncatedRecord(offset: 0, type: 1, length: 64, available: 32)) {
            try DRMEventParser().parse(bytes)
        }
    }

    @Test("unknown types are rejected, or skipped whole when asked")
    func unknownType() throws {
        let record = EventRecords.header(type: 0x8000_0001, length: 16) + [UInt8](repeating: 0xAB, count: 8)
        let bytes = record + EventRecords.vblank(seconds: 2, microseconds: 5, sequence: 9)
        #expect(throws: DRMEventParseError.unknownType(offset: 0, type: 0x8000_0001, length: 16)) {
            try DRMEventParser().parse(bytes)
        }
        let events = try DRMEventParser(unknownEvents: .skip).parse(bytes)
        #expect(events.count == 2)
        #expect(events.first == .unknown(type: 0x8000_0001, length: 16))
    }

    @Test("longer records of a known type are accepted (future kernels append fields)")
    func longerRecord() throws {
        let bytes =
            EventRecords.sequence(timeNanoseconds: 5, sequence: 6, length: 40)
            + [UInt8](repeating: 0, count: 8)
        #expect(
            try DRMEventParser().parse(bytes) == [
                .crtcSequence(DRMSequenceEvent(userData: 0, sequence: 6, timestampNanoseconds: 5))
            ])
    }

    @Test("random bytes never crash the parser")
    func randomBytes() {
        var generator = SplitMix64(seed: 0x5eed)
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 100)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if count >= 8, generator.next() % 2 == 0 {
                // Plausible headers make the parser go deeper.
                bytes[0] = UInt8(generator.next() % 4)
                bytes[1...3] = [0, 0, 0]
                bytes[4] = UInt8(generator.next() % 48)
                bytes[5...7] = [0, 0, 0]
            }
            _ = try? DRMEventParser().parse(bytes)
            _ = try? DRMEventParser(unknownEvents: .skip).parse(bytes)
        }
    }

    @Test("visiting records without an array: those before a malformed one are handed over")
    func visiting() throws {
        let pipe = BytePipe()
        pipe.write(
            EventRecords.sequence(timeNanoseconds: 10, sequence: 1)
                + EventRecords.sequence(timeNanoseconds: 20, sequence: 2)
                + EventRecords.header(type: 3, length: 12))
        var seen: [UInt64] = []
        let error = #expect(throws: DRMError.self) {
            try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents { event in
                if case .crtcSequence(let e) = event { seen.append(e.sequence) }
            }
        }
        #expect(seen == [1, 2])
        #expect(error?.malformedEvent == .truncatedRecord(offset: 64, type: 3, length: 12, available: 8))

        pipe.write(EventRecords.vblank(seconds: 1, microseconds: 2, sequence: 3))
        var count = 0
        #expect(try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents { _ in count += 1 } == 1)
        #expect(count == 1)
    }

    @Test("a read error is typed with its errno")
    func readError() {
        let error = #expect(throws: DRMError.self) { try DRMEventReader(fileDescriptor: -1).readEvents() }
        #expect(error == DRMError(call: "read", errno: Errno(rawValue: EBADF), detail: "drm events"))
    }
}
