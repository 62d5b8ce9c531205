import Foundation

/// A chart as a list of things to draw, in pixels from the top-left corner: built once, written as
/// SVG (with real, searchable `<text>`) and drawn with Cairo into a PNG.
struct ChartScene {
    /// An opaque colour, components in [0, 1].
    struct Colour: Equatable, Hashable {
        var red: Double
        var green: Double
        var blue: Double

        static let black = Colour(red: 0, green: 0, blue: 0)
        static let grid = Colour(red: 0.85, green: 0.85, blue: 0.85)

        /// A colour from 0–255 components.
        init(_ red: Int, _ green: Int, _ blue: Int) {
            self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
        }

        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// "#rrggbb".
        var hex: String {
            String(
                format: "#%02x%02x%02x", Int((red * 255).rounded()), Int((green * 255).rounded()),
                Int((blue * 255).rounded()))
        }
    }

    /// How a line is stroked: colour, width and dash pattern (lengths on, off, …; empty: solid).
    struct Stroke: Equatable, Hashable {
        var colour: Colour
        var width: Double = 1
        var dash: [Double] = []
    }

    /// Where a text's `x` is: its start, its middle or its end.
    enum Anchor: String {
        case start, middle, end
    }

    /// A marker's shape, drawn centred on a point.
    enum Marker: String, CaseIterable {
        case circle, square, triangle, diamond
    }

    /// One thing to draw.
    enum Element {
        /// Straight segments through `points`.
        case polyline(points: [(x: Double, y: Double)], stroke: Stroke)
        /// An outlined rectangle.
        case rectangle(x: Double, y: Double, width: Double, height: Double, stroke: Stroke)
        /// A filled rectangle.
        case band(x: Double, y: Double, width: Double, height: Double, fill: Colour)
        /// A filled marker of `size` pixels across, centred on (x, y).
        case marker(x: Double, y: Double, shape: Marker, size: Double, fill: Colour)
        /// Text whose baseline starts, centres or ends at (x, y); `rotated` turns it a quarter to
        /// the left about that point (an axis title up the side).
        case text(
            String, x: Double, y: Double, size: Double, bold: Bool = false, anchor: Anchor = .start,
            rotated: Bool = false)
    }

    var width: Double
    var height: Double
    var elements: [Element] = []

    mutating func add(_ element: Element) { elements.append(element) }

    /// Every text in the scene, in order.
    var texts: [String] {
        elements.compactMap {
            if case .text(let string, _, _, _, _, _, _) = $0 { return string }
            return nil
        }
    }

    // MARK: - SVG

    /// The scene as an SVG document; texts are `<text>` elements in a generic sans-serif font.
    var svg: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" "
        out +=
            "height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for element in elements { out += Self.svg(element) + "\n" }
        return out + "</svg>\n"
    }

    private static func svg(_ element: Element) -> String {
        switch element {
        case .polyline(let points, let stroke):
            let list = points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
            return "<polyline points=\"\(list)\" fill=\"none\" \(attributes(stroke))/>"
        case .rectangle(let x, let y, let width, let height, let stroke):
            return
                "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\" fill=\"none\" \(attributes(stroke))/>"
        case .band(let x, let y, let width, let height, let fill):
            return
                "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\" fill=\"\(fill.hex)\"/>"
        case .marker(let x, let y, let shape, let size, let fill):
            let corners = markerOutline(shape, x: x, y: y, size: size)
            if corners.isEmpty {
                return
                    "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"\(number(size / 2))\" fill=\"\(fill.hex)\"/>"
            }
            let list = corners.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
            return "<polygon points=\"\(list)\" fill=\"\(fill.hex)\"/>"
        case .text(let string, let x, let y, let size, let bold, let anchor, let rotated):
            var out = "<text x=\"\(number(x))\" y=\"\(number(y))\" font-family=\"sans-serif\" "
            out += "font-size=\"\(number(size))\" text-anchor=\"\(anchor.rawValue)\""
            if bold { out += " font-weight=\"bold\"" }
            if rotated { out += " transform=\"rotate(-90 \(number(x)) \(number(y)))\"" }
            return out + ">\(escaped(string))</text>"
        }
    }

    private static func attributes(_ stroke: Stroke) -> String {
        var out = "stroke=\"\(stroke.colour.hex)\" stroke-width=\"\(number(stroke.width))\""
        if !stroke.dash.isEmpty {
            out += " stroke-dasharray=\"\(stroke.dash.map(number).joined(separator: " "))\""
        }
        return out
    }

    /// The corners of a marker's polygon; empty for a circle.
    static func markerOutline(_ shape: Marker, x: Double, y: Double, size: Double) -> [(x: Double, y: Double)]
    {
        let half = size / 2
        switch shape {
        case .circle: return []
        case .square:
            return [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
        case .triangle: return [(x, y - half), (x + half, y + half), (x - half, y + half)]
        case .diamond: return [(x, y - half), (x + half, y), (x, y + half), (x - half, y)]
        }
    }

    /// A coordinate with at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let text = String(format: "%.2f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
