public import MediaTiming

/// A bitmap as text for a true-colour terminal: each character cell is an upper half block "▀"
/// whose foreground is the upper pixel and whose background is the lower one, in 24-bit ANSI
/// colour escapes, so a `width` × `height` bitmap takes `width` columns and ⌈height / 2⌉ rows.
public enum TerminalImage {
    /// The upper half block, U+2580.
    public static let upperHalfBlock: Character = "\u{2580}"

    /// The text for `bitmap`: rows of half blocks, each row ending with a colour reset (`ESC[0m`)
    /// and a newline. Translucent pixels are composited over `background`, which also fills the
    /// lower half of the last row when the height is odd. A colour escape is written only where the
    /// colour changes from the cell before.
    public static func halfBlocks(of bitmap: Bitmap, background: Color = .black) -> String {
        let backgroundRGB = rgb(of: Bitmap.premultipliedARGB(of: background), over: (0, 0, 0))
        var text = ""
        text.reserveCapacity(bitmap.width * ((bitmap.height + 1) / 2) * 12)
        var row = 0
        while row < bitmap.height {
            var previousForeground: (UInt8, UInt8, UInt8)?
            var previousBackground: (UInt8, UInt8, UInt8)?
            for column in 0..<bitmap.width {
                let upper = rgb(of: bitmap.argb(x: column, y: row), over: backgroundRGB)
                let lower =
                    row + 1 < bitmap.height
                    ? rgb(of: bitmap.argb(x: column, y: row + 1), over: backgroundRGB) : backgroundRGB
                if previousForeground.map({ $0 != upper }) ?? true {
                    text += "\u{1B}[38;2;\(upper.0);\(upper.1);\(upper.2)m"
                    previousForeground = upper
                }
                if previousBackground.map({ $0 != lower }) ?? true {
                    text += "\u{1B}[48;2;\(lower.0);\(lower.1);\(lower.2)m"
                    previousBackground = lower
                }
                text.append(upperHalfBlock)
            }
            text += "\u{1B}[0m\n"
            row += 2
        }
        return text
    }

    /// The opaque colour of a premultiplied ARGB pixel composited over an opaque colour.
    static func rgb(of argb: UInt32, over base: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
        let alpha = argb >> 24
        let inverse = 255 - alpha
        func channel(_ shift: UInt32, _ under: UInt8) -> UInt8 {
            let value = (argb >> shift) & 0xFF
            return UInt8(min(255, value + (UInt32(under) * inverse + 127) / 255))
        }
        return (channel(16, base.0), channel(8, base.1), channel(0, base.2))
    }
}
