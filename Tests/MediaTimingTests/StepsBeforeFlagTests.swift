import MediaTiming
import Testing

/// CSS step functions with the before flag (CSS Easing Functions Level 1, set as Web Animations
/// sets it): every step position at every fill mode, playing forwards and autoreversing. The
/// expected values are what the CSS algorithm gives, as browsers show them for
/// `animation: x 1s steps(4, <position>) 1s <direction> <fill>` from 0 to 1.
struct StepsBeforeFlagTests {
    /// A 0 → 1 opacity animation over a model value of 0.5 (so "no effect" shows as 0.5), beginning
    /// at 1 s and lasting 1 s per pass.
    static func stepped(
        _ position: StepPosition, fill: FillMode, autoreverses: Bool = false
    ) -> BasicAnimation<Double> {
        var animation = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        animation.beginTime = 1
        animation.duration = 1
        animation.autoreverses = autoreverses
        animation.fillMode = fill
        animation.isRemovedOnCompletion = false
        animation.timingFunction = .steps(4, position: position)
        return animation
    }

    /// (position, before the start, at the start, halfway, after the end) playing forwards once.
    static let forwards: [(StepPosition, Double, Double, Double, Double)] = [
        (.jumpStart, 0, 0.25, 0.75, 1),
        (.jumpEnd, 0, 0, 0.5, 1),
        (.jumpNone, 0, 0, 2.0 / 3, 1),
        (.jumpBoth, 0, 0.2, 0.6, 1),
    ]

    @Test(arguments: FillMode.allCases)
    func forwardsAtEveryFill(_ fill: FillMode) {
        for (position, before, start, half, after) in Self.forwards {
            let animation = Self.stepped(position, fill: fill)
            let context = "steps(4, \(position)) fill \(fill)"
            #expect(
                animation.value(atParentTime: 0.5, modelValue: 0.5) == (fill.fillsBackwards ? before : 0.5),
                "\(context) before")
            #expect(animation.value(atParentTime: 1, modelValue: 0.5) == start, "\(context) at the start")
            #expect(isClose(animation.value(atParentTime: 1.5, modelValue: 0.5), half), "\(context) halfway")
            #expect(
                animation.value(atParentTime: 3, modelValue: 0.5) == (fill.fillsForwards ? after : 0.5),
                "\(context) after")
        }
    }

    /// (position, halfway through the forward pass, halfway back, after the end) autoreversing:
    /// the backward pass ends on the level before the first jump, where the animation started.
    static let alternating: [(StepPosition, Double, Double, Double)] = [
        (.jumpStart, 0.75, 0.75, 0),
        (.jumpEnd, 0.5, 0.5, 0),
        (.jumpNone, 2.0 / 3, 2.0 / 3, 0),
        (.jumpBoth, 0.6, 0.6, 0),
    ]

    @Test(arguments: FillMode.allCases)
    func autoreversingAtEveryFill(_ fill: FillMode) {
        for (position, forwardHalf, backwardHalf, after) in Self.alternating {
            let animation = Self.stepped(position, fill: fill, autoreverses: true)
            let context = "steps(4, \(position)) alternate fill \(fill)"
            #expect(
                animation.value(atParentTime: 0.5, modelValue: 0.5) == (fill.fillsBackwards ? 0 : 0.5),
                "\(context) before")
            #expect(
                isClose(animation.value(atParentTime: 1.5, modelValue: 0.5), forwardHalf),
                "\(context) forward")
            // The turn: the backward pass starts at progress 1, the top level.
            #expect(animation.value(atParentTime: 2, modelValue: 0.5) == 1, "\(context) at the turn")
            #expect(
                isClose(animation.value(atParentTime: 2.5, modelValue: 0.5), backwardHalf),
                "\(context) backward")
            #expect(
                animation.value(atParentTime: 3, modelValue: 0.5) == (fill.fillsForwards ? after : 0.5),
                "\(context) after")
        }
    }

    @Test func theIssuesTwoCases() {
        // With a backwards fill, steps(4, jump-both) shows 0 just before the start (was 0.2).
        let both = Self.stepped(.jumpBoth, fill: .backwards)
        #expect(both.value(atParentTime: 0.999, modelValue: 0.5) == 0)
        // An autoreversing steps(4, jump-start) ends at 0 (was 0.25), on a layer too.
        var start = Self.stepped(.jumpStart, fill: .forwards, autoreverses: true)
        start.beginTime = 0
        let layer = Layer()
        layer.add(start, forKey: "steps", atRootTime: 0)
        #expect(layer.presentationValue(of: .opacity, atRootTime: 2) == 0)
        #expect(layer.presentationValue(of: .opacity, atRootTime: 10) == 0)
    }

    @Test func theFlagComesFromThePhaseAndTheDirection() throws {
        let timing = TimingParameters(beginTime: 1, duration: 1, autoreverses: true, fillMode: .both)
        let before = try #require(timing.progress(atParentTime: 0))
        #expect(before.isBeforeFlagSet && !before.isBackwardPass)
        let forward = try #require(timing.progress(atParentTime: 1.5))
        #expect(!forward.isBeforeFlagSet)
        let backward = try #require(timing.progress(atParentTime: 2.5))
        #expect(backward.isBackwardPass && !backward.isBeforeFlagSet)
        let after = try #require(timing.progress(atParentTime: 5))
        #expect(after.isBackwardPass && after.isBeforeFlagSet)
        let plain = try #require(TimingParameters(duration: 1, fillMode: .forwards).progress(atParentTime: 5))
        #expect(!plain.isBeforeFlagSet)
    }

    @Test func theFlagOnlyMattersExactlyOnAStep() {
        let steps = TimingFunction.steps(4, position: .jumpStart)
        #expect(steps.output(forInput: 0, beforeFlag: true) == 0)
        #expect(steps.output(forInput: 0.5, beforeFlag: true) == 0.5)
        #expect(steps.output(forInput: 0.5, beforeFlag: false) == 0.75)
        #expect(steps.output(forInput: 0.6, beforeFlag: true) == 0.75)
        // Bézier and linear functions ignore it.
        #expect(
            TimingFunction.easeIn.output(forInput: 0.3, beforeFlag: true)
                == TimingFunction.easeIn.output(forInput: 0.3))
        #expect(TimingFunction.linear.output(forInput: 0, beforeFlag: true) == 0)
    }

    @Test func keyframeSegmentsTakeTheFlagToo() throws {
        var animation = try KeyframeAnimation(
            property: .opacity, values: [0.0, 1.0], timingFunctions: [.steps(2, position: .jumpStart)])
        animation.beginTime = 1
        animation.duration = 1
        animation.fillMode = .backwards
        #expect(animation.value(atParentTime: 0.5, modelValue: 0.5) == 0)
        #expect(animation.value(atParentTime: 1, modelValue: 0.5) == 0.5)
    }
}
