/// Starting guesses for solving x(t) = x on a ``UnitBezier``: over each of ``segmentCount`` equal
/// intervals of x, the cubic through t and dt/dx at the interval's ends (Hermite interpolation of
/// the solution), as power-series coefficients in the position within the interval. They follow
/// the x polynomial's coefficients ax, bx, cx and 3·ax (at ``polynomialOffset``), read from the
/// table rather than worked out from the control points on every solve.
///
/// Computed once per pair of x control coordinates (y does not enter the solution for t) and
/// kept for the life of the process, so that every function with those coordinates, and every
/// program that stores one, shares one table. A guess is within about 1e-9 of the solution where
/// the slope of x(t) is not near 0, close enough for one Newton step to reach the solver's
/// tolerance; elsewhere the solver falls back to its own iteration.
enum BezierSolutionTable {
    /// The intervals of x, [k/n, (k + 1)/n].
    static let segmentCount = 32
    /// Coefficients per interval: c0 + u·(c1 + u·(c2 + u·c3)) with u in [0, 1].
    static let coefficientsPerSegment = 4
    /// Where ax, bx, cx and 3·ax are; the intervals' coefficients start after them.
    static let polynomialOffset = 0
    static let segmentsOffset = 4
    /// At most this many tables are made (1 KiB each); functions with other x coordinates past
    /// that solve without a table.
    private static let capacity = 256

    private struct Key: Hashable {
        let x1: Double
        let x2: Double
    }

    /// The tables made so far, by x control coordinates; addresses as bit patterns.
    private static let tables = SharedState([Key: UInt]())

    /// The address of the table for the curve with x control coordinates `x1` and `x2` (in
    /// [0, 1]), or 0 when the tables are at their capacity. `solve` gives t for an x in [0, 1].
    static func address(
        x1: Double, x2: Double, polynomial: (ax: Double, bx: Double, cx: Double), solve: (Double) -> Double,
        slope: (Double) -> Double
    ) -> UInt {
        let key = Key(x1: x1, x2: x2)
        return tables.withLock { tables in
            if let address = tables[key] { return address }
            guard tables.count < capacity else { return 0 }
            let table = make(polynomial: polynomial, solve: solve, slope: slope)
            let address = UInt(bitPattern: table)
            tables[key] = address
            return address
        }
    }

    /// Computes a table: t and dt/dx = 1/x′(t) at each interval end, then each interval's cubic.
    private static func make(
        polynomial: (ax: Double, bx: Double, cx: Double), solve: (Double) -> Double, slope: (Double) -> Double
    ) -> UnsafeMutablePointer<Double> {
        let count = segmentsOffset + segmentCount * coefficientsPerSegment
        let table = UnsafeMutablePointer<Double>.allocate(capacity: count)
        table[polynomialOffset] = polynomial.ax
        table[polynomialOffset + 1] = polynomial.bx
        table[polynomialOffset + 2] = polynomial.cx
        table[polynomialOffset + 3] = 3 * polynomial.ax
        let width = 1 / Double(segmentCount)
        var ends: [(t: Double, derivative: Double)] = []
        for index in 0...segmentCount {
            let t = solve(Double(index) * width)
            // Where x′(t) is 0 the solution's slope is infinite: a large finite one gives a poor
            // guess there, which the solver then corrects by its own iteration.
            ends.append((t, 1 / max(slope(t), 1e-6)))
        }
        for index in 0..<segmentCount {
            // Hermite form over u in [0, 1]: the end slopes scaled to the interval's width.
            let p0 = ends[index].t
            let p1 = ends[index + 1].t
            let m0 = ends[index].derivative * width
            let m1 = ends[index + 1].derivative * width
            let coefficients = table + segmentsOffset + index * coefficientsPerSegment
            coefficients[0] = p0
            coefficients[1] = m0
            coefficients[2] = 3 * (p1 - p0) - 2 * m0 - m1
            coefficients[3] = 2 * (p0 - p1) + m0 + m1
        }
        return table
    }
}
