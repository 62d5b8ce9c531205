/// The timing of an animation: Core Animation's `CAMediaTiming` properties, with its defaults.
///
/// An animation's *parent time* is the local time of the layer it is attached to. From it the
/// animation's time is computed in the steps of `CAMediaTiming.h` and of the Web Animations
/// specification:
///
/// 1. **Active time.** `τ = (t_parent − beginTime) · speed` places the animation on its parent's
///    timeline. The *active duration* is `repeatDuration` when set, else `repeatCount` cycles
///    (one when `repeatCount` is 0), where a cycle is `duration`, twice that with `autoreverses`.
///    `τ < 0` is the before phase, `0 ≤ τ < activeDuration` the active phase, anything later the
///    after phase. Outside the active phase the animation has no effect unless ``fillMode``
///    fills that side, in which case `τ` is clamped to 0 or to the active duration.
/// 2. **Offset.** `timeOffset` is added to the active time: `t = τ + timeOffset`, the header's
///    `t = (t_parent − beginTime) · speed + timeOffset`. The active interval stays where step 1
///    put it, so an offset starts the animation part-way through and it wraps round to play the
///    part it skipped, as Core Animation does. With `speed` 0, `τ` is 0 whatever the parent time,
///    so the animation is frozen at `timeOffset`.
/// 3. **Iteration.** `t / duration` splits into the iteration index and the progress within it;
///    the progress is exactly 1 (not 0 of the next iteration) at the end of the active interval.
///    With `autoreverses`, odd iterations play backwards.
/// 4. The animation's timing function is then applied to the progress (by the animation).
///
/// ## Bad input
/// Evaluation never produces NaN and never traps. Stored values are kept as set (as Core
/// Animation keeps them) and are read as follows:
/// - `duration` that is 0 (the default), negative or NaN means 0.25 s, Core Animation's default
///   duration; an infinite `duration` is one endless iteration whose progress stays 0.
/// - `beginTime` or `timeOffset` that is NaN or infinite means 0; `speed` that is NaN or infinite
///   means 1.
/// - `repeatCount` or `repeatDuration` that is negative or NaN means 0 (unset); `.infinity` means
///   forever. When both are set (which Core Animation leaves undefined), `repeatDuration` wins.
/// - A parent time that is NaN, or an infinite parent time inside an endless active interval, has
///   no defined progress: ``progress(atParentTime:)`` returns `nil` and the animation has no
///   effect (the model value shows).
public struct TimingParameters: Sendable, Hashable {
    /// When the animation begins, in its parent's (the layer's) time. Default 0. When an animation
    /// with `beginTime` 0 is added to a layer, the layer replaces it with its current local time.
    public var beginTime: Double
    /// The length of one iteration in seconds. Default 0, which means 0.25 s.
    public var duration: Double
    /// The rate of the animation's time relative to its parent's. Default 1.
    public var speed: Double
    /// An offset added to the animation's active time. Default 0.
    public var timeOffset: Double
    /// How many times the animation repeats, possibly fractional or `.infinity`. Default 0 (once).
    public var repeatCount: Double
    /// For how long the animation repeats, in its own time. Default 0 (unset).
    public var repeatDuration: Double
    /// Whether each cycle plays forwards and then backwards. Default `false`.
    public var autoreverses: Bool
    /// What shows outside the active interval. Default ``FillMode/removed``.
    public var fillMode: FillMode

    /// Timing parameters; every argument defaults to Core Animation's default.
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The duration of one iteration as evaluation uses it (0.25 s where `duration` is not
    /// positive).
    public var iterationDuration: Double { ResolvedTiming(self).iterationDuration }

    /// The length of the active interval in the animation's time: `repeatDuration`, or
    /// `repeatCount` cycles, or one cycle; `.infinity` when it repeats forever.
    public var activeDuration: Double { ResolvedTiming(self).activeDuration }

    /// The animation's phase, iteration and progress when its parent's time is `parentTime`, or
    /// `nil` when the animation has no effect then (outside its active interval without a fill
    /// on that side, or at a time with no defined progress).
    public func progress(atParentTime parentTime: Double) -> TimingProgress? {
        ResolvedTiming(self).progress(atParentTime: parentTime)
    }
}
