import DemoClockFace
import LayerRendering
import MediaTiming
import Testing

/// Half-block terminal text.
struct TerminalImageTests {
    @Test func eachCellPairsAnUpperAndALowerPixel() throws {
        // 2 × 3: rows (red, green), (blue, white), (transparent, half-transparent white).
        let red = Bitmap.premultipliedARGB(of: Color(red: 1, green: 0, blue: 0))
        let green = Bitmap.premultipliedARGB(of: Color(red: 0, green: 1, blue: 0))
        let blue = Bitmap.premultipliedARGB(of: Color(red: 0, green: 0, blue: 1))
        let white = Bitmap.premultipliedARGB(of: .white)
        let halfWhite = Bitmap.premultipliedARGB(of: Color(white: 1, alpha: 0.5))
        let bitmap = try Bitmap(width: 2, height: 3, pixels: [red, green, blue, white, 0, halfWhite])
        let text = TerminalImage.halfBlocks(of: bitmap, background: .black)
        let escape = "\u{1B}["
        let expected =
            "\(escape)38;2;255;0;0m\(escape)48;2;0;0;255m▀"
            + "\(escape)38;2;0;255;0m\(escape)48;2;255;255;255m▀\(escape)0m\n"
            // The odd last row: transparent over black, half white over black; lower half background.
            + "\(escape)38;2;0;0;0m\(escape)48;2;0;0;0m▀"
            + "\(escape)38;2;128;128;128m▀\(escape)0m\n"
        #expect(text == expected)
    }

    @Test func aClockFaceBecomesRowsOfCells() throws {
        let face = ClockFace(size: Size(width: 40, height: 40))
        face.show(secondsIntoMinute: 30)
        let text = TerminalImage.halfBlocks(of: try face.render())
        let lines = text.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.filter { $0 == TerminalImage.upperHalfBlock }.count == 40 })
        #expect(text.contains("\u{1B}[38;2;"))
    }
}
