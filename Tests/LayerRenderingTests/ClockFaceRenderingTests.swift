import DemoClockFace
import Foundation
import LayerRendering
import MediaTiming
import Testing

/// The clock face drawn with Cairo: where the progress ring is, in memory and through PNG files.
struct ClockFaceRenderingTests {
    // A 200 × 200 face: centre (100, 100), ring width 10, ring radius 90.
    static let size = Size(width: 200, height: 200)
    static let center = Point(x: 100, y: 100)
    static let radius = 90.0

    /// The pixel on the ring at `degrees` clockwise from 12 o'clock.
    static func ringPixel(atDegrees degrees: Double) -> (x: Int, y: Int) {
        let angle = (degrees - 90) * Double.pi / 180
        let x = center.x + radius * Foundation.cos(angle)
        let y = center.y + radius * Foundation.sin(angle)
        return (Int(x.rounded(.down)), Int(y.rounded(.down)))
    }

    /// Whether a pixel shows the progress ring's colour (light blue), not the grey track.
    static func isProgress(_ color: Color) -> Bool {
        color.blue > 0.8 && color.green > 0.6 && color.red < 0.5
    }

    static func isProgress(_ bitmap: Bitmap, atDegrees degrees: Double) -> Bool {
        let (x, y) = ringPixel(atDegrees: degrees)
        return isProgress(bitmap.pixel(x: x, y: y))
    }

