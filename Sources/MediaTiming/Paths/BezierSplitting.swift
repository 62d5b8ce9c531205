/// De Casteljau subdivision and evaluation of quadratic and cubic Bézier curves.
enum BezierSplitting {
    static func lerp(_ p: Point, _ q: Point, _ t: Double) -> Point {
        if t == 1 { return q }
        return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    static func point(quad p0: Point, _ p1: Point, _ p2: Point, at t: Double) -> Point {
        lerp(lerp(p0, p1, t), lerp(p1, p2, t), t)
    }

    static func point(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double) -> Point {
        let a = lerp(p0, p1, t)
        let b = lerp(p1, p2, t)
        let c = lerp(p2, p3, t)
        return lerp(lerp(a, b, t), lerp(b, c, t), t)
    }

    /// The control points of the part of a quadratic curve between parameters `t0` and `t1`.
    static func segment(quad p0: Point, _ p1: Point, _ p2: Point, from t0: Double, to t1: Double)
        -> (Point, Point, Point)
    {
        // Blossoming: the piece's control points are f(t0, t0), f(t0, t1), f(t1, t1).
        func blossom(_ u: Double, _ v: Double) -> Point { lerp(lerp(p0, p1, u), lerp(p1, p2, u), v) }
        return (blossom(t0, t0), blossom(t0, t1), blossom(t1, t1))
    }

    /// The control points of the part of a cubic curve between parameters `t0` and `t1`.
    static func segment(
        cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, from t0: Double, to t1: Double
    ) -> (Point, Point, Point, Point) {
        func blossom(_ u: Double, _ v: Double, _ w: Double) -> Point {
            let a = lerp(p0, p1, u)
            let b = lerp(p1, p2, u)
            let c = lerp(p2, p3, u)
            return lerp(lerp(a, b, v), lerp(b, c, v), w)
        }
        return (blossom(t0, t0, t0), blossom(t0, t0, t1), blossom(t0, t1, t1), blossom(t1, t1, t1))
    }
}
