/// One layer's presentation state kept from frame to frame, so that updating it rewrites only the
/// fields animations drive: the model is copied in full only when it has changed since the last
/// update (or when the cache was last filled from another layer).
///
/// ```swift
/// var caches = [PresentationCache](repeating: PresentationCache(), count: layers.count)
/// // each frame:
/// for (index, layer) in layers.enumerated() {
///     layer.updatePresentation(&caches[index], atLocalTime: layer.localTime(fromParentTime: parentTime))
/// }
/// ```
public struct PresentationCache: Sendable {
    /// The model revision `state` was copied from; 0 before the first update. (First, beside the
    /// state's most animated fields.)
    var sourceRevision: UInt64
    /// The local times at which `state` is current while the model revision stays the same.
    var unchanged: UnchangingInterval
    /// The presentation state as of the last update.
    public internal(set) var state: LayerState

    /// An empty cache; the first update fills it.
    public init() {
        sourceRevision = 0
        unchanged = .nowhere
        state = LayerState()
    }
}
