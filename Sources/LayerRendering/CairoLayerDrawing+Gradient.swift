internal import CCairo
import MediaTiming

/// A gradient layer's colours, drawn with a Cairo linear or radial pattern over the background and
/// clipped to the layer's box.
extension CairoLayerDrawing {
    /// Fills the box of `state` with its gradient. Nothing for points that are not finite, or for a
    /// radial gradient whose end point is its start point.
    func drawGradient(_ state: LayerState) {
        let colors = state.colors.colors
        guard !colors.isEmpty else { return }
        let bounds = state.bounds
        func place(_ unit: Point) -> Point {
            Point(
                x: bounds.origin.x + unit.x * bounds.size.width,
                y: bounds.origin.y + unit.y * bounds.size.height)
        }
        let start = place(state.startPoint)
        let end = place(state.endPoint)
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        guard let pattern = Self.pattern(state.gradientType, from: start, to: end) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let locations = state.locations.resolved(forColorCount: colors.count)
        for (color, location) in zip(colors, locations) {
            cairo_pattern_add_color_stop_rgba(
                pattern, location, ColorComponents.clamped(color.red), ColorComponents.clamped(color.green),
                ColorComponents.clamped(color.blue), ColorComponents.clamped(color.alpha))
        }
        addBox(of: state)
        cairo_set_source(context, pattern)
        cairo_fill(context)
    }

    /// The pattern of a gradient from `start` to `end` (in the layer's coordinates): along the
    /// line, or in ellipses about `start` whose radii are the distances from `start` to `end` along
    /// each axis (a circle through `end` when one of them is 0).
    private static func pattern(_ type: GradientType, from start: Point, to end: Point) -> OpaquePointer? {
        switch type {
        case .axial:
            return cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        case .radial:
            var radiusX = abs(end.x - start.x)
            var radiusY = abs(end.y - start.y)
            if radiusX == 0 || radiusY == 0 {
                radiusX = (radiusX * radiusX + radiusY * radiusY).squareRoot()
                radiusY = radiusX
            }
            guard radiusX > 0, radiusX.isFinite, radiusY.isFinite else { return nil }
            guard let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else { return nil }
            // The pattern's unit circle, stretched onto the ellipse: the matrix maps the layer's
            // coordinates to the pattern's.
            var matrix = cairo_matrix_t(
                xx: 1 / radiusX, yx: 0, xy: 0, yy: 1 / radiusY, x0: -start.x / radiusX, y0: -start.y / radiusY
            )
            cairo_pattern_set_matrix(pattern, &matrix)
            return pattern
        }
    }
}
