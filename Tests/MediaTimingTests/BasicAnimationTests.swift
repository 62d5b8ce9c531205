import MediaTiming
import Testing

/// `CABasicAnimation`'s endpoint rules, additive and cumulative animations.
struct BasicAnimationTests {
    /// A 1 s animation of opacity sampled at `time` over a model value of `model`.
    func sample(
        from: Double? = nil, to: Double? = nil, by: Double? = nil, additive: Bool = false, at time: Double,
        model: Double = 100
    ) -> Double {
        var animation = BasicAnimation(
            property: .opacity, fromValue: from, toValue: to, byValue: by, timing: .init(duration: 1))
        animation.isAdditive = additive
        return animation.value(atParentTime: time, modelValue: model)
    }

    @Test func endpointCombinations() {
        // from & to: 2 → 6; at 0.25: 3.
        #expect(sample(from: 2, to: 6, at: 0.25) == 3)
        // from & by: 2 → 2 + 4.
        #expect(sample(from: 2, by: 4, at: 0.25) == 3)
        // by & to: 6 − 4 → 6.
        #expect(sample(to: 6, by: 4, at: 0.25) == 3)
        // from only: 2 → current (100); at 0.5: 51.
        #expect(sample(from: 2, at: 0.5) == 51)
        // to only: current (100) → 0; at 0.25: 75.
        #expect(sample(to: 0, at: 0.25) == 75)
        // by only: current → current + 8; at 0.25: 102.
        #expect(sample(by: 8, at: 0.25) == 102)
        // none: current → current.
        #expect(sample(at: 0.25) == 100)
        // all three: by is ignored.
        #expect(sample(from: 2, to: 6, by: 1000, at: 0.25) == 3)
    }

    @Test func additiveAddsToTheModelValue() {
        // Additive from 0 to 10 over model 100: 100 → 110.
        #expect(sample(from: 0, to: 10, additive: true, at: 0.5) == 105)
        // Additive by-only: zero → by, added to the model: 100 → 108.
        #expect(sample(by: 8, additive: true, at: 0.5) == 104)
        // Additive to-only: zero → to, added: 100 → 110.
        #expect(sample(to: 10, additive: true, at: 0.25) == 102.5)
    }

    @Test func cumulativeAddsTheEndValueOncePerFinishedCycle() {
        // From 5 to 10, repeat 3: cycle k shows v + k·10 ("the value at the end of the previous
        // repeat cycle plus the value of the current cycle").
        var animation = BasicAnimation(property: .opacity, fromValue: 5.0, toValue: 10.0)
        animation.duration = 1
        animation.repeatCount = 3
        animation.isCumulative = true
        #expect(animation.value(atParentTime: 0.5, modelValue: 0) == 7.5)
        #expect(animation.value(atParentTime: 1.5, modelValue: 0) == 17.5)
        #expect(animation.value(atParentTime: 2.5, modelValue: 0) == 27.5)
        // A rotation by a quarter turn, cumulative: 0 → π/2, then π/2 → π, ...
        var spin = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: Double.pi / 2)
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isCumulative = true
        #expect(isClose(spin.value(atParentTime: 10.5, modelValue: 0), 10.5 * Double.pi / 2))
    }

    @Test func cumulativeWithAutoreverseAddsTheCycleStart() {
        // 2 → 4, autoreverses, 2 cycles, cumulative: each cycle ends where it began (2), so cycle 1
        // is offset by 2: at 2.5 (forward pass of cycle 1, progress 0.5) 3 + 2 = 5.
        var animation = BasicAnimation(property: .opacity, fromValue: 2.0, toValue: 4.0)
        animation.duration = 1
        animation.repeatCount = 2
        animation.autoreverses = true
        animation.isCumulative = true
        #expect(animation.value(atParentTime: 0.5, modelValue: 0) == 3)
        #expect(animation.value(atParentTime: 2.5, modelValue: 0) == 5)
    }

    @Test func timingFunctionIsAppliedToTheIterationProgress() {
        var animation = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        animation.duration = 2
        animation.timingFunction = .easeIn
        // At t = 1, progress 0.5, eased 0.31535681257253934 (reference value).
        #expect(
            isClose(animation.value(atParentTime: 1, modelValue: 0), 0.31535681257253934, tolerance: 1e-9))
        // Autoreversed: the backward pass is the time-mirror of the forward one.
        animation.autoreverses = true
        #expect(
            isClose(
                animation.value(atParentTime: 3, modelValue: 0),
                animation.value(atParentTime: 1, modelValue: 0),
                tolerance: 1e-12))
    }

    @Test func removedOnCompletionIgnoresTheForwardsFill() {
        var animation = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        animation.duration = 1
        animation.fillMode = .forwards
        #expect(animation.isRemovedOnCompletion)
        #expect(animation.value(atParentTime: 2, modelValue: 0.5) == 0.5)
        animation.isRemovedOnCompletion = false
        #expect(animation.value(atParentTime: 2, modelValue: 0.5) == 1)
    }

    @Test func everyValueTypeInterpolates() {
        let points = BasicAnimation(
            property: .position, fromValue: Point(x: 0, y: 10), toValue: Point(x: 4, y: 30),
            timing: .init(duration: 1))
        #expect(points.value(atParentTime: 0.25, modelValue: .zero) == Point(x: 1, y: 15))
        let sizes = BasicAnimation(
            property: .boundsSize, fromValue: Size(width: 0, height: 0), toValue: Size(width: 8, height: 4),
            timing: .init(duration: 1))
        #expect(sizes.value(atParentTime: 0.5, modelValue: .zero) == Size(width: 4, height: 2))
        let rects = BasicAnimation(
            property: .bounds, fromValue: Rect(x: 0, y: 0, width: 10, height: 10),
            toValue: Rect(x: 10, y: 20, width: 30, height: 50), timing: .init(duration: 1))
        #expect(rects.value(atParentTime: 0.5, modelValue: .zero) == Rect(x: 5, y: 10, width: 20, height: 30))
        let colors = BasicAnimation(
            property: .strokeColor, fromValue: Color.black, toValue: Color.white, timing: .init(duration: 1))
        #expect(colors.value(atParentTime: 0.5, modelValue: .clear) == Color(white: 0.5))
        let turn = BasicAnimation(
            property: .transform, fromValue: Transform2D.identity,
            toValue: Transform2D(rotationAngle: Double.pi / 2),
            timing: .init(duration: 1))
        #expect(
            isClose(
                turn.value(atParentTime: 0.5, modelValue: .identity),
                Transform2D(rotationAngle: Double.pi / 4)))
    }
}
