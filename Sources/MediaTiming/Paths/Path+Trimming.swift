extension Path {
    /// The default flattening tolerance for measuring curves: the greatest distance, in path
    /// units, between a curve and the chords that stand for it.
    public static let defaultFlatteningTolerance = 0.01

    /// The total arc length of the path's lines, curves, arcs and closing lines. Curves are
    /// measured by flattening them adaptively to within `tolerance`; lines and arcs exactly.
    public func length(tolerance: Double = Path.defaultFlatteningTolerance) -> Double {
        var total = 0.0
        for segment in MeasuredSegment.segments(of: self, tolerance: Self.sanitized(tolerance)) {
            total += segment.length
        }
        return total
    }

    /// The part of the path between fractions `start` and `end` of its total arc length, as
    /// `strokeStart` and `strokeEnd` select it: lines, arcs and curves cut at the right places
    /// (curves are split exactly at the parameter where the flattened length is reached).
    ///
    /// Fractions are clamped to [0, 1]; NaN reads as 0 for `start` and 1 for `end`. An empty range
    /// (`start >= end`) gives an empty path, the full range the path itself. A closed subpath that
    /// lies entirely inside the range stays closed.
    public func trimmed(
        from start: Double, to end: Double, tolerance: Double = Path.defaultFlatteningTolerance
    ) -> Path {
        let from = start.isNaN ? 0 : min(max(start, 0), 1)
        let to = end.isNaN ? 1 : min(max(end, 0), 1)
        if from <= 0 && to >= 1 { return self }
        if from >= to { return Path() }

        let segments = MeasuredSegment.segments(of: self, tolerance: Self.sanitized(tolerance))
        var total = 0.0
        for segment in segments { total += segment.length }
        guard total > 0 else { return Path() }
        let startLength = from * total
        let endLength = to * total

        var trimmed = Path()
        var segmentStart = 0.0
        var emittedSubpath = -1
        var subpathWholeSoFar = false
        var previousSubpath = -1
        for segment in segments {
            defer { segmentStart += segment.length }
            if segment.subpath != previousSubpath {
                previousSubpath = segment.subpath
                // A subpath is whole so far if it starts inside the range.
                subpathWholeSoFar = segmentStart >= startLength
            }
            let segmentEnd = segmentStart + segment.length
            let pieceFrom = max(startLength, segmentStart) - segmentStart
            let pieceTo = min(endLength, segmentEnd) - segmentStart
            let overlaps = pieceTo > pieceFrom
            let isZeroLengthInside =
                segment.length == 0 && segmentStart >= startLength && segmentStart <= endLength
            guard overlaps || isZeroLengthInside else {
                subpathWholeSoFar = false
                continue
            }
            if !(pieceFrom <= 0 && pieceTo >= segment.length) { subpathWholeSoFar = false }
            let piece = segment.piece(fromLength: pieceFrom, toLength: pieceTo)
            if emittedSubpath != segment.subpath {
                trimmed.move(to: piece.start)
                emittedSubpath = segment.subpath
            }
            if segment.isClosing && subpathWholeSoFar {
                trimmed.closeSubpath()
            } else {
                trimmed.append(piece.element)
            }
        }
        return trimmed
    }

    private static func sanitized(_ tolerance: Double) -> Double {
        tolerance > 0 && tolerance.isFinite ? tolerance : defaultFlatteningTolerance
    }
}
