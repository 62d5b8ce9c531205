import MediaTiming
import Testing

/// Animation groups (`CAAnimationGroup`): children timed in the group's time, the group's timing
/// applied first, children clipped to the group.
struct AnimationGroupTests {
    /// A 0 → 1 opacity animation of `duration` starting `beginTime` into the group.
    static func fade(beginTime: Double = 0, duration: Double = 1, fill: FillMode = .removed)
        -> BasicAnimation<Double>
    {
        var fade = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        fade.beginTime = beginTime
        fade.duration = duration
        fade.fillMode = fill
        return fade
    }

    /// A (0, 0) → (100, 0) position animation.
    static func slide(beginTime: Double = 0, duration: Double = 1) -> BasicAnimation<Point> {
        var slide = BasicAnimation(
            property: .position, fromValue: Point(x: 0, y: 0), toValue: Point(x: 100, y: 0))
        slide.beginTime = beginTime
        slide.duration = duration
        return slide
    }

    /// A layer with opacity 0.5 and position (−1, −1) playing `group`, added at root time `now`.
    static func layer(playing group: AnimationGroup, at now: Double = 0) -> Layer {
        let layer = Layer()
        layer.opacity = 0.5
        layer.position = Point(x: -1, y: -1)
        layer.add(group, forKey: "group", atRootTime: now)
        return layer
    }

    @Test func childrenAreTimedFromTheGroupsStart() {
        var group = AnimationGroup(animations: [Self.fade(), Self.slide(beginTime: 1)])
        group.duration = 2
        let layer = Self.layer(playing: group, at: 10)  // begins at root time 10
        #expect(isClose(layer.presentation(atRootTime: 10.5).opacity, 0.5))  // the fade, halfway
        #expect(layer.presentation(atRootTime: 10.5).position == Point(x: -1, y: -1))  // the slide not yet
        let later = layer.presentation(atRootTime: 11.5)
        #expect(later.opacity == 0.5)  // the fade has ended: the model
        #expect(isClose(later.position, Point(x: 50, y: 0)))
        // Before the group begins nothing shows.
        #expect(layer.presentation(atRootTime: 9.9).opacity == 0.5)
    }

    @Test func childrenAreClippedToTheGroup() {
        // A 3 s fade in a 2 s group: at 1.5 s it shows, once the group has ended it does not.
        var group = AnimationGroup(animations: [Self.fade(duration: 3)])
        group.duration = 2
        let layer = Self.layer(playing: group)
        #expect(isClose(layer.presentation(atRootTime: 1.5).opacity, 0.5))
        #expect(layer.presentation(atRootTime: 2.5).opacity == 0.5)
        #expect(layer.presentation(atRootTime: 1.9).opacity < 2.0 / 3)
    }

    @Test func theGroupsTimingAppliesFirst() {
        // Speed 2, repeated twice, autoreversing: 1 s of group time takes 0.5 s of layer time.
        var group = AnimationGroup(animations: [Self.fade()])
        group.duration = 1
        group.speed = 2
        group.repeatCount = 2
        group.autoreverses = true
        let layer = Self.layer(playing: group)
        #expect(isClose(layer.presentation(atRootTime: 0.25).opacity, 0.5))  // forwards, halfway
        #expect(isClose(layer.presentation(atRootTime: 0.75).opacity, 0.5))  // backwards, halfway
        #expect(isClose(layer.presentation(atRootTime: 0.875).opacity, 0.25))
        #expect(isClose(layer.presentation(atRootTime: 1.25).opacity, 0.5))  // second cycle
        // The group's timing function warps the children's time.
        var eased = AnimationGroup(animations: [Self.fade()], timingFunction: .easeIn)
        eased.duration = 1
        let easedLayer = Self.layer(playing: eased)
        let expected = TimingFunction.easeIn.output(forInput: 0.3)
        #expect(isClose(easedLayer.presentation(atRootTime: 0.3).opacity, expected))
    }

    @Test func aFillingGroupHoldsItsFillingChildren() {
        var group = AnimationGroup(animations: [Self.fade(duration: 0.5, fill: .forwards), Self.slide()])
        group.duration = 1
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        let layer = Self.layer(playing: group)
        let after = layer.presentation(atRootTime: 5)
        #expect(after.opacity == 1)  // the fade fills forwards, inside the filling group
        #expect(after.position == Point(x: -1, y: -1))  // the slide does not fill: the model
        // Removed on completion (the default), the group shows nothing afterwards.
        group.isRemovedOnCompletion = true
        #expect(Self.layer(playing: group).presentation(atRootTime: 5).opacity == 0.5)
    }

    @Test func groupsNest() {
        var inner = AnimationGroup(animations: [Self.fade()])
        inner.beginTime = 1
        inner.duration = 1
        var outer = AnimationGroup(animations: [inner, Self.slide(duration: 2)])
        outer.duration = 2
        let layer = Self.layer(playing: outer)
        #expect(layer.presentation(atRootTime: 0.5).opacity == 0.5)
        #expect(isClose(layer.presentation(atRootTime: 1.25).opacity, 0.25))
        #expect(isClose(layer.presentation(atRootTime: 1.5).position, Point(x: 75, y: 0)))
    }

    @Test func laterAnimationsOverrideAGroupsChildren() {
        var group = AnimationGroup(animations: [Self.fade()])
        group.duration = 1
        let layer = Self.layer(playing: group)
        var override = BasicAnimation(property: .opacity, fromValue: 0.9, toValue: 0.9)
        override.duration = 1
        layer.add(override, forKey: "override", atRootTime: 0)
        #expect(layer.presentation(atRootTime: 0.5).opacity == 0.9)
        layer.removeAnimation(forKey: "override")
        #expect(isClose(layer.presentation(atRootTime: 0.5).opacity, 0.5))
    }

    @Test func theCacheAgreesWithTheFullPresentation() {
        var group = AnimationGroup(animations: [Self.fade(beginTime: 0.5), Self.slide()])
        group.duration = 1.5
        group.repeatCount = 2
        let layer = Self.layer(playing: group)
        var cache = PresentationCache()
        for step in 0...80 {
            let time = Double(step) / 20 - 0.5
            layer.updatePresentation(&cache, atLocalTime: time)
            #expect(cache.state == layer.presentation(atLocalTime: time), "at \(time)")
        }
    }

    @Test func theGroupIsKeptUnderItsKey() throws {
        var group = AnimationGroup(animations: [Self.fade(), Self.slide()])
        group.duration = 1
        let layer = Self.layer(playing: group, at: 3)
        let stored = try #require(layer.animation(forKey: "group") as? AnimationGroup)
        #expect(stored.beginTime == 3)
        #expect(stored.animations.count == 2)
        #expect(layer.animationKeys == ["group"] && layer.animationCount == 1)
        layer.removeAnimation(forKey: "group")
        #expect(layer.presentation(atRootTime: 3.5).opacity == 0.5)
    }
}
