/// The time a link's frames give animations (``Frame/animationTimestamp``) after a late frame.
///
/// - ``trueToClock`` (the default): the frame's target, whatever was missed. After a stall every
///   animation jumps forward by the intervals missed, and a clock face shows the right second on
///   the very next frame. GTK's frame clock takes this side: `compute_smooth_frame_time` rounds a
///   frame's time to whole refresh intervals after the previous one (removing jitter, not jumps) and
///   resynchronises to the clock after a long stall.
/// - ``continuous``: the animation time advances by at most ``maximumStep`` frame intervals from one
///   frame to the next, so motion stays continuous and the time slips behind the clock by what
///   was cut off (for good: it is not caught up, which would speed animations up). Android's
///   `Choreographer.FrameData.getAnimationTimeNanos()` takes this side, because, in Android's
///   words, the frame time "causes animations to skip forward after late frames, which introduces
///   undesired jank". A transition wants this; a clock face does not.
///
/// ```swift
/// link.animationTimePolicy = .continuous
/// try link.start { frame in transition.sample(at: frame.animationTimestamp) }
/// ```
public struct AnimationTimePolicy: Hashable, Sendable, CustomStringConvertible {
    /// The most frame intervals one step of animation time may cover; nil: true to the clock.
    public let maximumStep: Int?

    /// The frame's target timestamp, true to the clock.
    public static let trueToClock = AnimationTimePolicy(uncheckedMaximumStep: nil)

    /// Continuous motion: no step of animation time longer than two frame intervals.
    public static let continuous = AnimationTimePolicy(uncheckedMaximumStep: 2)

    /// Continuous motion with steps of at most `intervals` frame intervals.
    ///
    /// - Throws: ``DisplayLinkError/invalidAnimationStep(_:)`` unless `intervals` is at least 1.
    public static func continuous(maximumStep intervals: Int) throws(DisplayLinkError) -> AnimationTimePolicy
    {
        guard intervals >= 1 else { throw .invalidAnimationStep(intervals) }
        return AnimationTimePolicy(uncheckedMaximumStep: intervals)
    }

    private init(uncheckedMaximumStep: Int?) {
        maximumStep = uncheckedMaximumStep
    }

    /// "true to the clock" or, for example, "continuous (steps of at most 2 intervals)".
    public var description: String {
        maximumStep.map { "continuous (steps of at most \($0) interval\($0 == 1 ? "" : "s"))" }
            ?? "true to the clock"
    }
}

/// A link's animation time under its policy: O(1), and one comparison a frame when true to the clock.
struct AnimationClock: Sendable {
    var policy = AnimationTimePolicy.trueToClock {
        didSet { last = nil }
    }
    /// The last frame's target and animation time.
    private var last: (target: Int64, animation: Int64)?

    /// The animation time of a frame meant for `target`, `interval` nanoseconds long (nothing moves).
    func time(forTarget target: Int64, interval: Int64) -> Int64 {
        guard let steps = policy.maximumStep, let last else { return target }
        let step = target - last.target
        return last.animation + min(step, Int64(steps) * interval)
    }

    /// Records the frame delivered for `target` at animation time `animation`.
    mutating func delivered(target: Int64, animation: Int64) {
        if policy.maximumStep != nil { last = (target, animation) }
    }
}
