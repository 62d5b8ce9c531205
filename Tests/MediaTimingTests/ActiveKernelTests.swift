import TestSupport
import Testing

@testable import MediaTiming

/// The active-interval kernels (``ActiveKernel``): chosen only where they apply, and, where they
/// run, giving the very bits that the animation's own evaluation gives.
struct ActiveKernelTests {
    static let bezier = TimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.6)

    @Test func kernelsAreChosenOnlyWhereTheyApply() {
        let forwards = ResolvedTiming(TimingParameters(duration: 2))
        func kernel(
            _ curve: CurveKind, _ value: ValueKind, _ timing: ResolvedTiming = forwards,
            _ function: TimingFunction = .linear, qualifies: Bool = true
        ) -> ActiveKernel {
            ActiveKernel(
                curve: curve, value: value, timing: timing, timingFunction: function,
                curveQualifies: qualifies)
        }
        #expect(kernel(.basic, .scalar) == .basicScalarLinear)
        #expect(kernel(.basic, .point, forwards, .easeInEaseOut) == .basicPointBezier)
        #expect(kernel(.keyframe, .scalar, forwards, Self.bezier) == .keyframeScalarBezier)
        #expect(kernel(.keyframe, .point) == .keyframePointLinear)
        // What the kernels do not cover goes to the general path.
        #expect(kernel(.basic, .scalar, qualifies: false) == .none)
        #expect(kernel(.basic, .scalar, forwards, .steps(3)) == .none)
        #expect(kernel(.basic, .color) == .none)
        #expect(kernel(.basic, .transformComponent) == .none)
        #expect(kernel(.spring, .scalar) == .none)
        #expect(kernel(.basic, .scalar, ResolvedTiming(TimingParameters(duration: 2, speed: -1))) == .none)
        #expect(kernel(.basic, .scalar, ResolvedTiming(TimingParameters(duration: 2, speed: 0))) == .none)
        #expect(kernel(.basic, .scalar, ResolvedTiming(TimingParameters(duration: .infinity))) == .none)
    }

    @Test func animationsCompileToTheirKernels() throws {
        var additive = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        additive.isAdditive = true
        var cumulative = try KeyframeAnimation(
            property: .position, values: [Point(x: 0, y: 0), Point(x: 1, y: 1)])
        cumulative.isCumulative = true
        let relative = BasicAnimation<Double>(property: .opacity, fromValue: 0.5)
        #expect(
            Self.kernel(of: BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0))
                == .basicScalarLinear)
        #expect(Self.kernel(of: additive) == .none)
        #expect(Self.kernel(of: cumulative) == .none)
        #expect(Self.kernel(of: relative) == .none)
    }

    /// The kernel an animation's instruction carries, read back from a layer's program.
    static func kernel(of animation: some ProgramEmitting) -> ActiveKernel {
        var builder = ProgramBuilder()
        animation.emit(into: &builder)
        return builder.bytes.withUnsafeBytes { bytes in
            InstructionHeaderReader(base: UnsafeRawPointer(bytes.baseAddress!)).activeKernel
        }
    }

    /// Times that probe the edges of the active interval and of the iterations, and times inside.
    static func times(for timing: TimingParameters, _ random: inout SplitMix64) -> [Double] {
        let resolved = ResolvedTiming(timing)
        let begin = resolved.beginTime
        let iteration = resolved.iterationDuration / resolved.speed
        let end = begin + resolved.activeDuration / resolved.speed
        var times = [begin, begin.nextDown, begin.nextUp, end, end.nextDown, end.nextUp, .nan, 1e300]
        for k in 0..<6 {
            let boundary = begin + Double(k) * iteration - resolved.timeOffset / resolved.speed
            times += [boundary, boundary.nextDown, boundary.nextUp]
        }
        for _ in 0..<40 {
            times.append(begin - iteration + random.unit() * (min(end, begin + 20) - begin + 2 * iteration))
        }
        return times
    }

    /// Random timing parameters that play forwards.
    static func forwardTiming(_ random: inout SplitMix64) -> TimingParameters {
        var timing = TimingParameters(duration: random.pick([0.1, 0.8, 1, 2.5, 1e-9, 3e5]))
        timing.beginTime = random.pick([0, 0.25, -3, 1e9])
        timing.speed = random.pick([1, 2, 0.3, 1e-6])
        timing.timeOffset = random.pick([0, 0.7, -0.4, 5, 1e7])
        timing.autoreverses = random.next() & 1 == 0
        timing.repeatCount = random.pick([0, 1, 2.5, 3, .infinity])
        timing.fillMode = random.pick([.removed, .forwards, .backwards, .both])
        return timing
    }

    @Test func basicKernelsGiveTheAnimationsOwnValuesBitForBit() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<300 {
            let timing = Self.forwardTiming(&random)
            let function = random.pick([TimingFunction.linear, .easeInEaseOut, .easeIn, Self.bezier])
            var scalar = BasicAnimation(
                property: .opacity, fromValue: random.unit(), toValue: 3 * random.unit())
            scalar.timing = timing
            scalar.timingFunction = function
            var point = BasicAnimation(
                property: .position, fromValue: Point(x: random.unit(), y: -4),
                toValue: Point(x: 9, y: random.unit()))
            point.timing = timing
            point.timingFunction = function
            #expect(Self.kernel(of: scalar) != .none && Self.kernel(of: point) != .none)
            let layer = Layer()
            layer.opacity = 0.125
            layer.position = Point(x: -7, y: 7)
            layer.add(scalar, forKey: "scalar", atRootTime: 0)
            layer.add(point, forKey: "point", atRootTime: 0)
            for time in Self.times(for: timing, &random) {
                let state = layer.presentation(atLocalTime: time)
                let expectedOpacity = scalar.value(atParentTime: time, modelValue: 0.125)
                let expectedPosition = point.value(atParentTime: time, modelValue: Point(x: -7, y: 7))
                #expect(
                    state.opacity.bitPattern == expectedOpacity.bitPattern,
                    "opacity at \(time): \(state.opacity) against \(expectedOpacity) for \(timing)")
                #expect(
                    state.position.x.bitPattern == expectedPosition.x.bitPattern
                        && state.position.y.bitPattern == expectedPosition.y.bitPattern,
                    "position at \(time): \(state.position) against \(expectedPosition) for \(timing)")
            }
        }
    }

    @Test func keyframeKernelsGiveTheAnimationsOwnValuesBitForBit() throws {
        var random = SplitMix64(seed: 2)
        for _ in 0..<300 {
            let timing = Self.forwardTiming(&random)
            let count = 1 + Int(random.next() % 6)
            var keyTimes = (0..<count).map { _ in random.unit() }.sorted()
            if count > 1 {
                keyTimes[0] = 0
                keyTimes[count - 1] = 1
            }
            let values = (0..<count).map { _ in Point(x: 10 * random.unit(), y: -random.unit()) }
            let function = random.pick([TimingFunction.linear, .easeOut, Self.bezier])
            let path = try KeyframeAnimation(
                property: .position, values: values, keyTimes: random.next() & 1 == 0 ? keyTimes : nil,
                calculationMode: random.next() % 3 == 0 ? .discrete : .linear, timing: timing,
                timingFunction: function)
            let segmentFunctions: [TimingFunction]? =
                count > 1 && random.next() & 1 == 0
                ? (1..<count).map { _ in random.pick([.linear, .easeIn, .steps(2)]) } : nil
            let scalar = try KeyframeAnimation(
                property: .strokeEnd, values: values.map(\.x), timingFunctions: segmentFunctions,
                timing: timing,
                timingFunction: function)
            #expect(Self.kernel(of: path) != .none)
            #expect((Self.kernel(of: scalar) == .none) == (segmentFunctions != nil))
            let layer = ShapeLayer()
            layer.position = Point(x: 3, y: 3)
            layer.strokeEnd = 0.5
            layer.add(path, forKey: "path", atRootTime: 0)
            layer.add(scalar, forKey: "scalar", atRootTime: 0)
            for time in Self.times(for: timing, &random) {
                let state = layer.presentation(atLocalTime: time)
                let expected = path.value(atParentTime: time, modelValue: Point(x: 3, y: 3))
                let expectedEnd = scalar.value(atParentTime: time, modelValue: 0.5)
                #expect(
                    state.position.x.bitPattern == expected.x.bitPattern
                        && state.position.y.bitPattern == expected.y.bitPattern,
                    "position at \(time): \(state.position) against \(expected) for \(timing)")
                #expect(
                    state.strokeEnd.bitPattern == expectedEnd.bitPattern,
                    "strokeEnd at \(time): \(state.strokeEnd) against \(expectedEnd) for \(timing)")
            }
        }
    }
}

extension SplitMix64 {
    /// A number in [0, 1).
    mutating func unit() -> Double { Double.random(in: 0..<1, using: &self) }
    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &self)! }
}
