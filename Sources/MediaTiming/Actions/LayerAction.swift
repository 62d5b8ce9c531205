/// What happens when a property of a layer in a ``LayerTree`` is set: Core Animation's
/// `CAAction`, as ``Layer/actions`` and ``LayerDelegate/action(for:forKey:)`` give it.
public enum LayerAction: Sendable {
    /// No animation: the property changes at once (Core Animation's `NSNull` action).
    case noAnimation
    /// This animation is added under the property's name instead of the implicit basic animation
    /// (an animation is Core Animation's commonest `CAAction`).
    ///
    /// As with an implicit animation, it begins at the tree's current time. A duration of 0 takes
    /// the transaction's ``LayerTree/animationDuration``, and a ``BasicAnimation`` of the changed
    /// property with none of `fromValue`, `toValue`, `byValue` set animates from the value
    /// presented before the change to the new value (Core Animation's reading of such an
    /// animation). Only this package's animation types (``BasicAnimation``,
    /// ``KeyframeAnimation``, ``SpringAnimation``, ``AnimationGroup``) can be added; any other
    /// type acts as ``noAnimation``.
    case animation(any TimedAnimation)
}
