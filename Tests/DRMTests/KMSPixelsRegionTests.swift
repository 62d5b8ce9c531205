import KMSPresentation
import Testing

/// `KMSPresenter.present` hands over the whole back buffer; a front end narrows it to the part it
/// draws into with `KMSPixels.region`.
@Suite("KMSPixels regions")
struct KMSPixelsRegionTests {
    /// Runs `body` with 10 × 4 pixels at a pitch of 48 bytes (12 pixels: wider than the image, as a
    /// dumb buffer's pitch can be), every pixel 0.
    func withPixels(_ body: (KMSPixels, UnsafeMutableBufferPointer<UInt32>) throws -> Void) rethrows {
        var storage = [UInt32](repeating: 0, count: 12 * 4)
        try storage.withUnsafeMutableBufferPointer { memory in
            let pixels = KMSPixels(
                base: UnsafeMutableRawPointer(memory.baseAddress!), width: 10, height: 4, bytesPerRow: 48)
            try body(pixels, memory)
        }
    }

    @Test func aCentredSquareStartsAtItsCornerAndKeepsThePitch() throws {
        try withPixels { pixels, memory in
            let square = try #require(pixels.region(x: 3, y: 0, width: 4, height: 4))
            #expect(square.width == 4 && square.height == 4 && square.bytesPerRow == 48)
            // Its last pixel is the buffer's (6, 3).
            (square.base + 3 * square.bytesPerRow + 3 * 4).storeBytes(of: 0xABCDEF, as: UInt32.self)
            #expect(memory[3 * 12 + 6] == 0xABCDEF)
            #expect(memory.filter { $0 != 0 }.count == 1)
        }
    }

    @Test(arguments: [
        (-1, 0, 2, 2), (0, -1, 2, 2), (9, 0, 2, 1), (0, 3, 1, 2), (0, 0, 0, 1), (0, 0, 1, 0), (0, 0, 11, 4),
        (Int.max, 0, 1, 1),
    ])
    func aRegionNotWhollyInsideIsNil(x: Int, y: Int, width: Int, height: Int) {
        withPixels { pixels, _ in
            #expect(pixels.region(x: x, y: y, width: width, height: height) == nil)
        }
    }

    @Test func theWholeBufferIsARegionOfItself() throws {
        try withPixels { pixels, _ in
            let whole = try #require(pixels.region(x: 0, y: 0, width: 10, height: 4))
            #expect(whole.base == pixels.base && whole.width == 10 && whole.height == 4)
        }
    }
}
