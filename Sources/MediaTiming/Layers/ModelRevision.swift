import Synchronization

/// Numbers that tell model states apart: every change to any layer's model takes the next one, so
/// a ``PresentationCache`` filled from a layer's model is current exactly when the layer's
/// revision is still the one it was filled at (numbers are never reused, across all layers).
enum ModelRevision {
    private static let counter = Atomic<UInt64>(0)

    /// A revision number no model has had before (never 0).
    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
