import MediaTiming
import PropertyBased
import Testing

/// The value types' arithmetic, transforms in particular.
struct InterpolatableTests {
    @Test func scalarArithmetic() {
        #expect(2.0.interpolated(to: 6, fraction: 0.25) == 3)
        #expect(0.1.interpolated(to: 0.7, fraction: 1) == 0.7)
        #expect(2.0.adding(3) == 5)
        #expect(2.0.subtracting(3) == -1)
        #expect(2.0.scaled(by: 3) == 6)
        #expect(2.0.distance(to: -1) == 3)
        #expect(Double.zero == 0)
    }

    /// Found by the MediaTiming fuzzer: `self + (end − self) · 0` is NaN when the difference is
    /// infinite (an infinite endpoint, or finite ones whose difference overflows), but a fraction
    /// of 0 must give the start.
    @Test func fractionZeroIsTheStartEvenWhenTheDifferenceOverflows() {
        let huge = Double.greatestFiniteMagnitude
        for (start, end) in [
            (-huge, huge), (huge, -huge), (-Double.infinity, 0), (0, Double.infinity), (-0.0, 5),
        ] {
            let value = start.interpolated(to: end, fraction: 0)
            #expect(value == start && value.sign == start.sign, "\(start) → \(end) at 0 gave \(value)")
            #expect(start.interpolated(to: end, fraction: 1) == end)
        }
        let point = Point(x: -.infinity, y: 0).interpolated(to: .zero, fraction: 0)
        #expect(point == Point(x: -.infinity, y: 0))
    }

    @Test func colourArithmeticIsComponentwise() {
        let a = Color(red: 1, green: 0, blue: 0.5, alpha: 1)
        let b = Color(red: 0, green: 1, blue: 0.5, alpha: 0)
        #expect(a.interpolated(to: b, fraction: 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        #expect(a.adding(b).subtracting(b) == a)
        #expect(a.distance(to: b) == 3.0.squareRoot())
    }

    @Test func transformBasics() throws {
        let move = Transform2D(translationX: 3, y: 4)
        let turn = Transform2D(rotationAngle: Double.pi / 2)
        // A quarter turn clockwise on screen (y down) takes +x to +y.
        #expect(isClose(turn.applied(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        // Concatenation applies self first.
        #expect(isClose(turn.concatenating(move).applied(to: Point(x: 1, y: 0)), Point(x: 3, y: 5)))
        #expect(isClose(move.concatenating(turn).applied(to: Point(x: 1, y: 0)), Point(x: -4, y: 4)))
        let combined = move.concatenating(turn).concatenating(Transform2D(scaleX: 2, y: 3))
        let inverse = try #require(combined.inverted())
        #expect(isClose(combined.concatenating(inverse), .identity))
        #expect(Transform2D(scaleX: 0, y: 1).inverted() == nil)
        #expect(Transform2D.identity.isIdentity)
    }

    @Test func transformsAddByCompositionAndScaleByPowers() {
        let turn = Transform2D(rotationAngle: 0.3).concatenating(Transform2D(translationX: 1, y: 2))
        let other = Transform2D(scaleX: 2, y: 0.5)
        #expect(isClose(turn.subtracting(other).adding(other), turn))
        var repeated = Transform2D.identity
        for _ in 0..<5 { repeated = repeated.adding(turn) }
        #expect(isClose(turn.scaled(by: 5), repeated))
        #expect(turn.scaled(by: 0) == .identity)
        #expect(isClose(turn.scaled(by: -1).adding(turn), .identity))
        // A singular transform cannot be subtracted: self comes back.
        #expect(turn.subtracting(Transform2D(scaleX: 0, y: 0)) == turn)
    }

    @Test func rotationsInterpolateAsRotationsTheShortWay() {
        let from = Transform2D(rotationAngle: 0.1)
        let to = Transform2D(rotationAngle: 0.9)
        #expect(isClose(from.interpolated(to: to, fraction: 0.5), Transform2D(rotationAngle: 0.5)))
        // From 170° to −170° goes through 180°, not through 0°.
        let a = Transform2D(rotationAngle: 170 * Double.pi / 180)
        let b = Transform2D(rotationAngle: -170 * Double.pi / 180)
        #expect(isClose(a.interpolated(to: b, fraction: 0.5), Transform2D(rotationAngle: Double.pi)))
        // Scale and translation interpolate linearly.
        let big = Transform2D(scaleX: 3, y: 5).concatenating(Transform2D(translationX: 10, y: 20))
        #expect(
            isClose(
                Transform2D.identity.interpolated(to: big, fraction: 0.5),
                Transform2D(scaleX: 2, y: 3).concatenating(Transform2D(translationX: 5, y: 10))))
    }

    @Test func decompositionReproducesArbitraryTransforms() async {
        let entries = zip(
            Gen.double(in: -5...5), Gen.double(in: -5...5), Gen.double(in: -5...5), Gen.double(in: -5...5),
            Gen.double(in: -100...100), Gen.double(in: -100...100))
        await propertyCheck(count: 300, input: entries, Gen.double(in: 0...1)) { entry, fraction in
            let transform = Transform2D(
                a: entry.0, b: entry.1, c: entry.2, d: entry.3, tx: entry.4, ty: entry.5)
            // Interpolating a transform with itself gives it back (through decompose/recompose).
            #expect(
                isClose(transform.interpolated(to: transform, fraction: fraction), transform, tolerance: 1e-9)
            )
            // Endpoints are exact.
            #expect(Transform2D.identity.interpolated(to: transform, fraction: 1) == transform)
            #expect(transform.interpolated(to: .identity, fraction: 0) == transform)
            #expect(transform.distance(to: transform) == 0)
        }
    }
}
