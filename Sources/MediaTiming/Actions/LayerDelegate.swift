/// The object a layer asks first for the action of a property change: the action part of Core
/// Animation's `CALayerDelegate`.
public protocol LayerDelegate: AnyObject {
    /// The action for setting the property named `key` (as ``LayerProperty/name`` spells it) of
    /// `layer`: ``LayerAction/noAnimation`` to change it at once, ``LayerAction/animation(_:)``
    /// for a custom animation, or `nil` to go on looking (in ``Layer/actions``, then the implicit
    /// basic animation), as `action(for:forKey:)` does.
    func action(for layer: Layer, forKey key: String) -> LayerAction?
}
