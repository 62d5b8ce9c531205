import MediaTiming
import PropertyBased
import Testing

/// Timing functions: Apple's named curves, CSS steps, and the Bézier solver's guarantees.
struct TimingFunctionTests {
    /// Reference values from an independent solver in exact rational arithmetic (bisection on the
    /// same control points to 1e-18 in t).
    static let references: [(String, TimingFunction, [(Double, Double)])] = [
        (
            "easeIn", .easeIn,
            [
                (0.1, 0.017026609651562944), (0.25, 0.09346465071882486), (0.5, 0.31535681257253934),
                (0.75, 0.6218618691748902), (0.9, 0.8394278457624665),
            ]
        ),
        (
            "easeOut", .easeOut,
            [
                (0.1, 0.1605721542375335), (0.25, 0.37813813082510983), (0.5, 0.6846431874274607),
                (0.75, 0.9065353492811752), (0.9, 0.9829733903484371),
            ]
        ),
        (
            "easeInEaseOut", .easeInEaseOut,
            [
                (0.1, 0.0197224535483112), (0.25, 0.12916193104731982), (0.5, 0.5),
                (0.75, 0.8708380689526802), (0.9, 0.9802775464516889),
            ]
        ),
        (
            "default", .default,
            [
                (0.1, 0.09479630571604326), (0.25, 0.40851059135539586), (0.5, 0.802403387584857),
                (0.75, 0.9604589783489741), (0.9, 0.9943164774845564),
            ]
        ),
    ]

    @Test func namedFunctionsMatchReferenceValues() {
        for (name, function, samples) in Self.references {
            for (x, y) in samples {
                let output = function.output(forInput: x)
                #expect(isClose(output, y, tolerance: 1e-9), "\(name)(\(x)) = \(output), expected \(y)")
            }
        }
    }

    @Test func namedFunctionsHaveApplesControlPoints() throws {
        let expected: [(TimingFunction, (Double, Double, Double, Double))] = [
            (.linear, (0, 0, 1, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
            (.easeInEaseOut, (0.42, 0, 0.58, 1)), (.default, (0.25, 0.1, 0.25, 1)),
        ]
        for (function, points) in expected {
            let (first, second) = try #require(function.controlPoints)
            #expect(first == Point(x: points.0, y: points.1))
            #expect(second == Point(x: points.2, y: points.3))
        }
    }

    @Test func endpointsAreExact() {
        for function in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default, .steps(3)] {
            #expect(function.output(forInput: 0) == 0)
            #expect(function.output(forInput: 1) == 1)
        }
    }

    @Test func badInputsAreClampedNeverNaN() {
        let function = TimingFunction.easeInEaseOut
        #expect(function.output(forInput: .nan) == 0)
        #expect(function.output(forInput: -3) == 0)
        #expect(function.output(forInput: 7) == 1)
        #expect(function.output(forInput: .infinity) == 1)
        #expect(function.output(forInput: -.infinity) == 0)
        // Non-finite control points give a linear function; out-of-range x control points are clamped.
        #expect(TimingFunction(controlPoints: .nan, 0, 1, 1).output(forInput: 0.3) == 0.3)
        let clamped = TimingFunction(controlPoints: -1, 0, 2, 1)
        #expect(clamped == TimingFunction(controlPoints: 0, 0, 1, 1))
        #expect(!clamped.output(forInput: 0.37).isNaN)
    }

    /// Found by the MediaTiming fuzzer: finite control y values beyond about 6e307 overflowed the
    /// power-form coefficients, and the infinities cancelled to NaN.
    @Test func hugeFiniteControlYsNeverGiveNaN() {
        let huge = Double.greatestFiniteMagnitude
        for (y1, y2) in [(-huge, 0.0), (huge, huge), (-huge, huge), (1e308, -1e308), (7e307, 7e307)] {
            let function = TimingFunction(controlPoints: 0, y1, 0, y2)
            for x in [1e-9, 0.25, 0.5, 0.75, 1 - 1e-9] {
                let y = function.output(forInput: x)
                #expect(y.isFinite, "(0, \(y1)), (0, \(y2)) at \(x): \(y)")
                #expect(y >= min(0, y1, y2) && y <= max(1, y1, y2))
            }
            #expect(function.output(forInput: 0) == 0 && function.output(forInput: 1) == 1)
        }
    }

    @Test func stepsFollowCSS() {
        // steps(4, jump-end): 0, .25, .5, .75, and 1 only at the end.
        let end = TimingFunction.steps(4, position: .jumpEnd)
        #expect(end.output(forInput: 0) == 0)
        #expect(end.output(forInput: 0.24) == 0)
        #expect(end.output(forInput: 0.25) == 0.25)
        #expect(end.output(forInput: 0.99) == 0.75)
        #expect(end.output(forInput: 1) == 1)
        // steps(4, jump-start): .25 straight away.
        let start = TimingFunction.steps(4, position: .jumpStart)
        #expect(start.output(forInput: 0) == 0.25)
        #expect(start.output(forInput: 0.5) == 0.75)
        #expect(start.output(forInput: 0.99) == 1)
        // steps(3, jump-none): 0, .5, 1.
        let none = TimingFunction.steps(3, position: .jumpNone)
        #expect(none.output(forInput: 0.2) == 0)
        #expect(none.output(forInput: 0.5) == 0.5)
        #expect(none.output(forInput: 0.9) == 1)
        // steps(3, jump-both): 1/4, 2/4, 3/4, and 1 at the end.
        let both = TimingFunction.steps(3, position: .jumpBoth)
        #expect(both.output(forInput: 0) == 0.25)
        #expect(both.output(forInput: 0.5) == 0.5)
        #expect(both.output(forInput: 0.9) == 0.75)
        #expect(both.output(forInput: 1) == 1)
        // Counts below the minimum are raised.
        #expect(TimingFunction.steps(0) == .steps(1))
        #expect(TimingFunction.steps(-5, position: .jumpNone) == .steps(2, position: .jumpNone))
        #expect(StepPosition.start == .jumpStart && StepPosition.end == .jumpEnd)
    }

    // MARK: Properties

    /// Control points with x in [0, 1] and y in [0, 1]: a monotonic easing curve.
    static let monotonicCurves = zip(
        Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1))

