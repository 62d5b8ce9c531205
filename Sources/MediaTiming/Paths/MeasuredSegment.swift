/// One drawable piece of a path (a line, curve, arc, or the line that closes a subpath) with its
/// arc length, as trimming and measuring need it.
struct MeasuredSegment {
    enum Geometry {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
        case arc(ArcGeometry)
    }

    var geometry: Geometry
    /// Which subpath (counted from 0) the segment belongs to.
    var subpath: Int
    /// Whether this is the line a `close` element draws.
    var isClosing: Bool
    /// The segment's length.
    var length: Double
    /// For curves: cumulative chord lengths at parameters k/n of the flattened curve (n + 1 entries).
    var cumulativeLengths: [Double]

    init(geometry: Geometry, subpath: Int, isClosing: Bool, tolerance: Double) {
        self.geometry = geometry
        self.subpath = subpath
        self.isClosing = isClosing
        switch geometry {
        case .line(let p, let q):
            length = p.distance(to: q)
            cumulativeLengths = []
        case .arc(let arc):
            length = arc.length
            cumulativeLengths = []
        case .quad(let p0, let p1, let p2):
            let count = Self.flatteningCount(
                degree: 2, secondDifference: Self.secondDifference(p0, p1, p2), tolerance: tolerance)
            cumulativeLengths = Self.cumulativeLengths(count: count) {
                BezierSplitting.point(quad: p0, p1, p2, at: $0)
            }
            length = cumulativeLengths.last ?? 0
        case .cubic(let p0, let p1, let p2, let p3):
            let difference = max(
                Self.secondDifference(p0, p1, p2), Self.secondDifference(p1, p2, p3))
            let count = Self.flatteningCount(degree: 3, secondDifference: difference, tolerance: tolerance)
            cumulativeLengths = Self.cumulativeLengths(count: count) {
                BezierSplitting.point(cubic: p0, p1, p2, p3, at: $0)
            }
            length = cumulativeLengths.last ?? 0
        }
        if !length.isFinite { length = 0 }
    }

    var startPoint: Point {
        switch geometry {
        case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): return p
        case .arc(let arc): return arc.startPoint
        }
    }

    /// |p − 2q + r|, the size of a second difference of control points.
    static func secondDifference(_ p: Point, _ q: Point, _ r: Point) -> Double {
        Point(x: p.x - 2 * q.x + r.x, y: p.y - 2 * q.y + r.y).distance(to: .zero)
    }

    /// Wang's formula: how many equal parameter steps keep a Bézier curve of the given degree
    /// within `tolerance` of its chords, so flatter curves get fewer steps.
    static func flatteningCount(degree: Int, secondDifference: Double, tolerance: Double) -> Int {
        let factor = Double(degree * (degree - 1)) / 8
        let steps = (factor * secondDifference / tolerance).squareRoot().rounded(.up)
        guard steps.isFinite else { return 1 }
        return Int(min(max(steps, 1), 4096))
    }

    static func cumulativeLengths(count: Int, point: (Double) -> Point) -> [Double] {
        var lengths = [Double]()
        lengths.reserveCapacity(count + 1)
        lengths.append(0)
        var previous = point(0)
        var total = 0.0
        for step in 1...count {
            let next = point(Double(step) / Double(count))
            total += previous.distance(to: next)
            lengths.append(total)
            previous = next
        }
        return lengths
    }

    /// The curve parameter at arc length `distance` from the start (linear between flattened
    /// samples; exact for lines and arcs).
    func parameter(atLength distance: Double) -> Double {
        guard length > 0 else { return 0 }
        if cumulativeLengths.isEmpty { return min(max(distance / length, 0), 1) }
        if distance <= 0 { return 0 }
        if distance >= length { return 1 }
        var low = 0
        var high = cumulativeLengths.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if cumulativeLengths[middle] <= distance { low = middle } else { high = middle }
        }
        let span = cumulativeLengths[high] - cumulativeLengths[low]
        let within = span > 0 ? (distance - cumulativeLengths[low]) / span : 0
        return (Double(low) + within) / Double(cumulativeLengths.count - 1)
    }

    /// The part of the segment between arc lengths `from` and `to`: its start point and the
    /// element that draws it from there.
    func piece(fromLength from: Double, toLength to: Double) -> (start: Point, element: PathElement) {
        let t0 = parameter(atLength: from)
        let t1 = parameter(atLength: to)
        switch geometry {
        case .line(let p, let q):
            return (BezierSplitting.lerp(p, q, t0), .line(to: BezierSplitting.lerp(p, q, t1)))
        case .quad(let p0, let p1, let p2):
            let (a, b, c) = BezierSplitting.segment(quad: p0, p1, p2, from: t0, to: t1)
            return (a, .quadCurve(to: c, control: b))
        case .cubic(let p0, let p1, let p2, let p3):
            let (a, b, c, d) = BezierSplitting.segment(cubic: p0, p1, p2, p3, from: t0, to: t1)
            return (a, .cubicCurve(to: d, control1: b, control2: c))
        case .arc(let arc):
            return (arc.point(atAngle: arc.startAngle + arc.sweep * t0), arc.element(from: t0, to: t1))
        }
    }

    /// The drawable segments of `path`, in order.
    static func segments(of path: Path, tolerance: Double) -> [MeasuredSegment] {
        var segments = [MeasuredSegment]()
        var current: Point?
        var subpathStart: Point?
        var subpath = -1
        func add(_ geometry: Geometry, isClosing: Bool = false) {
            segments.append(
                MeasuredSegment(
                    geometry: geometry, subpath: subpath, isClosing: isClosing, tolerance: tolerance))
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                subpath += 1
                current = point
                subpathStart = point
            case .line(let point):
                if let start = current { add(.line(start, point)) }
                current = point
            case .quadCurve(let point, let control):
                if let start = current { add(.quad(start, control, point)) }
                current = point
            case .cubicCurve(let point, let control1, let control2):
                if let start = current { add(.cubic(start, control1, control2, point)) }
                current = point
            case .arc(let center, let radius, let startAngle, let endAngle, let clockwise):
                let arc = ArcGeometry(
                    center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                    clockwise: clockwise)
                add(.arc(arc))
                current = arc.endPoint
            case .close:
                if let start = current, let first = subpathStart { add(.line(start, first), isClosing: true) }
                current = subpathStart
            }
        }
        return segments
    }
}
