/// How a ``TextLayer`` places its line of text horizontally within its bounds.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
}
