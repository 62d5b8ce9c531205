public import MediaTiming

/// Where a text layer's lines go: its string broken into lines (at line feeds and, when wrapped,
/// between words so that each line fits the bounds' width), each line placed by the alignment, and
/// the block of lines centred vertically in the bounds (a single line as before: the middle of its
/// ascent and descent on the bounds' middle).
///
/// ``init(state:)`` measures with the renderer's fonts (Cairo's); the other initialiser takes the
/// font's metrics and a measuring function, so that a layout can be computed for any font
/// system, or checked with a made-up font.
public struct TextLayout: Sendable, Hashable {
    /// One line of text as drawn.
    public struct Line: Sendable, Hashable {
        /// The line's text (for a wrapped line, its words with single spaces between them).
        public var text: String
        /// The x coordinate where the line starts, in the layer's space.
        public var x: Double
        /// The y coordinate of the line's baseline, in the layer's space.
        public var baseline: Double
        /// The line's width at its natural spacing.
        public var width: Double
        /// The width added to each space between words: positive only on justified lines.
        public var extraWordSpacing: Double

        /// A line from its parts.
        public init(text: String, x: Double, baseline: Double, width: Double, extraWordSpacing: Double = 0) {
            self.text = text
            self.x = x
            self.baseline = baseline
            self.width = width
            self.extraWordSpacing = extraWordSpacing
        }
    }

    /// The lines, top to bottom; none for an empty string.
    public var lines: [Line]
    /// The distance from one baseline to the next.
    public var lineHeight: Double

    /// The layout of `string` in `bounds`, for a font whose glyphs rise `ascent` above the
    /// baseline and fall `descent` below it, with baselines `lineHeight` apart, where
    /// `measure(text)` is the advance width of `text` on one line.
    ///
    /// Wrapping breaks a line at the last space before the text would pass the bounds' width
    /// (runs of spaces count as one), and a word wider than the bounds between characters; it
    /// applies only when the width is positive and finite. Line feeds (and `\r\n`) always break.
    public init(
        string: String, bounds: Rect, alignment: TextAlignment, isWrapped: Bool, ascent: Double,
        descent: Double, lineHeight: Double, measure: (Substring) -> Double
    ) {
        self.lineHeight = lineHeight
        let width = bounds.size.width
        let maximumWidth = isWrapped && width > 0 && width.isFinite ? width : nil
        let broken =
            string.isEmpty ? [] : Self.breakLines(string, maximumWidth: maximumWidth, measure: measure)
        let firstBaseline = bounds.midY + (ascent - descent) / 2 - Double(broken.count - 1) * lineHeight / 2
        lines = broken.enumerated().map { index, line in
            let lineWidth = measure(line.text)
            var placed = Line(
                text: String(line.text), x: bounds.origin.x,
                baseline: firstBaseline + Double(index) * lineHeight, width: lineWidth)
            switch alignment {
            case .left: break
            case .center: placed.x = bounds.midX - lineWidth / 2
            case .right: placed.x = bounds.origin.x + width - lineWidth
            case .justified:
                let gaps = line.text.count { $0 == " " }
                if line.endsByWrapping && gaps > 0 && maximumWidth != nil {
                    placed.extraWordSpacing = max(0, (width - lineWidth) / Double(gaps))
                }
            }
            return placed
        }
    }

    /// A line of text before it is placed, and whether wrapping (not a line feed or the end)
    /// ended it.
    private struct BrokenLine {
        var text: Substring
        var endsByWrapping: Bool
    }

    /// The lines of `string`: its paragraphs, each broken to `maximumWidth` when there is one.
    private static func breakLines(
        _ string: String, maximumWidth: Double?, measure: (Substring) -> Double
    ) -> [BrokenLine] {
        var lines: [BrokenLine] = []
        for paragraph in string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            guard let maximumWidth else {
                lines.append(BrokenLine(text: paragraph, endsByWrapping: false))
                continue
            }
            var current: Substring = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? word : Substring(current + " " + word)
                if measure(candidate) <= maximumWidth {
                    current = candidate
                    continue
                }
                if !current.isEmpty { lines.append(BrokenLine(text: current, endsByWrapping: true)) }
                // The word starts a line; one too wide for any line is broken between characters.
                var pieces = breakWord(word, maximumWidth: maximumWidth, measure: measure)
                current = pieces.removeLast()
                lines += pieces.map { BrokenLine(text: $0, endsByWrapping: true) }
            }
            lines.append(BrokenLine(text: current, endsByWrapping: false))
        }
        return lines
    }

    /// `word` in pieces no wider than `maximumWidth` (each at least one character); the word
    /// itself when it fits.
    private static func breakWord(
        _ word: Substring, maximumWidth: Double, measure: (Substring) -> Double
    ) -> [Substring] {
        var pieces: [Substring] = []
        var start = word.startIndex
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            if index > start && measure(word[start..<next]) > maximumWidth {
                pieces.append(word[start..<index])
                start = index
            }
            index = next
        }
        pieces.append(word[start...])
        return pieces
    }
}
