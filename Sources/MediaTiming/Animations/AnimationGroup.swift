/// Animations played together on one layer in a shared time (Core Animation's
/// `CAAnimationGroup`).
///
/// The group's own timing applies first: its begin time, speed, time offset, repeats, autoreverse
/// and fill turn the layer's time into the group's, and its ``timingFunction`` eases each of its
/// iterations. The children's parent time is then the group's time within the current iteration,
/// from 0 to the group's ``TimedAnimation/duration``: a child with `beginTime` 0 starts with the
/// group (a child's begin time is never replaced with "now", as an animation added to a layer's is),
/// and every child is clipped to the group's iteration, showing nothing outside the group's active
/// interval unless the group fills. Within the group the children apply in order with their own
/// timing and fill modes; their `isRemovedOnCompletion` is ignored (only the group's counts).
///
/// ```swift
/// var fade = BasicAnimation(property: .opacity, fromValue: 0, toValue: 1)
/// fade.duration = 0.3
/// var slide = BasicAnimation(property: .position, toValue: Point(x: 200, y: 40))
/// slide.beginTime = 0.1
/// slide.duration = 0.5
/// var appear = AnimationGroup(animations: [fade, slide])
/// appear.duration = 0.6
/// layer.add(appear, forKey: "appear", atRootTime: now)
/// ```
///
/// Groups may contain groups. Animations of types from outside this package have no effect in a
/// group (a layer can play only this package's kinds).
public struct AnimationGroup: TimedAnimation {
    /// The animations played in the group's time, in the order they apply.
    public var animations: [any TimedAnimation]
    /// When and how fast the group plays. The duration is the group's iteration (0 means 0.25 s, as
    /// for every animation): set it to cover the children.
    public var timing: TimingParameters
    /// The curve applied to each iteration's progress of the group, which warps the children's
    /// time. Default: linear.
    public var timingFunction: TimingFunction
    /// Whether the group stops affecting its layer after its active interval. Default: `true`.
    public var isRemovedOnCompletion: Bool = true

    /// A group of `animations`; unset timing takes Core Animation's defaults.
    public init(
        animations: [any TimedAnimation] = [], timing: TimingParameters = TimingParameters(),
        timingFunction: TimingFunction = .linear
    ) {
        self.animations = animations
        self.timing = timing
        self.timingFunction = timingFunction
    }
}
