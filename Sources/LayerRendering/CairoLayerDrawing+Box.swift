internal import CCairo
import MediaTiming

/// A layer's box: its bounds with rounded corners, which the background fills and
/// `masksToBounds` clips to, and the border drawn inside them, as Core Animation draws them.
extension CairoLayerDrawing {
    /// Adds the bounds of `state`, with its corners rounded by `cornerRadius`, to the current path
    /// (as a new path).
    func addBox(of state: LayerState) {
        cairo_new_path(context)
        addRoundedRectangle(state.bounds, radius: state.cornerRadius)
    }

    /// Strokes the border inside the bounds: a band `borderWidth` wide along the edge, its outer
    /// edge following the rounded corners. Nothing for a width that is not positive and finite or a
    /// clear colour.
    func drawBorder(of state: LayerState) {
        let width = state.borderWidth
        guard width > 0, width.isFinite, state.borderColor.alpha > 0 else { return }
        let bounds = state.bounds.standardized
        // A border at least half as wide as the shorter side fills the whole box.
        let half = min(width, min(bounds.size.width, bounds.size.height) / 2) / 2
        let inset = Rect(
            x: bounds.origin.x + half, y: bounds.origin.y + half, width: bounds.size.width - 2 * half,
            height: bounds.size.height - 2 * half)
        cairo_new_path(context)
        addRoundedRectangle(inset, radius: Self.clampedRadius(state.cornerRadius, for: bounds) - half)
        cairo_set_line_width(context, 2 * half)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        setSource(state.borderColor)
        cairo_stroke(context)
    }

    /// A rectangle with rounded corners: quarter circles of `radius` (clamped to half the shorter
    /// side; none when not positive), clockwise from the top-left corner. Nothing for a rectangle
    /// with a side that is not finite.
    private func addRoundedRectangle(_ rect: Rect, radius: Double) {
        let box = rect.standardized
        guard box.origin.x.isFinite, box.origin.y.isFinite, box.size.width.isFinite, box.size.height.isFinite
        else { return }
        let r = Self.clampedRadius(radius, for: box)
        let (left, top) = (box.origin.x, box.origin.y)
        let (right, bottom) = (left + box.size.width, top + box.size.height)
        guard r > 0 else {
            cairo_rectangle(context, left, top, box.size.width, box.size.height)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(context)
        cairo_arc(context, left + r, top + r, r, 2 * quarter, 3 * quarter)
        cairo_arc(context, right - r, top + r, r, 3 * quarter, 4 * quarter)
        cairo_arc(context, right - r, bottom - r, r, 0, quarter)
        cairo_arc(context, left + r, bottom - r, r, quarter, 2 * quarter)
        cairo_close_path(context)
    }

    /// `radius` clamped to [0, half the shorter side of `box`]; NaN reads as 0.
    private static func clampedRadius(_ radius: Double, for box: Rect) -> Double {
        let limit = min(box.size.width, box.size.height) / 2
        return radius > 0 ? min(radius, limit) : 0
    }
}

extension Rect {
    /// The same rectangle with a non-negative width and height.
    fileprivate var standardized: Rect {
        let width = abs(size.width)
        let height = abs(size.height)
        return Rect(
            x: size.width < 0 ? origin.x + size.width : origin.x,
            y: size.height < 0 ? origin.y + size.height : origin.y, width: width, height: height)
    }
}
