import DRM
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension VKMSRoot {
    /// Page flips between two dumb buffers, as the demo's KMS output does.
    @Suite("VKMS page flips")
    struct VKMSPageFlipTests {
        @Test("page flips complete with an event carrying the user data; EBUSY when the CRTC is off")
        func pageFlips() throws {
            let fixture = try VKMSFixture()
            try fixture.light()
            let device = fixture.device
            let second = try device.createDumbBuffer(width: 1024, height: 768)
            let mapping = try device.mapDumbBuffer(second)
            #expect(mapping.bytes.count == Int(second.size))
            mapping.fill(0x00FF_0000)
            mapping.unmap()
            let secondFramebuffer = try device.addFramebuffer(second)
            defer {
                try? device.removeFramebuffer(secondFramebuffer)
                try? device.destroyDumbBuffer(second)
            }
            var flips: [DRMVBlankEvent] = []
            var target = secondFramebuffer
            for i in 0..<10 {
                try device.pageFlip(crtc: fixture.crtcID, framebuffer: target, userData: UInt64(100 + i))
                var done = false
                while !done {
                    #expect(waitReadable(device.rawDescriptor, milliseconds: 1000))
                    for case .flipComplete(let event) in try device.readEvents() {
                        flips.append(event)
                        done = true
                    }
                }
                #expect(try device.crtc(id: fixture.crtcID).framebufferID == target)
                target = target == secondFramebuffer ? fixture.framebufferID : secondFramebuffer
            }
            #expect(flips.map(\.userData) == (0..<10).map { UInt64(100 + $0) })
            #expect(flips.allSatisfy { $0.crtcID == fixture.crtcID })
            for (a, b) in zip(flips, flips.dropFirst()) {
                #expect(b.sequence > a.sequence)
                #expect(b.timestampNanoseconds > a.timestampNanoseconds)
            }

            try fixture.turnOff()
            let error = #expect(throws: DRMError.self) {
                try device.pageFlip(crtc: fixture.crtcID, framebuffer: secondFramebuffer)
            }
            #expect(error?.call == "drmModePageFlip")
            #expect(
                error?.errno == Errno(rawValue: EBUSY) || error?.errno == Errno(rawValue: EINVAL),
                "\(String(describing: error))")
        }

        @Test("vblank calls on a dark CRTC fail with EINVAL; an unknown CRTC with ENOENT")
        func darkCRTC() throws {
            let fixture = try VKMSFixture()
            try fixture.turnOff()
            #expect(try !fixture.device.crtc(id: fixture.crtcID).isLit)
            #expect(try fixture.device.firstLitCRTC() == nil)
            let sequence = #expect(throws: DRMError.self) {
                try fixture.device.currentSequence(crtc: fixture.crtcID)
            }
            #expect(sequence?.errno == Errno(rawValue: EINVAL))
            let queue = #expect(throws: DRMError.self) {
                try fixture.device.queueSequence(crtc: fixture.crtcID, sequence: 1, flags: .relative)
            }
            #expect(queue?.errno == Errno(rawValue: EINVAL))
            let vblank = #expect(throws: DRMError.self) {
                try fixture.device.requestVBlankEvent(pipe: fixture.crtcIndex, sequence: 1, relative: true)
            }
            #expect(vblank?.errno == Errno(rawValue: EINVAL))
            let unknown = #expect(throws: DRMError.self) { try fixture.device.currentSequence(crtc: 9999) }
            #expect(unknown?.errno == Errno(rawValue: ENOENT))
            let discovery = #expect(throws: DRMDiscoveryError.self) { try DRMDisplay.open() }
            #expect(discovery?.description.hasPrefix("no lit CRTC") == true)
        }
    }
}
