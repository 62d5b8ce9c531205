import MediaTiming
import Testing

/// Paths: building, measuring, and trimming to [strokeStart, strokeEnd].
struct PathTests {
    @Test func buildingKeepsTheCurrentPoint() {
        var path = Path()
        #expect(path.currentPoint == nil)
        path.addLine(to: Point(x: 1, y: 1))  // no current point: becomes a move
        #expect(path.elements == [.move(to: Point(x: 1, y: 1))])
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: Double.pi, clockwise: true)
        // A line to the arc's start, then the arc.
        #expect(path.elements.count == 3)
        #expect(isClose(path.currentPoint ?? .zero, Point(x: -1, y: 0)))
        path.closeSubpath()
        #expect(path.currentPoint == Point(x: 1, y: 1))
    }

    @Test func lengthsOfLinesArcsAndCurves() {
        var square = Path()
        square.addRect(Rect(x: 0, y: 0, width: 3, height: 4))
        #expect(square.length() == 14)
        #expect(isClose(Path.circle(center: .zero, radius: 10).length(), 20 * Double.pi))
        // A straight cubic is as long as its chord.
        var straight = Path()
        straight.move(to: .zero)
        straight.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 2, y: 0), control2: Point(x: 7, y: 0))
        #expect(isClose(straight.length(), 10, tolerance: 1e-9))
        // A quadratic approximating a quarter circle is close to π/2 · r (within 0.1 %).
        var quarter = Path()
        quarter.move(to: Point(x: 100, y: 0))
        quarter.addCurve(
            to: Point(x: 0, y: 100), control1: Point(x: 100, y: 55.228474983),
            control2: Point(x: 55.228474983, y: 100))
        #expect(abs(quarter.length() - 50 * Double.pi) / (50 * Double.pi) < 1e-3)
    }

    @Test func arcSweepsFollowCairo() {
        // Clockwise from 3π/2 to π/2 wraps forwards: three quarters would be wrong, it is one half.
        var path = Path()
        path.addArc(
            center: .zero, radius: 1, startAngle: 1.5 * Double.pi, endAngle: 0.5 * Double.pi, clockwise: true)
        #expect(isClose(path.length(), Double.pi))
        // Anticlockwise the same angles are also a half turn the other way.
        var back = Path()
        back.addArc(center: .zero, radius: 1, startAngle: 0.5 * Double.pi, endAngle: 0, clockwise: false)
        #expect(isClose(back.length(), Double.pi / 2))
        // More than a turn is one turn.
        var many = Path()
        many.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 9 * Double.pi, clockwise: true)
        #expect(isClose(many.length(), 2 * Double.pi))
    }

    @Test func trimmingACircleFromTwelveOClock() throws {
        let circle = Path.circle(center: Point(x: 0, y: 0), radius: 10)
        let quarter = circle.trimmed(from: 0, to: 0.25)
        #expect(isClose(quarter.length(), 5 * Double.pi))
        // It starts at 12 o'clock (0, −10) and ends at 3 o'clock (10, 0).
        guard case .move(let start) = quarter.elements.first else { Issue.record("no move"); return }
        #expect(isClose(start, Point(x: 0, y: -10)))
        #expect(isClose(try #require(quarter.currentPoint), Point(x: 10, y: 0)))
        // The full range is the path itself; an empty one is empty.
        #expect(circle.trimmed(from: 0, to: 1) == circle)
        #expect(circle.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(circle.trimmed(from: 0.7, to: 0.2).isEmpty)
    }

    @Test func trimmingAcrossSegmentsAndSubpaths() throws {
        // Two subpaths: a 10-long line and a 3×4 rectangle (14): total 24.
        var path = Path.line(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0))
        path.addRect(Rect(x: 0, y: 10, width: 3, height: 4))
        #expect(path.length() == 24)
        // [6, 18] of 24: the last 4 of the line, then 8 of the rectangle (3 + 4 + 1).
        let middle = path.trimmed(from: 0.25, to: 0.75)
        #expect(isClose(middle.length(), 12))
        #expect(
            middle.elements == [
                .move(to: Point(x: 6, y: 0)), .line(to: Point(x: 10, y: 0)),
                .move(to: Point(x: 0, y: 10)), .line(to: Point(x: 3, y: 10)), .line(to: Point(x: 3, y: 14)),
                .line(to: Point(x: 2, y: 14)),
            ])
        // A closed subpath wholly inside the range stays closed.
        let rectangle: [PathElement] = [
            .move(to: Point(x: 0, y: 10)), .line(to: Point(x: 3, y: 10)), .line(to: Point(x: 3, y: 14)),
            .line(to: Point(x: 0, y: 14)), .close,
        ]
        #expect(path.trimmed(from: 10.0 / 24, to: 1).elements == rectangle)
        #expect(
            path.trimmed(from: 9.0 / 24, to: 1).elements
                == [.move(to: Point(x: 9, y: 0)), .line(to: Point(x: 10, y: 0))] + rectangle)
    }

    @Test func closedSubpathInsideTheRangeKeepsItsClose() {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 1, height: 1))  // length 4, closed
        path.move(to: Point(x: 5, y: 5))
        path.addLine(to: Point(x: 9, y: 5))  // length 4
        let firstHalf = path.trimmed(from: 0, to: 0.5)
        #expect(firstHalf.elements.last == .close)
        #expect(isClose(firstHalf.length(), 4))
    }

    @Test func trimmingCurvesSplitsThemExactly() throws {
        var path = Path()
        path.move(to: .zero)
        path.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 0))
        let half = path.trimmed(from: 0, to: 0.5)
        #expect(isClose(try #require(half.currentPoint), Point(x: 5, y: 0), tolerance: 1e-6))
        var wave = Path()
        wave.move(to: .zero)
        wave.addCurve(to: Point(x: 30, y: 0), control1: Point(x: 10, y: 20), control2: Point(x: 20, y: -20))
        let total = wave.length()
        let piece = wave.trimmed(from: 0.2, to: 0.7)
        #expect(abs(piece.length() - 0.5 * total) < 1e-3)
    }

    @Test func badTrimFractionsAreClamped() {
        let circle = Path.circle(center: .zero, radius: 1)
        #expect(circle.trimmed(from: .nan, to: .nan) == circle)
        #expect(circle.trimmed(from: -5, to: 7) == circle)
        #expect(isClose(circle.trimmed(from: .nan, to: 0.5).length(), Double.pi))
        #expect(Path().trimmed(from: 0.1, to: 0.2).isEmpty)
        #expect(circle.trimmed(from: 0.1, to: 0.2, tolerance: .nan).length() > 0)
    }
}
