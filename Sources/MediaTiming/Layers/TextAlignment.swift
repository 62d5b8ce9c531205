/// How a ``TextLayer`` places its lines of text horizontally within its bounds.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
    /// Against both edges: each line that wrapping broke is stretched to the bounds' width by
    /// widening the spaces between its words; the last line of a paragraph (and a line of one
    /// word) stays against the left edge. Without ``LayerState/isWrapped`` the same as ``left``.
    case justified
}
