/// An ``AnimationDelegate`` made of closures, for the common case of one animation:
///
/// ```swift
/// layer.add(fade, forKey: "fade", delegate: AnimationCallbacks(didStop: { finished in
///     if finished { layer.removeFromSuperlayer() }
/// }))
/// ```
///
/// The closures run as the delegate's methods do: in ``LayerTree/advance(to:)``, on the caller's
/// isolation; they need not be `Sendable`.
public final class AnimationCallbacks: AnimationDelegate {
    /// Runs when the animation starts.
    public var didStart: (() -> Void)?
    /// Runs when the animation stops, with whether it finished.
    public var didStop: ((_ finished: Bool) -> Void)?

    /// Callbacks for the start, the stop, or both.
    public init(didStart: (() -> Void)? = nil, didStop: ((_ finished: Bool) -> Void)? = nil) {
        self.didStart = didStart
        self.didStop = didStop
    }

    /// Calls ``didStart``.
    public func animationDidStart(_ animation: any TimedAnimation, on layer: Layer, forKey key: String?) {
        didStart?()
    }

    /// Calls ``didStop``.
    public func animationDidStop(
        _ animation: any TimedAnimation, on layer: Layer, forKey key: String?, finished: Bool
    ) {
        didStop?(finished)
    }
}
