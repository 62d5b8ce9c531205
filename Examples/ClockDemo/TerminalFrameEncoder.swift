import LayerRendering

/// Encodes frames for a true-colour terminal as upper half blocks ("▀": foreground the upper pixel,
/// background the lower), like `TerminalImage.halfBlocks`, but as bytes into a buffer it reuses,
/// and sending only the cells that changed since the frame encoded before: a seconds ring moves a
/// few cells a frame, so a frame is a few hundred bytes rather than tens of thousands, and a busy
/// terminal keeps up. No heap allocation once the buffers have grown to a frame's size.
///
/// The encoder assumes the terminal shows exactly what it encoded before (the alternate screen,
/// written by nobody else); ``reset()`` forgets it, and the next frame is sent whole.
struct TerminalFrameEncoder {
    /// The bytes of the last frame encoded.
    private(set) var bytes: [UInt8] = []
    /// Per cell, the upper and lower colours last sent (24 bits each), or `unknown`.
    private var cells: [UInt64] = []
    private var columns = 0
    private var rows = 0
    /// The colours the terminal is set to while a frame is written (`unknown` after a reset).
    private var foreground = unknown
    private var background = unknown

    private static let unknown = UInt64.max
    private static let halfBlock: [UInt8] = [0xE2, 0x96, 0x80]

    /// Forgets what the terminal shows: the next frame is sent whole, after clearing the screen.
    mutating func reset() {
        columns = 0
        rows = 0
    }

    /// Encodes `bitmap` (its cells from the top-left corner, translucent pixels over black) and,
    /// below it, `status` (lines separated by "\n", each cleared to the end of the line) into
    /// ``bytes``.
    mutating func encode(_ bitmap: Bitmap, status: String) {
        bytes.removeAll(keepingCapacity: true)
        let newRows = (bitmap.height + 1) / 2
        if bitmap.width != columns || newRows != rows {
            columns = bitmap.width
            rows = newRows
            cells.removeAll(keepingCapacity: true)
            cells.append(contentsOf: repeatElement(Self.unknown, count: columns * rows))
            append("\u{1B}[0m\u{1B}[2J")
        }
        foreground = Self.unknown
        background = Self.unknown
        for row in 0..<rows {
            // Whether the cursor stands where the next cell goes (just after the last one written).
            var cursorFollows = false
            for column in 0..<columns {
                let upper = Self.rgb(bitmap.argb(x: column, y: 2 * row))
                let lower = 2 * row + 1 < bitmap.height ? Self.rgb(bitmap.argb(x: column, y: 2 * row + 1)) : 0
                let cell = upper << 24 | lower
                let index = row * columns + column
                guard cells[index] != cell else {
                    cursorFollows = false
                    continue
                }
                cells[index] = cell
                if !cursorFollows { moveCursor(row: row, column: column) }
                if foreground != upper {
                    setColour(38, upper)
                    foreground = upper
                }
                if background != lower {
                    setColour(48, lower)
                    background = lower
                }
                bytes.append(contentsOf: Self.halfBlock)
                cursorFollows = true
            }
        }
        append("\u{1B}[0m")
        var line = rows
        moveCursor(row: line, column: 0)
        for byte in status.utf8 {
            if byte == UInt8(ascii: "\n") {
                append("\u{1B}[K")
                line += 1
                moveCursor(row: line, column: 0)
            } else {
                bytes.append(byte)
            }
        }
        append("\u{1B}[K")
    }

    /// The opaque colour of a premultiplied ARGB pixel over black, as 0xRRGGBB.
    private static func rgb(_ argb: UInt32) -> UInt64 { UInt64(argb & 0xFF_FFFF) }

    private mutating func moveCursor(row: Int, column: Int) {
        append("\u{1B}[")
        appendDecimal(row + 1)
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(column + 1)
        bytes.append(UInt8(ascii: "H"))
    }

    /// SGR 38 (foreground) or 48 (background) with a 24-bit colour.
    private mutating func setColour(_ selector: Int, _ rgb: UInt64) {
        append("\u{1B}[")
        appendDecimal(selector)
        append(";2;")
        appendDecimal(Int(rgb >> 16 & 0xFF))
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(Int(rgb >> 8 & 0xFF))
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(Int(rgb & 0xFF))
        bytes.append(UInt8(ascii: "m"))
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendDecimal(_ value: Int) {
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
