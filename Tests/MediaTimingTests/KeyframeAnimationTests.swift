import MediaTiming
import Testing

/// `CAKeyframeAnimation`: key times, per-segment timing functions, calculation modes, errors.
struct KeyframeAnimationTests {
    @Test func linearModeWithEvenSpacing() throws {
        // Values 0, 10, 40 at 0, 0.5, 1 of a 2 s animation.
        let animation = try KeyframeAnimation(
            property: .opacity, values: [0.0, 10, 40], timing: .init(duration: 2))
        #expect(animation.value(atParentTime: 0.5, modelValue: -1) == 5)  // progress .25: half of segment 0
        #expect(animation.value(atParentTime: 1.5, modelValue: -1) == 25)  // progress .75: half of segment 1
    }

    @Test func linearModeWithKeyTimes() throws {
        // Values 0, 10, 40 at 0, 0.2, 1: at progress 0.6 half-way through the second segment.
        let animation = try KeyframeAnimation(
            property: .opacity, values: [0.0, 10, 40], keyTimes: [0, 0.2, 1], timing: .init(duration: 1))
        #expect(isClose(animation.value(atParentTime: 0.1, modelValue: -1), 5))
        #expect(isClose(animation.value(atParentTime: 0.6, modelValue: -1), 25))
    }

    @Test func keyTimesAfterZeroAndBeforeOneHoldTheEndValues() throws {
        let animation = try KeyframeAnimation(
            property: .opacity, values: [1.0, 2.0], keyTimes: [0.25, 0.75], timing: .init(duration: 1))
        #expect(animation.keyframeValue(atFraction: 0.1) == 1)
        #expect(animation.keyframeValue(atFraction: 0.5) == 1.5)
        #expect(animation.keyframeValue(atFraction: 0.9) == 2)
    }

    @Test func perSegmentTimingFunctions() throws {
        let animation = try KeyframeAnimation(
            property: .opacity, values: [0.0, 1, 2], timingFunctions: [.easeIn, .linear],
            timing: .init(duration: 1))
        // Progress 0.25 is half of segment 0 through easeIn: 0.31535681257253934.
        #expect(isClose(animation.keyframeValue(atFraction: 0.25), 0.31535681257253934))
        #expect(isClose(animation.keyframeValue(atFraction: 0.75), 1.5))
    }

    @Test func overallTimingFunctionComesFirst() throws {
        let animation = try KeyframeAnimation(
            property: .opacity, values: [0.0, 1, 2], timing: .init(duration: 1), timingFunction: .easeIn)
        // Progress 0.5 eased to 0.31535681257253934, in segment 0: value 2 × that.
        #expect(isClose(animation.value(atParentTime: 0.5, modelValue: 0), 2 * 0.31535681257253934))
    }

    @Test func discreteModeHoldsEachValue() throws {
        // Three values, no key times: each for a third.
        let even = try KeyframeAnimation(
            property: .opacity, values: [1.0, 2, 3], calculationMode: .discrete, timing: .init(duration: 3))
        #expect(even.value(atParentTime: 0.5, modelValue: 0) == 1)
        #expect(even.value(atParentTime: 1.5, modelValue: 0) == 2)
        #expect(even.value(atParentTime: 2.9, modelValue: 0) == 3)
        // n + 1 key times, as Core Animation documents for discrete mode.
        let timed = try KeyframeAnimation(
            property: .opacity, values: [1.0, 2, 3], keyTimes: [0, 0.1, 0.2, 1], calculationMode: .discrete,
            timing: .init(duration: 1))
        #expect(timed.keyframeValue(atFraction: 0.15) == 2)
        #expect(timed.keyframeValue(atFraction: 0.5) == 3)
        #expect(timed.keyframeValue(atFraction: 1) == 3)
    }

    @Test func pacedModeMovesAtConstantSpeed() throws {
        // Distances 10 then 30: key times 0, 0.25, 1, whatever keyTimes say.
        let animation = try KeyframeAnimation(
            property: .position, values: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 30)],
            keyTimes: [0, 0.9, 1], timingFunctions: [.easeIn], calculationMode: .paced,
            timing: .init(duration: 1))
        #expect(isClose(animation.keyframeValue(atFraction: 0.125), Point(x: 5, y: 0)))
        #expect(isClose(animation.keyframeValue(atFraction: 0.5), Point(x: 10, y: 10)))
        // Values that do not move: evenly spaced.
        let still = try KeyframeAnimation(property: .opacity, values: [1.0, 1, 1], calculationMode: .paced)
        #expect(still.keyframeValue(atFraction: 0.7) == 1)
    }

    @Test func additiveAndCumulativeKeyframes() throws {
        var animation = try KeyframeAnimation(
            property: .opacity, values: [0.0, 4, 2], timing: .init(duration: 1, repeatCount: 2))
        animation.isCumulative = true
        animation.isAdditive = true
        // Cycle 1 at progress 0.25 (value 2) plus the last value (2) once, plus the model (100).
        #expect(animation.value(atParentTime: 1.25, modelValue: 100) == 104)
    }

    @Test func singleValueIsConstant() throws {
        let animation = try KeyframeAnimation(property: .opacity, values: [7.0], timing: .init(duration: 1))
        #expect(animation.value(atParentTime: 0.3, modelValue: 0) == 7)
    }

    @Test func invalidKeyframesThrowAtConstruction() {
        #expect(throws: KeyframeAnimationError.noValues) {
            try KeyframeAnimation<Double>(property: .opacity, values: [])
        }
        #expect(throws: KeyframeAnimationError.keyTimeCountMismatch(valueCount: 3, keyTimeCount: 2)) {
            try KeyframeAnimation(property: .opacity, values: [0.0, 1, 2], keyTimes: [0, 1])
        }
        #expect(throws: KeyframeAnimationError.keyTimeCountMismatch(valueCount: 2, keyTimeCount: 4)) {
            try KeyframeAnimation(
                property: .opacity, values: [0.0, 1], keyTimes: [0, 0.2, 0.4, 1], calculationMode: .discrete)
        }
        #expect(throws: KeyframeAnimationError.keyTimesNotSorted(index: 2)) {
            try KeyframeAnimation(property: .opacity, values: [0.0, 1, 2], keyTimes: [0, 0.6, 0.5])
        }
        #expect(throws: KeyframeAnimationError.keyTimeOutOfRange(index: 1, keyTime: 1.5)) {
            try KeyframeAnimation(property: .opacity, values: [0.0, 1], keyTimes: [0, 1.5])
        }
        #expect(throws: KeyframeAnimationError.self) {
            try KeyframeAnimation(property: .opacity, values: [0.0, 1], keyTimes: [0, .nan])
        }
        #expect(throws: KeyframeAnimationError.timingFunctionCountMismatch(expected: 2, actual: 1)) {
            try KeyframeAnimation(property: .opacity, values: [0.0, 1, 2], timingFunctions: [.easeIn])
        }
    }

    @Test func failedSetKeyframesLeavesTheAnimationUnchanged() throws {
        var animation = try KeyframeAnimation(property: .opacity, values: [0.0, 1])
        #expect(throws: KeyframeAnimationError.self) {
            try animation.setKeyframes(values: [5.0, 6], keyTimes: [1, 0])
        }
        #expect(animation.values == [0, 1])
        #expect(animation.keyTimes == nil)
        try animation.setKeyframes(values: [5.0, 6, 7], keyTimes: [0, 0.5, 1])
        #expect(animation.keyframeValue(atFraction: 0.75) == 6.5)
    }
}
