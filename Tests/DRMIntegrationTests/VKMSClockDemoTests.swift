import DRM
import DemoClockFace
import FrameClock
import LayerRendering
import MediaTiming
import Testing

@testable import ClockDemo
@testable import KMSPresentation

#if canImport(Glibc)
    import Glibc
#endif

extension VKMSRoot {
    /// `clock-demo --display kms` on the vkms device: page flips paced by the CRTC's vblank, the
    /// CRTC put back afterwards, and the pixels that reach the scan-out buffer.
    @Suite("VKMS clock-demo on a KMS display")
    struct VKMSClockDemoTests {
        /// A figure from the demo's summary line, such as `flips 118`.
        static func figure(_ name: String, in text: String) -> Int? {
            guard let summary = text.split(separator: "\n").last(where: { $0.hasPrefix("clock-demo:") }),
                let range = summary.range(of: "  \(name) ")
            else { return nil }
            return Int(summary[range.upperBound...].prefix { $0.isNumber })
        }

        @Test("--display kms --duration 2 flips pages on the vblank link and restores the lit CRTC")
        func presentsAndRestores() throws {
            let fixture = try VKMSFixture()
            try fixture.light()
            // Another client's lit CRTC, as a console leaves it; the demo must become master.
            try fixture.device.dropMaster()
            let result = DemoProcess.run("clock-demo", ["--display", "kms", "--duration", "2"])
            let log = "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)"
            #expect(result.status == 0, "\(log)")
            let flips = Self.figure("flips", in: result.standardOutput)
            #expect((flips ?? 0) > 0, "\(log)")
            #expect(Self.figure("flip errors", in: result.standardOutput) == 0, "\(log)")
            // Shutting down (link invalidated, then the CRTC restored or turned off) is quiet.
            #expect(!result.standardError.contains("warning"), "\(log)")
            #expect(result.standardOutput.contains("kms: /dev/dri/card0: connector"), "\(log)")
            #expect(
                result.standardOutput.contains("source: DRM /dev/dri/card0 CRTC \(fixture.crtcID)"), "\(log)")
            #expect(
                result.standardOutput.contains(
                    "kms: restored CRTC \(fixture.crtcID) to framebuffer \(fixture.framebufferID)"), "\(log)")
            let after = try fixture.device.crtc(id: fixture.crtcID)
            #expect(after.isLit && after.framebufferID == fixture.framebufferID)
            print("clock-demo --display kms --duration 2: flips \(flips ?? -1); \(result.standardOutput)")
        }

        @Test("--display kms:/dev/dri/card0 on a dark CRTC lights it, flips, and turns it off again")
        func darkCRTC() throws {
            let fixture = try VKMSFixture()
            try fixture.turnOff()
            try fixture.device.dropMaster()
            let result = DemoProcess.run(
                "clock-demo", ["--display", "kms:/dev/dri/card0", "--duration", "1", "--fps", "30"])
            let log = "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)"
            #expect(result.status == 0, "\(log)")
            #expect((Self.figure("flips", in: result.standardOutput) ?? 0) > 0, "\(log)")
            #expect(Self.figure("flip errors", in: result.standardOutput) == 0, "\(log)")
            // Shutting down (link invalidated, then the CRTC restored or turned off) is quiet.
            #expect(!result.standardError.contains("warning"), "\(log)")
            #expect(result.standardOutput.contains("30.0 fps"), "\(log)")
            #expect(
                result.standardOutput.contains("kms: turned CRTC \(fixture.crtcID) off (it was off before)"),
                "\(log)")
            #expect(try !fixture.device.crtc(id: fixture.crtcID).isLit)
        }

        @Test("another DRM master: a clear EBUSY error, a non-zero exit, no hang")
        func anotherMaster() throws {
            let fixture = try VKMSFixture()
            try fixture.light()
            #expect(fixture.device.isMaster)
            let result = DemoProcess.run(
                "clock-demo", ["--display", "kms", "--duration", "2"], timeout: 30)
            #expect(result.status != 0 && result.status != -1, "status \(result.status)")
            #expect(
                result.standardError.contains("cannot become DRM master of /dev/dri/card0 (EBUSY"),
                "stderr: \(result.standardError)")
            #expect(try fixture.device.crtc(id: fixture.crtcID).framebufferID == fixture.framebufferID)
        }

        @Test("the face drawn into the back buffer is what the CRTC scans out after the flip")
        func scanOutPixels() throws {
            let fixture = try VKMSFixture()
            try fixture.light()
            try fixture.device.dropMaster()
            let output = try KMSPresenter(devicePath: VKMSFixture.path)
            #expect(output.width == 1024 && output.height == 768)
            let face = ClockFace(size: Size(width: 768, height: 768))
            let background = KMSPresenter.pixel(
                red: face.background.red, green: face.background.green, blue: face.background.blue)
            try output.show(background: background)
            #expect(try fixture.device.crtc(id: output.crtcID).framebufferID == output.frontFramebufferID)

            // The ring's middle is 345.6 px from the centre (512, 384) of the 1024x768 display.
            func ring(_ degrees: Double) -> UInt32? {
                let angle = degrees * Double.pi / 180
                return output.frontPixel(x: Int(512 + 345.6 * sin(angle)), y: Int(384 - 345.6 * cos(angle)))
            }
            func isProgressBlue(_ pixel: UInt32?) -> Bool {
                guard let pixel else { return false }
                return pixel >> 16 & 0xFF < 0x80 && pixel >> 8 & 0xFF > 0x99 && pixel & 0xFF > 0xCC
            }
            var framebuffers: [UInt32] = []
            for (index, (seconds, stroked, empty)) in [(15.0, 80.0, 180.0), (45.0, 260.0, 300.0)].enumerated()
            {
                face.show(secondsIntoMinute: seconds, label: "00:00:\(Int(seconds))")
                let now = MonotonicInstant.now()
                let frame = Frame(
                    timestamp: now, targetTimestamp: now + .milliseconds(16), duration: .milliseconds(16),
                    sequence: UInt64(index + 1), skippedFrames: 0, lateness: .zero)
                try output.present(frame, to: nil) { buffer in
                    // The whole buffer; the face goes into its centred 768 × 768 square.
                    #expect(buffer.width == 1024 && buffer.height == 768)
                    let square = try #require(buffer.region(x: 128, y: 0, width: 768, height: 768))
                    try face.render(
                        intoXRGB8888: square.base, width: square.width, height: square.height,
                        bytesPerRow: square.bytesPerRow)
                }
                try output.waitForPendingFlip(timeoutMilliseconds: 2000)
                let scanned = try fixture.device.crtc(id: output.crtcID).framebufferID
                #expect(scanned == output.frontFramebufferID)
                framebuffers.append(scanned)
                #expect(
                    isProgressBlue(ring(stroked)),
                    "\(seconds) s at \(stroked)°: \(String(describing: ring(stroked)))")
                #expect(!isProgressBlue(ring(empty)), "\(seconds) s at \(empty)°")
                for (x, y) in [(0, 0), (100, 384), (1023, 767), (1000, 10)] {
                    #expect(output.frontPixel(x: x, y: y) == background, "margin pixel (\(x), \(y))")
                }
            }
            #expect(output.framesPresented == 2 && output.flipErrors == 0 && output.flipsRequested == 2)
            #expect(framebuffers.count == 2 && framebuffers[0] != framebuffers[1])
            #expect(!framebuffers.contains(fixture.framebufferID))

            output.close()
            if case .restored(let crtcID, let framebufferID, _) = output.restoration {
                #expect(crtcID == fixture.crtcID && framebufferID == fixture.framebufferID)
            } else {
                Issue.record("close() did not restore the CRTC: \(String(describing: output.restoration))")
            }
            #expect(try fixture.device.crtc(id: fixture.crtcID).framebufferID == fixture.framebufferID)
        }
    }
}

/// `clock-demo --display kms` as an unprivileged user: /dev/dri/card0 is 0600 root without udev.
@Suite(
    "VKMSNonRoot clock-demo", .enabled(if: VKMSGate.nonRoot, "needs the vkms guest's unprivileged pass"))
struct VKMSNonRootClockDemoTests {
    @Test("--display kms as nobody: permission denied, naming EACCES, and a non-zero exit")
    func permissionDenied() throws {
        let result = DemoProcess.run("clock-demo", ["--display", "kms", "--duration", "1"], timeout: 30)
        #expect(result.status != 0 && result.status != -1, "status \(result.status)")
        #expect(
            result.standardError.contains("permission denied opening /dev/dri/card0 (EACCES)"),
            "stderr: \(result.standardError)")
    }
}
