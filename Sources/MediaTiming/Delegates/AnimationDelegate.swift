/// What hears an animation start and stop: Core Animation's `CAAnimationDelegate`.
///
/// Given to ``Layer/add(_:forKey:delegate:)-(BasicAnimation<Value>,_,_)`` (or an overload with a root time) rather than set on
/// the animation: animations are `Sendable` values copied into the layer, while a delegate belongs
/// to the scene's isolation domain, as the layer does. The layer keeps a strong reference until the
/// stop is delivered, as Core Animation retains an animation's delegate.
///
/// The calls come from ``LayerTree/advance(to:)`` of the tree the layer was in when the animation
/// was added, synchronously, on the caller's isolation (in the frame-actor pattern, on the frame
/// actor): ``animationDidStart(_:on:forKey:)`` once, when the tree's time first reaches the
/// animation's begin time, and ``animationDidStop(_:on:forKey:finished:)`` once, when it reaches the
/// end of the active interval (`finished` `true`) or after the animation was removed or replaced
/// (`false`; an animation removed before it began hears only this). Animations added to a layer in
/// no tree have no one to deliver the calls, and their delegates are not called.
public protocol AnimationDelegate: AnyObject {
    /// The animation's active interval began (`animationDidStart(_:)`).
    func animationDidStart(_ animation: any TimedAnimation, on layer: Layer, forKey key: String?)

    /// The animation stopped: it reached the end of its active interval (`finished` is `true`) or
    /// was removed or replaced before that (`false`) (`animationDidStop(_:finished:)`).
    func animationDidStop(
        _ animation: any TimedAnimation, on layer: Layer, forKey key: String?, finished: Bool)
}

extension AnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ animation: any TimedAnimation, on layer: Layer, forKey key: String?) {}

    /// Does nothing.
    public func animationDidStop(
        _ animation: any TimedAnimation, on layer: Layer, forKey key: String?, finished: Bool
    ) {}
}