    @Test func bezierOutputIsMonotonicWhenControlYsAreInTheUnitInterval() async {
        await propertyCheck(
            count: 300, input: Self.monotonicCurves, Gen.double(in: 0...1), Gen.double(in: 0...1)
        ) {
            points, first, second in
            let function = TimingFunction(controlPoints: points.0, points.1, points.2, points.3)
            let (low, high) = (min(first, second), max(first, second))
            #expect(function.output(forInput: low) <= function.output(forInput: high) + 1e-9)
            let output = function.output(forInput: first)
            #expect(output >= -1e-12 && output <= 1 + 1e-12)
        }
    }

    @Test func bezierSolutionInvertsXToOneMillionth() async {
        // Any y, including overshooting ones: inversion is about x only.
        let curves = zip(
            Gen.double(in: 0...1), Gen.double(in: -2...3), Gen.double(in: 0...1), Gen.double(in: -2...3))
        await propertyCheck(count: 300, input: curves, Gen.double(in: 0...1)) { points, x in
            let (x1, y1, x2, y2) = points
            let function = TimingFunction(controlPoints: x1, y1, x2, y2)
            let y = function.output(forInput: x)
            #expect(!y.isNaN)
            // Find the parameter independently by bisection, and compare y there.
            func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
                let u = 1 - t
                return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
            }
            var low = 0.0
            var high = 1.0
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
            }
            let t = (low + high) / 2
            #expect(abs(bezier(t, x1, x2) - x) <= 1e-6)
            // The x-curve may be flat (x1 = x2 = 0 or 1), where many t share an x; compare y only
            // where the curve is steep enough for y to be determined.
            let slope = (bezier(min(t + 1e-7, 1), x1, x2) - bezier(max(t - 1e-7, 0), x1, x2)) / 2e-7
            if slope > 1e-3 {
                #expect(abs(bezier(t, y1, y2) - y) <= 1e-6, "x=\(x) points=\(points)")
            }
        }
    }

    @Test func stepsAreMonotonic() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 1...12), Gen.double(in: 0...1), Gen.double(in: 0...1)
        ) { count, first, second in
            for position in StepPosition.allCases {
                let function = TimingFunction.steps(count, position: position)
                #expect(
                    function.output(forInput: min(first, second))
                        <= function.output(forInput: max(first, second)))
            }
        }
    }
}
