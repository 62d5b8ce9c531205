/// An animation that stopped affecting its layer, as a front end learns of it at the frame where
/// it happens (Core Animation's `animationDidStop(_:finished:)`): it ran to the end of its active
/// interval, or it was removed before that.
///
/// Reported by ``Layer/takeStoppedAnimations(atLocalTime:)`` and
/// ``Layer/takeStoppedAnimations(inTreeAtRootTime:)``, each stop once. Not `Sendable`: it holds
/// its layer, which belongs to the tree's isolation domain.
public struct AnimationStop {
    /// The layer the animation was added to.
    public let layer: Layer
    /// The key it was added under, or `nil`.
    public let key: String?
    /// The animation as it was added (with its begin time fixed).
    public let animation: any TimedAnimation
    /// `true` when the animation ran to the end of its active interval; `false` when it was removed
    /// (or replaced under its key) before a report saw it end.
    public let isFinished: Bool
    /// The layer's local time of the report that found the stop.
    public let localTime: Double
}
