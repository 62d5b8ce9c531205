/// A cubic Bézier curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), solved for
/// y given x: the curve behind every Bézier timing function.
///
/// Both x control coordinates lie in [0, 1] (``TimingFunction`` clamps them), so x(t) is
/// non-decreasing on [0, 1] and every x in [0, 1] has a parameter t with x(t) = x. The solver
/// takes one Newton step from a guess in the curve's ``BezierSolutionTable``; where that does not
/// meet the tolerance, it tries Newton's method from t = x and falls back to bisection, which
/// always converges. The solution is accurate to ``tolerance`` in x.
struct UnitBezier: Sendable, Hashable {
    /// How close x(t) must come to the requested x.
    static let tolerance = 1e-12

    let x1: Double
    let y1: Double
    let x2: Double
    let y2: Double

    /// The address of the curve's ``BezierSolutionTable`` (0 for none), as a bit pattern: the
    /// table is shared and never freed.
    private var solutionTable: UInt = 0

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        let curve = self
        solutionTable = BezierSolutionTable.address(
            x1: x1, x2: x2, polynomial: (ax, bx, cx), solve: { curve.iteratedParameter(forX: $0) },
            slope: { curve.slope(at: $0) })
    }

    // Equality and hashing on the control points alone (the table follows from them).
    static func == (left: UnitBezier, right: UnitBezier) -> Bool {
        left.x1 == right.x1 && left.y1 == right.y1 && left.x2 == right.x2 && left.y2 == right.y2
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    // Polynomial coefficients, x(t) = ((ax·t + bx)·t + cx)·t, computed on use so that the stored
    // form stays four numbers (cheap to copy on the evaluation path). x1 and x2 lie in [0, 1], so
    // they cannot overflow.
    @inline(__always) private var cx: Double { 3 * x1 }
    @inline(__always) private var bx: Double { 3 * (x2 - x1) - cx }
    @inline(__always) private var ax: Double { 1 - cx - bx }

    @inline(__always) func x(at t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y(t) in Bernstein form, 3(1−t)²t·y1 + 3(1−t)t²·y2 + t³, each weight (at most 4/9) computed
    /// before it multiplies its control value: any finite control points give a finite y. (The
    /// power form's coefficients 3·y1 and 3·(y2 − y1) overflow beyond about 6e307, and the
    /// infinities then cancel to NaN.)
    @inline(__always) func y(at t: Double) -> Double {
        let s = 1 - t
        let weight1 = 3 * s * s * t
        let weight2 = 3 * s * t * t
        return weight1 * y1 + weight2 * y2 + t * t * t
    }

    /// dx/dt at `t`.
    @inline(__always) func slope(at t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t in [0, 1] at which x(t) = `x` (for `x` in [0, 1]).
    @inline(__always)
    func parameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }  // also for NaN
        guard x < 1 else { return 1 }
        if let table = UnsafePointer<Double>(bitPattern: solutionTable) {
            // One Newton step from the table's guess, kept if it meets the tolerance.
            let scaled = x * Double(BezierSolutionTable.segmentCount)
            let segment = Int(scaled)  // 0 ..< segmentCount, as 0 < x < 1
            let u = scaled - Double(segment)
            let c =
                table + BezierSolutionTable.segmentsOffset + segment
                &* BezierSolutionTable.coefficientsPerSegment
            let guess = ((c[3] * u + c[2]) * u + c[1]) * u + c[0]
            // The polynomial that x(at:) and slope(at:) work out, read from the table.
            let p = table + BezierSolutionTable.polynomialOffset
            let (ax, bx, cx, threeAx) = (p[0], p[1], p[2], p[3])
            let error = ((ax * guess + bx) * guess + cx) * guess - x
            let t = guess - error / ((threeAx * guess + 2 * bx) * guess + cx)
            if t >= 0 && t <= 1 && abs(((ax * t + bx) * t + cx) * t - x) < Self.tolerance { return t }
        }
        return iteratedParameter(forX: x)
    }

    /// The parameter for `x` in (0, 1) without a table.
    private func iteratedParameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        // Newton's method from t = x: quadratic convergence where the slope is reasonable (three
        // or four steps for Apple's named curves). A step that leaves [0, 1] (a slope near 0, or
        // a NaN from a slope of 0) hands over to bisection.
        let cx = self.cx
        let bx = self.bx
        let ax = 1 - cx - bx
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.tolerance { return t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            let next = t - error / slope
            guard next >= 0 && next <= 1 else { break }
            t = next
        }
        return bisectedParameter(forX: x)
    }

    /// The parameter by bisection: x(t) is non-decreasing, so the bracket [0, 1] always holds the
    /// answer.
    private func bisectedParameter(forX x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<100 {
            let value = self.x(at: t)
            if abs(value - x) < Self.tolerance { return t }
            if value < x { low = t } else { high = t }
            let middle = (low + high) / 2
            if middle == t { return t }
            t = middle
        }
        return t
    }

    /// The curve's y at the point whose x is `x` (`x` in [0, 1]); exactly 0 at 0 and 1 at 1.
    func y(forX x: Double) -> Double {
        // parameter(forX:) is 0 at and below 0 and 1 at and above 1, where y is exactly 0 and 1.
        y(at: parameter(forX: x))
    }
}
