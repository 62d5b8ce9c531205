import MediaTiming
import Testing

/// Spring animations (`CASpringAnimation`): the closed-form motion against an independent
/// numerical integration of `m·x″ + c·x′ + k·x = 0`, the settling duration, and springs on layers.
struct SpringAnimationTests {
    /// (mass, stiffness, damping, initial velocity): under-damped, critically damped (c = 2√(km)),
    /// over-damped, and each with a push towards or away from the target.
    static let springs: [(Double, Double, Double, Double)] = [
        (1, 100, 10, 0),  // ζ = 0.5
        (1, 100, 2, 0),  // ζ = 0.1, many oscillations
        (2, 50, 20, 0),  // ζ = 1: critical
        (1, 100, 20, 3),  // ζ = 1 with a push
        (1, 100, 60, 0),  // ζ = 3: over-damped
        (0.5, 300, 40, -4),  // ζ ≈ 1.63, pushed away first
        (1, 100, 19.999_999, 0),  // a hair under critical
        (1, 100, 20.000_001, 0),  // a hair over
    ]

    /// x(t) for x(0) = 1, x′(0) = −v₀ by classical fourth-order Runge–Kutta with a 10 µs step,
    /// sampled every `interval` seconds `count` times (from t = interval).
    static func integrated(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, interval: Double,
        count: Int
    ) -> [Double] {
        let step = 1e-5
        let stepsPerSample = Int((interval / step).rounded())
        func acceleration(_ x: Double, _ v: Double) -> Double { -(damping * v + stiffness * x) / mass }
        var x = 1.0
        var v = -initialVelocity
        var samples: [Double] = []
        for _ in 0..<count {
            for _ in 0..<stepsPerSample {
                let k1x = v
                let k1v = acceleration(x, v)
                let k2x = v + step / 2 * k1v
                let k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
                let k3x = v + step / 2 * k2v
                let k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
                let k4x = v + step * k3v
                let k4v = acceleration(x + step * k3x, v + step * k3v)
                x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            samples.append(x)
        }
        return samples
    }

    static func spring(_ parameters: (Double, Double, Double, Double)) -> SpringAnimation<Double> {
        var spring = SpringAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        (spring.mass, spring.stiffness, spring.damping, spring.initialVelocity) = parameters
        return spring
    }

    @Test(arguments: springs)
    func closedFormMatchesANumericalIntegrationAtAThousandInstants(
        parameters: (Double, Double, Double, Double)
    ) {
        var spring = Self.spring(parameters)
        let interval = 0.002
        let count = 1_000
        spring.duration = interval * Double(count + 1)  // every sample inside the active interval
        let reference = Self.integrated(
            mass: parameters.0, stiffness: parameters.1, damping: parameters.2, initialVelocity: parameters.3,
            interval: interval, count: count)
        var worst = 0.0
        for (index, x) in reference.enumerated() {
            let time = interval * Double(index + 1)
            // The animation's value from 0 to 1 is the fraction covered: 1 − x.
            let shown = spring.value(atParentTime: time, modelValue: -1)
            worst = max(worst, abs(shown - (1 - x)))
        }
        #expect(worst <= 1e-9, "spring \(parameters): largest difference \(worst)")
    }

    @Test func itOvershootsWhenUnderDampedAndNotWhenCriticallyDamped() {
        let bouncy = Self.spring((1, 100, 5, 0))
        let overshoot = (1...200).map { bouncy.fraction(atTime: Double($0) / 100) }.max() ?? 0
        #expect(overshoot > 1.4)
        let critical = Self.spring((1, 100, 20, 0))
        #expect((1...400).allSatisfy { critical.fraction(atTime: Double($0) / 100) < 1 })
        #expect(critical.fraction(atTime: 0) == 0)
    }

    @Test(arguments: springs)
    func afterTheSettlingDurationItStaysWithinATenthOfAPercent(parameters: (Double, Double, Double, Double)) {
        let spring = Self.spring(parameters)
        let settling = spring.settlingDuration
        #expect(settling.isFinite && settling > 0)
        for step in 0...2_000 {
            let time = settling + Double(step) * settling / 500
            #expect(abs(1 - spring.fraction(atTime: time)) <= 0.001 + 1e-12, "at \(time) of \(settling)")
        }
        // Just before it, the spring is further out.
        #expect(abs(1 - spring.fraction(atTime: settling * 0.999)) > 0.001)
    }

    @Test func withoutDampingItNeverSettlesAndBadValuesReadAsDefaults() {
        var spring = Self.spring((1, 100, 0, 0))
        #expect(spring.settlingDuration == .infinity)
        #expect(isClose(spring.fraction(atTime: Double.pi / 10), 2))  // half a period: the far side
        spring.mass = -3
        spring.stiffness = .nan
        spring.damping = -.infinity
        spring.initialVelocity = .infinity
        let defaults = Self.spring((1, 100, 10, 0))
        for step in 0..<50 {
            let time = Double(step) / 25
            #expect(spring.fraction(atTime: time) == defaults.fraction(atTime: time))
        }
    }

    @Test func onALayerTheSpringRunsOverTheAnimationsDuration() {
        let layer = Layer()
        layer.position = Point(x: 0, y: 0)
        var move = SpringAnimation(property: .position, toValue: Point(x: 100, y: 0))
        move.damping = 8
        move.duration = move.settlingDuration
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        layer.add(move, forKey: "move", atRootTime: 0)
        var cache = PresentationCache()
        for step in 0...60 {
            let time = Double(step) / 30
            let shown = layer.presentation(atRootTime: time).position
            let expected = 100 * move.fraction(atTime: min(time, move.duration))
            #expect(isClose(shown.x, expected), "at \(time): \(shown.x), expected \(expected)")
            layer.updatePresentation(&cache, atLocalTime: time)
            #expect(cache.state == layer.presentation(atLocalTime: time))
        }
        #expect(layer.animation(forKey: "move") is SpringAnimation<Point>)
    }
}