    static func progressPixelCount(_ bitmap: Bitmap) -> Int {
        var count = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where isProgress(bitmap.pixel(x: x, y: y)) { count += 1 }
        }
        return count
    }

    func render(seconds: Double) throws -> Bitmap {
        let face = ClockFace(size: Self.size)
        face.show(secondsIntoMinute: seconds)
        return try face.render()
    }

    @Test func atFifteenSecondsTheRingReachesThreeOClockButNotSix() throws {
        let image = try render(seconds: 15)
        #expect(Self.isProgress(image, atDegrees: 90))  // 3 o'clock: the round cap covers it
        #expect(Self.isProgress(image, atDegrees: 85))
        #expect(Self.isProgress(image, atDegrees: 5))
        #expect(!Self.isProgress(image, atDegrees: 180))  // 6 o'clock
        #expect(!Self.isProgress(image, atDegrees: 100))
        #expect(!Self.isProgress(image, atDegrees: 270))
        // The track is drawn where the progress is not.
        let six = Self.ringPixel(atDegrees: 180)
        let track = image.pixel(x: six.x, y: six.y)
        #expect(track.alpha == 1 && track.red > 0.15 && track.red < 0.3)
    }

    @Test func atFortyFiveSecondsTheRingReachesNineOClock() throws {
        let image = try render(seconds: 45)
        #expect(Self.isProgress(image, atDegrees: 270))
        #expect(Self.isProgress(image, atDegrees: 180))
        #expect(Self.isProgress(image, atDegrees: 90))
        #expect(!Self.isProgress(image, atDegrees: 300))
        #expect(!Self.isProgress(image, atDegrees: 340))
    }

    @Test func atZeroSecondsTheRingIsEmpty() throws {
        let image = try render(seconds: 0)
        #expect(Self.progressPixelCount(image) == 0)
        // The face itself is drawn: the track at 6 o'clock is not the background.
        let six = Self.ringPixel(atDegrees: 180)
        #expect(image.pixel(x: six.x, y: six.y) != image.pixel(x: 100, y: 60))
    }

    @Test func theRingGrowsInProportionToTheSeconds() throws {
        let quarter = Self.progressPixelCount(try render(seconds: 15))
        let half = Self.progressPixelCount(try render(seconds: 30))
        let most = Self.progressPixelCount(try render(seconds: 59))
        #expect(quarter > 0)
        #expect(abs(Double(half) / Double(quarter) - 2) < 0.15)
        #expect(abs(Double(most) / Double(quarter) - 59.0 / 15) < 0.3)
    }

    @Test func secondsWrapRoundTheMinute() {
        let face = ClockFace(size: Self.size)
        face.show(secondsIntoMinute: 61.5)
        #expect(face.secondsIntoMinute == 1.5)
        face.show(secondsIntoMinute: -1)
        #expect(face.secondsIntoMinute == 59)
        face.show(secondsIntoMinute: .nan, label: "x")
        #expect(face.secondsIntoMinute == 0)
        #expect(face.labelText == "x")
        face.show(secondsIntoMinute: 30)
        #expect(face.progress.presentationValue(of: .strokeEnd, atRootTime: 123_456) == 0.5)
    }

    @Test func thePNGFileReadsBackTheSame() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("clockface-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for seconds in [15.0, 45.0] {
            let image = try render(seconds: seconds)
            let path = directory.appendingPathComponent("face-\(Int(seconds)).png").path
            try image.writePNG(to: path)
            let read = try Bitmap(contentsOfPNG: path)
            #expect(read.width == 200 && read.height == 200)
            #expect(read == image)  // every pixel is opaque, so PNG keeps them exactly
            #expect(Self.isProgress(read, atDegrees: seconds == 15 ? 90 : 270))
            #expect(!Self.isProgress(read, atDegrees: seconds == 15 ? 180 : 300))
        }
    }

    @Test func writingIntoAMissingDirectoryIsATypedError() throws {
        let image = try render(seconds: 10)
        let path = "/nonexistent-directory-\(UInt32.random(in: 0...UInt32.max))/face.png"
        #expect {
            try image.writePNG(to: path)
        } throws: { error in
            guard case RenderingError.cannotWritePNG(let failedPath, let reason) = error else { return false }
            return failedPath == path && !reason.isEmpty
        }
        #expect {
            _ = try Bitmap(contentsOfPNG: path)
        } throws: { error in
            guard case RenderingError.cannotReadPNG(let failedPath, _) = error else { return false }
            return failedPath == path
        }
    }

    @Test func theLabelIsDrawn() throws {
        let face = ClockFace(size: Self.size)
        face.show(secondsIntoMinute: 0)
        let blank = try face.render()
        face.labelText = "12:34:56"
        let labelled = try face.render()
        var changed = 0
        for y in 80..<120 {
            for x in 30..<170 where blank.argb(x: x, y: y) != labelled.argb(x: x, y: y) { changed += 1 }
        }
        #expect(changed > 100)
        // Outside the label's band nothing changes.
        #expect(blank.argb(x: 100, y: 30) == labelled.argb(x: 100, y: 30))
    }

    @Test func renderingIntoAnXRGBBufferWithAPitch() throws {
        let face = ClockFace(size: Self.size)
        face.show(secondsIntoMinute: 20)
        let reference = try face.render()
        let pitch = 200 * 4 + 64
        var memory = [UInt8](repeating: 0xAB, count: pitch * 200)
        try memory.withUnsafeMutableBytes { bytes in
            try face.render(intoXRGB8888: bytes.baseAddress!, width: 200, height: 200, bytesPerRow: pitch)
        }
        for (x, y) in [(190, 100), (100, 190), (100, 100), (5, 5)] {
            let offset = y * pitch + x * 4
            let value = memory.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
            #expect(value & 0x00FF_FFFF == reference.argb(x: x, y: y) & 0x00FF_FFFF)
        }
        // The bytes past each row's pixels are left alone.
        #expect(memory[200 * 4] == 0xAB)
        // Impossible layouts are refused.
        #expect(throws: RenderingError.invalidBufferLayout(width: 200, height: 200, bytesPerRow: 100)) {
            try memory.withUnsafeMutableBytes { bytes in
                try face.render(intoXRGB8888: bytes.baseAddress!, width: 200, height: 200, bytesPerRow: 100)
            }
        }
        #expect(throws: RenderingError.invalidBufferLayout(width: 200, height: 200, bytesPerRow: 802)) {
            try memory.withUnsafeMutableBytes { bytes in
                try face.render(intoXRGB8888: bytes.baseAddress!, width: 200, height: 200, bytesPerRow: 802)
            }
        }
    }
}
