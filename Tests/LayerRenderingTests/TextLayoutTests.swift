import LayerRendering
import MediaTiming
import Testing

/// Multi-line text: line feeds, word wrapping, alignment (left, centre, right, justified), laid
/// out with a made-up monospaced font, then drawn with the real one.
struct TextLayoutTests {
    /// A font whose every character advances 10: a line's width is ten times its length.
    static func layout(
        _ string: String, width: Double = 100, alignment: TextAlignment = .left, isWrapped: Bool = true
    ) -> TextLayout {
        TextLayout(
            string: string, bounds: Rect(x: 20, y: 0, width: width, height: 200), alignment: alignment,
            isWrapped: isWrapped, ascent: 8, descent: 2, lineHeight: 12
        ) { Double($0.count) * 10 }
    }

    @Test func wrappingBreaksBetweenWordsToFitTheWidth() {
        let layout = Self.layout("the quick brown fox jumps")
        #expect(layout.lines.map(\.text) == ["the quick", "brown fox", "jumps"])
        #expect(layout.lines.allSatisfy { $0.width <= 100 })
        #expect(layout.lines.map(\.width) == [90, 90, 50])
        // Runs of spaces count as one; line feeds always break, empty paragraphs stay.
        #expect(Self.layout("a  b\n\nc").lines.map(\.text) == ["a b", "", "c"])
        // Unwrapped, only line feeds break, and a long line stays long.
        let unwrapped = Self.layout("the quick brown fox\njumps", isWrapped: false)
        #expect(unwrapped.lines.map(\.text) == ["the quick brown fox", "jumps"])
    }

    @Test func aWordWiderThanTheLineIsBrokenBetweenCharacters() {
        #expect(
            Self.layout("abcdefghijklmnop", width: 50).lines.map(\.text) == ["abcde", "fghij", "klmno", "p"])
        #expect(Self.layout("ab abcdefgh", width: 50).lines.map(\.text) == ["ab", "abcde", "fgh"])
        // Narrower than one character: one character a line.
        #expect(Self.layout("abc", width: 5).lines.map(\.text) == ["a", "b", "c"])
    }

    @Test func linesArePlacedByTheAlignment() {
        let text = "the quick brown fox jumps"
        #expect(Self.layout(text, alignment: .left).lines.map(\.x) == [20, 20, 20])
        #expect(Self.layout(text, alignment: .center).lines.map(\.x) == [25, 25, 45])  // mid 70
        #expect(Self.layout(text, alignment: .right).lines.map(\.x) == [30, 30, 70])  // right 120
    }

    @Test func justifiedLinesReachBothEdgesButTheLast() {
        let layout = Self.layout("aa bb cc dd ee", alignment: .justified)
        #expect(layout.lines.map(\.text) == ["aa bb cc", "dd ee"])
        // Two gaps share the 20 left over; the paragraph's last line stays natural.
        #expect(layout.lines.map(\.extraWordSpacing) == [10, 0])
        #expect(layout.lines.map(\.x) == [20, 20])
        // One word: nothing to widen. Unwrapped: left.
        let broken = Self.layout("aaaaaaaaaaaa bb", alignment: .justified)
        #expect(broken.lines.map(\.text) == ["aaaaaaaaaa", "aa bb"])
        #expect(broken.lines.map(\.extraWordSpacing) == [0, 0])
        #expect(Self.layout("aa bb", alignment: .justified, isWrapped: false).lines[0].extraWordSpacing == 0)
    }

    @Test func theBlockOfLinesIsCentredVertically() {
        // The bounds' middle is 100; ascent 8, descent 2, 12 between baselines.
        #expect(Self.layout("one").lines.map(\.baseline) == [103])  // as a single line always was
        #expect(Self.layout("one\ntwo\nsix").lines.map(\.baseline) == [91, 103, 115])
        #expect(Self.layout("").lines.isEmpty)
    }

    // MARK: Drawn

    /// Rows and columns of a 200 × 120 image of a white-on-clear text layer that have ink.
    static func ink(
        _ string: String, alignment: TextAlignment, isWrapped: Bool = true
    ) throws -> (rows: [Int], columns: [Int]) {
        let text = TextLayer()
        text.frame = Rect(x: 0, y: 0, width: 200, height: 120)
        text.string = string
        text.fontSize = 16
        text.alignment = alignment
        text.isWrapped = isWrapped
        let image = try LayerRenderer().render(text, atRootTime: 0, width: 200, height: 120)
        let rows = (0..<120).filter { y in (0..<200).contains { image.pixel(x: $0, y: y).alpha > 0.5 } }
        let columns = (0..<200).filter { x in (0..<120).contains { image.pixel(x: x, y: $0).alpha > 0.5 } }
        return (rows, columns)
    }

    /// The runs of consecutive values: each a band of ink.
    static func bands(_ values: [Int]) -> [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = []
        for value in values {
            if let last = bands.last, last.upperBound == value - 1 {
                bands[bands.count - 1] = last.lowerBound...value
            } else {
                bands.append(value...value)
            }
        }
        return bands
    }

    @Test func wrappedTextIsDrawnOnSeveralLines() throws {
        let paragraph = "Wrapped text goes on to the next line when it reaches the edge of its bounds"
        let wrapped = try Self.ink(paragraph, alignment: .left)
        let layout = try TextLayout(
            state: {
                var state = LayerState()
                state.bounds = Rect(x: 0, y: 0, width: 200, height: 120)
                state.string = paragraph
                state.fontSize = 16
                state.isWrapped = true
                return state
            }())
        #expect(layout.lines.count >= 3)
        #expect(layout.lines.allSatisfy { $0.width <= 200 })
        #expect(Self.bands(wrapped.rows).count == layout.lines.count)
        // Unwrapped it is one line, running off the right edge.
        let unwrapped = try Self.ink(paragraph, alignment: .left, isWrapped: false)
        #expect(Self.bands(unwrapped.rows).count == 1)
        #expect(try #require(unwrapped.columns.last) >= 190)
        #expect(try #require(layout.lines.last).width < 200)
    }

    @Test func alignmentMovesTheInk() throws {
        let text = "left\nand right"
        let left = try Self.ink(text, alignment: .left)
        let right = try Self.ink(text, alignment: .right)
        let center = try Self.ink(text, alignment: .center)
        #expect(try #require(left.columns.first) <= 2)
        #expect(try #require(right.columns.last) >= 196)
        #expect(try #require(right.columns.first) > 100)
        let middle = (try #require(center.columns.first) + (try #require(center.columns.last))) / 2
        #expect(abs(middle - 100) <= 3)
    }

    @Test func justifiedTextReachesTheRightEdgeOnWrappedLines() throws {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let justified = try Self.ink(text, alignment: .justified)
        let left = try Self.ink(text, alignment: .left)
        #expect(try #require(justified.columns.last) >= 195)
        #expect(try #require(left.columns.last) < 195)
        #expect(Self.bands(justified.rows).count == Self.bands(left.rows).count)
    }
}
