import MediaTiming
import Testing

/// Rotation, scale and translation animated as numbers (Core Animation's `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`): the spinner that a whole-transform animation
/// cannot make.
struct TransformComponentTests {
    /// A layer with a 0 → 2π rotation that repeats forever, one turn per second.
    static func spinner(cumulativeQuarterTurns: Bool = false) -> Layer {
        let layer = Layer()
        var spin =
            cumulativeQuarterTurns
            ? BasicAnimation(property: .rotation, fromValue: 0, toValue: Double.pi / 2)
            : BasicAnimation(property: .rotation, fromValue: 0, toValue: 2 * Double.pi)
        spin.duration = cumulativeQuarterTurns ? 0.25 : 1
        spin.repeatCount = .infinity
        spin.isCumulative = cumulativeQuarterTurns
        layer.add(spin, forKey: "spin", atRootTime: 0)
        return layer
    }

    @Test(arguments: [false, true])
    func aSpinnerTurnsOncePerSecond(cumulativeQuarterTurns: Bool) {
        let layer = Self.spinner(cumulativeQuarterTurns: cumulativeQuarterTurns)
        for eighth in 0...40 {
            let time = Double(eighth) / 8
            let turn = time.truncatingRemainder(dividingBy: 1)
            let expected = Transform2D(rotationAngle: 2 * Double.pi * turn)
            let shown = layer.presentation(atRootTime: time).transform
            #expect(isClose(shown, expected, tolerance: 1e-9), "at \(time) s: \(shown), expected \(expected)")
        }
        // Read back as a number, the angle lies in (−π, π].
        #expect(isClose(layer.presentationValue(of: .rotation, atRootTime: 0.25), Double.pi / 2))
        #expect(isClose(layer.presentationValue(of: .rotation, atRootTime: 0.75), -Double.pi / 2))
    }

    @Test func aCumulativeAnimationKeepsTurningPastOneCycle() {
        // 0 → π/2 per 0.25 s cycle, four cycles: after 2.5 cycles the layer is at 5π/4.
        let layer = Layer()
        var spin = BasicAnimation(property: .rotation, fromValue: 0, toValue: Double.pi / 2)
        spin.duration = 0.25
        spin.repeatCount = 4
        spin.isCumulative = true
        spin.fillMode = .forwards
        spin.isRemovedOnCompletion = false
        layer.add(spin, forKey: "spin", atRootTime: 0)
        #expect(
            isClose(layer.presentation(atRootTime: 0.625).transform, Transform2D(rotationAngle: 5 * .pi / 4)))
        // Without isCumulative each cycle would start again at 0: here the end is a full turn.
        #expect(isClose(layer.presentation(atRootTime: 5).transform, Transform2D(rotationAngle: 2 * .pi)))
    }

    @Test func aSteppedSpinnerTurnsAQuarterAtATime() {
        // The recipe in the notes: 0 → π/2 per 0.25 s cycle, cumulative, one step at the cycle's end.
        let layer = Layer()
        var tick = BasicAnimation(property: .rotation, fromValue: 0, toValue: Double.pi / 2)
        tick.duration = 0.25
        tick.repeatCount = .infinity
        tick.isCumulative = true
        tick.timingFunction = .steps(1, position: .jumpEnd)
        layer.add(tick, forKey: "tick", atRootTime: 0)
        for (time, quarters) in [(0.1, 0.0), (0.3, 1), (0.6, 2), (0.9, 3), (1.1, 4), (2.6, 10)] {
            let expected = Transform2D(rotationAngle: quarters * Double.pi / 2)
            #expect(isClose(layer.presentation(atRootTime: time).transform, expected), "at \(time)")
        }
    }

    @Test func aWholeTransformAnimationGoesTheShorterWayAndDoesNotTurn() {
        // What the issue saw: identity → rotation(2π) is identity → identity.
        let layer = Layer()
        var spin = BasicAnimation(
            property: .transform, fromValue: .identity, toValue: Transform2D(rotationAngle: 2 * .pi))
        spin.duration = 1
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin", atRootTime: 0)
        #expect(isClose(layer.presentation(atRootTime: 0.25).transform, .identity))
    }

    @Test func aRotationKeepsTheRestOfTheModelTransform() {
        let layer = Layer()
        layer.transform = Transform2D(scaleX: 2, y: 2).concatenating(Transform2D(translationX: 10, y: 20))
        #expect(isClose(layer.modelValue(of: .scale), 2))
        #expect(isClose(layer.modelValue(of: .translationX), 10))
        var turn = BasicAnimation(property: .rotation, toValue: Double.pi / 2)
        turn.duration = 1
        turn.fillMode = .forwards
        turn.isRemovedOnCompletion = false
        layer.add(turn, forKey: "turn", atRootTime: 0)
        let end = layer.presentation(atRootTime: 2).transform
        let expected = Transform2D(a: 0, b: 2, c: -2, d: 0, tx: 10, ty: 20)
        #expect(isClose(end, expected), "\(end)")
        // Halfway: from the model's angle (0) to π/2.
        #expect(isClose(layer.presentationValue(of: .rotation, atRootTime: 0.5), Double.pi / 4))
        #expect(isClose(layer.presentationValue(of: .scale, atRootTime: 0.5), 2))
    }

    @Test func scaleAndTranslationAnimateOnTopOfARotation() {
        let layer = Layer()
        layer.transform = Transform2D(rotationAngle: Double.pi / 2)
        var grow = BasicAnimation(property: .scale, fromValue: 1, toValue: 3)
        grow.duration = 1
        var slide = BasicAnimation(property: .translationY, fromValue: 0, toValue: 40)
        slide.duration = 1
        layer.add(grow, forKey: "grow", atRootTime: 0)
        layer.add(slide, forKey: "slide", atRootTime: 0)
        let half = layer.presentation(atRootTime: 0.5).transform
        #expect(isClose(half, Transform2D(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 20)), "\(half)")
        #expect(isClose(layer.presentationValue(of: .scaleX, atRootTime: 0.5), 2))
        #expect(isClose(layer.presentationValue(of: .scaleY, atRootTime: 0.5), 2))
        // After both end the model transform is back, exactly.
        #expect(layer.presentation(atRootTime: 2).transform == layer.transform)
    }

    @Test func thePresentationCacheAgreesAndRestoresTheModelTransform() {
        let layer = Self.spinner()
        layer.transform = Transform2D(translationX: 5, y: 0)
        var cache = PresentationCache()
        for step in 0...20 {
            let time = Double(step) * 0.07
            layer.updatePresentation(&cache, atLocalTime: time)
            #expect(cache.state == layer.presentation(atLocalTime: time), "at \(time)")
        }
        layer.removeAnimation(forKey: "spin")
        layer.updatePresentation(&cache, atLocalTime: 3)
        #expect(cache.state.transform == Transform2D(translationX: 5, y: 0))
    }

    @Test func componentPropertiesAreNamedAsCoreAnimationNamesThem() {
        #expect(LayerProperty<Double>.rotation.name == "transform.rotation.z")
        #expect(LayerProperty<Double>.scale.name == "transform.scale")
        #expect(LayerProperty<Double>.scaleX.name == "transform.scale.x")
        #expect(LayerProperty<Double>.translationY.name == "transform.translation.y")
    }
}
