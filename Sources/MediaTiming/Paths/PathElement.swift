/// One element of a ``Path``.
///
/// Coordinates are y-down. Angles are in radians from the positive x axis, growing clockwise on
/// screen (so −π/2 is 12 o'clock).
public enum PathElement: Sendable, Hashable {
    /// Starts a new subpath at the point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point.
    case cubicCurve(to: Point, control1: Point, control2: Point)
    /// A circular arc from the current point, which is the arc's start point. `clockwise` arcs run
    /// from `startAngle` with growing angle, others with shrinking angle; the sweep is at most one
    /// full turn (see ``Path/addArc(center:radius:startAngle:endAngle:clockwise:)``).
    case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
    /// A straight line back to the subpath's first point, closing it.
    case close
}
