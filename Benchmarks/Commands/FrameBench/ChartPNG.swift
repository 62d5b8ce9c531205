internal import CCairo

/// Draws a ``ChartScene`` with Cairo into a PNG file.
enum ChartPNG {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `scene` as a PNG image to `path`.
    static func write(_ scene: ChartScene, to path: String) throws(Failure) {
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(scene.width.rounded(.up)), Int32(scene.height.rounded(.up))),
            let cr = cairo_create(surface)
        else { throw Failure(description: "cannot create a \(scene.width) × \(scene.height) image") }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        for element in scene.elements { draw(element, cr) }
        cairo_destroy(cr)
        let status = cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(
                description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    private static func draw(_ element: ChartScene.Element, _ cr: OpaquePointer) {
        switch element {
        case .polyline(let points, let stroke):
            guard let first = points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            apply(stroke, cr)
            cairo_stroke(cr)
        case .rectangle(let x, let y, let width, let height, let stroke):
            cairo_rectangle(cr, x, y, width, height)
            apply(stroke, cr)
            cairo_stroke(cr)
        case .band(let x, let y, let width, let height, let fill):
            cairo_rectangle(cr, x, y, width, height)
            setColour(fill, cr)
            cairo_fill(cr)
        case .marker(let x, let y, let shape, let size, let fill):
            let corners = ChartScene.markerOutline(shape, x: x, y: y, size: size)
            if corners.isEmpty {
                cairo_new_sub_path(cr)
                cairo_arc(cr, x, y, size / 2, 0, 2 * Double.pi)
            } else {
                cairo_move_to(cr, corners[0].x, corners[0].y)
                for corner in corners.dropFirst() { cairo_line_to(cr, corner.x, corner.y) }
                cairo_close_path(cr)
            }
            setColour(fill, cr)
            cairo_fill(cr)
        case .text(let string, let x, let y, let size, let bold, let anchor, let rotated):
            cairo_select_font_face(
                cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, size)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, string, &extents)
            let shift: Double
            switch anchor {
            case .start: shift = 0
            case .middle: shift = extents.x_advance / 2
            case .end: shift = extents.x_advance
            }
            setColour(.black, cr)
            cairo_save(cr)
            cairo_translate(cr, x, y)
            if rotated { cairo_rotate(cr, -Double.pi / 2) }
            cairo_move_to(cr, -shift, 0)
            cairo_show_text(cr, string)
            cairo_restore(cr)
        }
    }

    private static func apply(_ stroke: ChartScene.Stroke, _ cr: OpaquePointer) {
        setColour(stroke.colour, cr)
        cairo_set_line_width(cr, stroke.width)
        cairo_set_dash(cr, stroke.dash, Int32(stroke.dash.count), 0)
    }

    private static func setColour(_ colour: ChartScene.Colour, _ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
    }
}
