/// Which points count as inside a path when it is filled (`CAShapeLayerFillRule`).
public enum FillRule: Sendable, Hashable, CaseIterable {
    /// Inside where the path winds round a non-zero number of times. Core Animation's default.
    case nonZero
    /// Inside where a ray crosses the path an odd number of times.
    case evenOdd
}
