import Testing

@testable import DRM

@Suite("DRM sequence gaps")
struct SequenceGapTests {
    @Test("gaps counted from sequence events read from a socketpair, one write per read")
    func gapsFromSocket() throws {
        let socket = BytePipe(packets: true)
        let sequences: [UInt64] = [1000, 1001, 1002, 1004, 1005, 1009, 1010]
        for (i, sequence) in sequences.enumerated() {
            socket.write(EventRecords.sequence(timeNanoseconds: Int64(i) * 16_665_600, sequence: sequence))
        }
        var counter = DRMSequenceGapCounter()
        var gaps: [UInt64] = []
        let reader = DRMEventReader(fileDescriptor: socket.readEnd)
        while true {
            let events = try reader.readEvents()
            if events.isEmpty { break }
            #expect(events.count == 1)
            for case .crtcSequence(let event) in events { gaps.append(counter.record(event.sequence)) }
        }
        #expect(gaps == [0, 0, 0, 1, 0, 3, 0])
        #expect(counter.events == 7)
        #expect(counter.missed == 4)
        #expect(counter.largestGap == 3)
        #expect(counter.lastSequence == 1010)
    }

    @Test("32-bit vblank counters widen across wrap-around")
    func wrap() throws {
        let pipe = BytePipe()
        for sequence: UInt32 in [0xFFFF_FFFE, 0xFFFF_FFFF, 0, 2] {
            pipe.write(EventRecords.vblank(seconds: 1, microseconds: 0, sequence: sequence))
        }
        var counter = DRMSequenceGapCounter()
        for case .vblank(let event) in try DRMEventReader(fileDescriptor: pipe.readEnd).readEvents() {
            counter.record32(event.sequence)
        }
        #expect(counter.lastSequence == (1 << 32) + 2)
        #expect(counter.missed == 1)
        #expect(counter.nonIncreasing == 0)
    }

    @Test("a repeated or older sequence is counted apart, not as a gap")
    func nonIncreasing() {
        var counter = DRMSequenceGapCounter()
        counter.record(10)
        #expect(counter.record(10) == 0)
        #expect(counter.record(8) == 0)
        #expect(counter.record(12) == 1)
        #expect(counter.nonIncreasing == 2)
        #expect(counter.missed == 1)
        #expect(counter.lastSequence == 12)
    }

    @Test(
        "widening a 32-bit counter near a 64-bit reference",
        arguments: [
            (UInt32(5), UInt64(3), UInt64(5)),
            (UInt32(0xFFFF_FFFF), UInt64(1 << 32) + 2, UInt64(0xFFFF_FFFF)),
            (UInt32(1), UInt64(0x1_FFFF_FFF0), UInt64(0x2_0000_0001)),
            (UInt32(0xFFFF_FFF0), UInt64(0x2_0000_0001), UInt64(0x1_FFFF_FFF0)),
            (UInt32(7), UInt64(0x5_0000_0007), UInt64(0x5_0000_0007)),
        ])
    func widen(sequence: UInt32, reference: UInt64, expected: UInt64) {
        #expect(DRMSequenceGapCounter.widen(sequence, near: reference) == expected)
    }
}
