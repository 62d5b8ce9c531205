/// Why a change to a layer tree was refused.
public enum LayerTreeError: Error, Sendable, Hashable {
    /// The layer to insert is the receiver itself or one of its ancestors: inserting it would make
    /// a layer its own ancestor.
    case wouldCreateCycle
    /// The insertion index is outside `0...sublayers.count`.
    case indexOutOfRange(index: Int, count: Int)
}
