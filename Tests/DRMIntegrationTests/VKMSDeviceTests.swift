import DRM
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The DRM module against vkms: modes, capabilities, sequence and vblank events, page flips.
extension VKMSRoot {
    @Suite("VKMS device")
    struct VKMSDeviceTests {
        @Test("capabilities and driver")
        func capabilities() throws {
            let fixture = try VKMSFixture()
            #expect(try fixture.device.version().name == "vkms")
            #expect(try fixture.device.capability(.timestampMonotonic) == 1)
            #expect(try fixture.device.capability(.dumbBuffer) == 1)
            #expect(try fixture.device.capability(.crtcInVBlankEvent) == 1)
        }

        @Test("the connected output: vkms's virtual connector driven by its one CRTC")
        func outputs() throws {
            let fixture = try VKMSFixture()
            let outputs = try fixture.device.connectedOutputs()
            #expect(outputs.count == 1)
            #expect(outputs.first?.connector.id == fixture.connectorID)
            #expect(outputs.first?.crtc.id == fixture.crtcID)
            #expect(outputs.first?.preferredMode?.refreshIntervalNanoseconds == 16_665_600)
        }

        @Test("the default mode's interval is 16665.6 µs, from htotal·vtotal/clock")
        func defaultMode() throws {
            let fixture = try VKMSFixture()
            let mode = try fixture.light()
            let crtc = try fixture.device.crtc(id: fixture.crtcID)
            #expect(crtc.isLit)
            #expect(crtc.mode == mode)
            #expect(
                crtc.mode?.htotal == 1344 && crtc.mode?.vtotal == 806 && crtc.mode?.clockKilohertz == 65_000)
            #expect(crtc.mode?.refreshIntervalNanoseconds == 16_665_600)
        }

        @Test("120 sequence events in a row: no gaps, timestamps on the mode's exact grid")
        func sequenceEvents() throws {
            let fixture = try VKMSFixture()
            let mode = try fixture.light()
            let device = fixture.device
            // A vCPU stalled for a frame under emulation misses a vblank: the gap must then show in
            // the sequence numbers, one interval per missed vblank, and another run must have none.
            var cleanRuns = 0
            for attempt in 1...3 where cleanRuns == 0 {
                var counter = DRMSequenceGapCounter()
                var events: [DRMSequenceEvent] = []
                var next = try device.currentSequence(crtc: fixture.crtcID).sequence + 1
                while events.count < 120 {
                    try device.queueSequence(
                        crtc: fixture.crtcID, sequence: next, flags: .nextOnMiss, userData: next)
                    var got = false
                    while !got {
                        #expect(waitReadable(device.fileDescriptor, milliseconds: 1000))
                        for case .crtcSequence(let event) in try device.readEvents() {
                            #expect(event.userData == next)
                            counter.record(event.sequence)
                            events.append(event)
                            next = event.sequence + 1
                            got = true
                        }
                    }
                }
                let interval = mode.refreshIntervalNanoseconds
                for (a, b) in zip(events, events.dropFirst()) {
                    let expected = interval * Double(b.sequence - a.sequence)
                    #expect(
                        abs(Double(b.timestampNanoseconds - a.timestampNanoseconds) - expected) < 2,
                        "\(a.sequence)→\(b.sequence): \(b.timestampNanoseconds - a.timestampNanoseconds) ns")
                }
                print("VKMS sequence events, run \(attempt): gaps \(counter.missed)")
                if counter.missed == 0 { cleanRuns += 1 }
            }
            #expect(cleanRuns == 1, "no run of 120 events without a gap in 3 tries")
        }
    }
}
