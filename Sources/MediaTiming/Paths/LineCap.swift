/// How the open ends of a stroked path are drawn (`CAShapeLayerLineCap`).
public enum LineCap: Sendable, Hashable, CaseIterable {
    /// The stroke stops square at the end point. Core Animation's default.
    case butt
    /// A half-circle of the line width's diameter is added at the end.
    case round
    /// A half-square of the line width is added beyond the end.
    case square
}
