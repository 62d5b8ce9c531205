import LayerRendering
import Testing

@testable import ClockDemo

@Suite("clock-demo's terminal encoder")
struct TerminalFrameEncoderTests {
    static let halfBlock = "\u{2580}"

    func count(_ text: String, in bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: text).count - 1
    }

    func gradient(width: Int, height: Int) throws -> Bitmap {
        var bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap.pixels[y * width + x] = 0xFF00_0000 | UInt32(x * 8) << 16 | UInt32(y * 8)
            }
        }
        return bitmap
    }

    @Test func theFirstFrameIsSentWholeWithItsColours() throws {
        var encoder = TerminalFrameEncoder()
        encoder.encode(try gradient(width: 6, height: 5), status: "one\ntwo")
        // Six columns by three rows (the last row's lower half is the black background).
        #expect(count(Self.halfBlock, in: encoder.bytes) == 18)
        let text = String(decoding: encoder.bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[0m\u{1B}[2J\u{1B}[1;1H"))
        // Cell (1, 1): upper pixel (1, 2), lower pixel (1, 3).
        #expect(text.contains("\u{1B}[38;2;8;0;16m\u{1B}[48;2;8;0;24m\(Self.halfBlock)"))
        // The last row's lower half, past the image, is black.
        #expect(text.contains("\u{1B}[3;1H\u{1B}[38;2;0;0;32m\u{1B}[48;2;0;0;0m\(Self.halfBlock)"))
        #expect(text.hasSuffix("\u{1B}[0m\u{1B}[4;1Hone\u{1B}[K\u{1B}[5;1Htwo\u{1B}[K"))
    }

    @Test func anUnchangedFrameSendsNoCellsAndAChangedPixelSendsOneCell() throws {
        var encoder = TerminalFrameEncoder()
        var bitmap = try gradient(width: 6, height: 5)
        encoder.encode(bitmap, status: "s")
        encoder.encode(bitmap, status: "s")
        #expect(count(Self.halfBlock, in: encoder.bytes) == 0)
        bitmap.pixels[3 * 6 + 4] = 0xFFFF_FFFF  // (4, 3): the lower half of cell row 1, column 4
        encoder.encode(bitmap, status: "s")
        #expect(count(Self.halfBlock, in: encoder.bytes) == 1)
        let text = String(decoding: encoder.bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[2;5H\u{1B}[38;2;32;0;16m\u{1B}[48;2;255;255;255m\(Self.halfBlock)"))
    }

    @Test func aNewSizeOrAResetSendsTheWholeFrameAgain() throws {
        var encoder = TerminalFrameEncoder()
        let bitmap = try gradient(width: 6, height: 5)
        encoder.encode(bitmap, status: "")
        encoder.reset()
        encoder.encode(bitmap, status: "")
        #expect(count(Self.halfBlock, in: encoder.bytes) == 18)
        encoder.encode(try gradient(width: 4, height: 4), status: "")
        #expect(count(Self.halfBlock, in: encoder.bytes) == 8)
        #expect(String(decoding: encoder.bytes, as: UTF8.self).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }
}
