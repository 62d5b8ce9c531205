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
            var counter = DRMSequenceGapCounter()
            var times: [Int64] = []
            var next = try device.currentSequence(crtc: fixture.crtcID).sequence + 1
            while times.count < 120 {
                try device.queueSequence(
                    crtc: fixture.crtcID, sequence: next, flags: .nextOnMiss, userData: next)
                var got = false
                while !got {
                    #expect(waitReadable(device.fileDescriptor, milliseconds: 1000))
                    for case .crtcSequence(let event) in try device.readEvents() {
                        counter.record(event.sequence)
                        times.append(event.timestampNanoseconds)
                        next = event.sequence + 1
                        got = true
                    }
                }
            }
            #expect(counter.missed == 0)
            let interval = mode.refreshIntervalNanoseconds
            for (a, b) in zip(times, times.dropFirst()) {
                #expect(abs(Double(b - a) - interval) < 2, "interval \(b - a) ns")
            }
        }
    }
}
