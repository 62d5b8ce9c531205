/// The geometry of a circular arc: where it starts and ends and how far it turns.
struct ArcGeometry: Sendable, Hashable {
    var center: Point
    var radius: Double
    var startAngle: Double
    /// The signed turn in radians: positive clockwise on screen, magnitude at most 2π.
    var sweep: Double

    init(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.center = center
        self.radius = abs(radius)
        self.startAngle = startAngle
        self.sweep = Self.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
    }

    /// The turn from `start` to `end` in the given direction, as Cairo's `cairo_arc` and
    /// `cairo_arc_negative` take it (the end is moved by whole turns until it lies on the right
    /// side of the start), limited to one full turn. Non-finite angles give no turn.
    static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let fullTurn = 2 * Double.pi
        var sweep = end - start
        guard sweep.isFinite else { return 0 }
        if clockwise {
            if sweep < 0 {
                sweep = sweep.truncatingRemainder(dividingBy: fullTurn)
                if sweep < 0 { sweep += fullTurn }
            }
            return min(sweep, fullTurn)
        } else {
            if sweep > 0 {
                sweep = sweep.truncatingRemainder(dividingBy: fullTurn)
                if sweep > 0 { sweep -= fullTurn }
            }
            return max(sweep, -fullTurn)
        }
    }

    var endAngle: Double { startAngle + sweep }
    var length: Double { radius * abs(sweep) }

    func point(atAngle angle: Double) -> Point {
        Point(
            x: center.x + radius * ElementaryFunctions.cosine(angle),
            y: center.y + radius * ElementaryFunctions.sine(angle))
    }

    var startPoint: Point { point(atAngle: startAngle) }
    var endPoint: Point { point(atAngle: endAngle) }

    /// The part of the arc between fractions `from` and `to` of its sweep.
    func element(from: Double, to: Double) -> PathElement {
        .arc(
            center: center, radius: radius, startAngle: startAngle + sweep * from,
            endAngle: startAngle + sweep * to, clockwise: sweep >= 0)
    }
}
