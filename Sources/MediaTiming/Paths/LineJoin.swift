/// How the corners between stroked segments are drawn (`CAShapeLayerLineJoin`).
public enum LineJoin: Sendable, Hashable, CaseIterable {
    /// A sharp corner, bevelled where it would exceed the miter limit. Core Animation's default.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut off straight.
    case bevel
}
