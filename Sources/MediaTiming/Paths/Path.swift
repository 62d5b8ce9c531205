/// A shape as a sequence of subpaths of lines, Bézier curves and circular arcs: the geometry a
/// ``ShapeLayer`` strokes and fills.
///
/// Build one with the `CGMutablePath`-style methods; coordinates are y-down and angles grow
/// clockwise on screen, so a circle traced from 12 o'clock clockwise is
/// `addArc(center: c, radius: r, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)`.
public struct Path: Sendable, Hashable {
    /// The elements in drawing order.
    public private(set) var elements: [PathElement]

    /// The point where the next element starts, or `nil` before the first `move`.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    /// An empty path.
    public init() {
        elements = []
    }

    /// A path of the given elements (an element that needs a current point where there is none
    /// starts a subpath at its own start or end point instead).
    public init(elements: [PathElement]) {
        self.init()
        for element in elements { append(element) }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends one element, keeping the current point up to date.
    public mutating func append(_ element: PathElement) {
        switch element {
        case .move(let point): move(to: point)
        case .line(let point): addLine(to: point)
        case .quadCurve(let point, let control): addQuadCurve(to: point, control: control)
        case .cubicCurve(let point, let control1, let control2):
            addCurve(to: point, control1: control1, control2: control2)
        case .arc(let center, let radius, let startAngle, let endAngle, let clockwise):
            addArc(
                center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: clockwise)
        case .close: closeSubpath()
        }
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a straight line from the current point to `point` (without a current point, starts a
    /// subpath at `point`).
    public mutating func addLine(to point: Point) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds a quadratic Bézier curve to `point` with one `control` point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier curve to `point` with two control points.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.cubicCurve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Adds a circular arc, as `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`
    /// and `cairo_arc` draw it: a straight line from the current point to the arc's start (or a new
    /// subpath there), then the arc. A `clockwise` arc turns with growing angle until it reaches
    /// `endAngle` (moved by whole turns to lie after `startAngle`), at most one full turn; an
    /// anticlockwise one likewise with shrinking angle.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        let arc = ArcGeometry(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        let start = arc.startPoint
        if let current = currentPoint {
            if current != start { elements.append(.line(to: start)) }
        } else {
            move(to: start)
        }
        elements.append(
            .arc(
                center: center, radius: arc.radius, startAngle: startAngle, endAngle: arc.endAngle,
                clockwise: clockwise))
        currentPoint = arc.endPoint
    }

    /// Closes the current subpath with a straight line back to its first point.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// Adds a closed rectangle, traced clockwise from its origin.
    public mutating func addRect(_ rect: Rect) {
        move(to: rect.origin)
        addLine(to: Point(x: rect.origin.x + rect.size.width, y: rect.origin.y))
        addLine(to: Point(x: rect.origin.x + rect.size.width, y: rect.origin.y + rect.size.height))
        addLine(to: Point(x: rect.origin.x, y: rect.origin.y + rect.size.height))
        closeSubpath()
    }

    /// A closed circle traced clockwise from 12 o'clock, so that `strokeEnd` reveals it as a clock
    /// hand sweeps.
    public static func circle(center: Point, radius: Double) -> Path {
        var path = Path()
        path.addArc(
            center: center, radius: radius, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2,
            clockwise: true)
        path.closeSubpath()
        return path
    }

    /// A path of one straight line.
    public static func line(from start: Point, to end: Point) -> Path {
        var path = Path()
        path.move(to: start)
        path.addLine(to: end)
        return path
    }
}
