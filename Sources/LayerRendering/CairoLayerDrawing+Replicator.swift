internal import CCairo
import MediaTiming

/// A replicator layer's copies of its sublayers, each placed, delayed and tinted as
/// ``ReplicatorInstance`` says.
extension CairoLayerDrawing {
    /// Draws the sublayers of `layer` once per copy its presentation state `state` asks for, at
    /// local time `localTime` less each copy's delay.
    func drawReplicatedSublayers(of layer: Layer, state: LayerState, localTime: Double) {
        for instance in ReplicatorInstance.instances(of: state) {
            let transform = instance.transform
            guard transform.determinant != 0, transform.determinant.isFinite, transform.tx.isFinite,
                transform.ty.isFinite
            else { continue }
            cairo_save(context)
            var matrix = cairo_matrix_t(
                xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx,
                y0: transform.ty)
            cairo_transform(context, &matrix)
            drawTinted(by: instance.color) {
                for sublayer in layer.sublayers {
                    draw(sublayer, parentTime: localTime - instance.delay)
                }
            }
            cairo_restore(context)
        }
    }

    /// Runs `drawing` with its result multiplied by `color` (components in [0, 1]): directly for
    /// white, through a group painted with the alpha when only the alpha differs, else through a
    /// group whose pixels are multiplied.
    private func drawTinted(by color: Color, _ drawing: () -> Void) {
        if color == .white {
            drawing()
            return
        }
        guard color.alpha > 0 else { return }
        cairo_push_group(context)
        drawing()
        guard color.red != 1 || color.green != 1 || color.blue != 1 else {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, color.alpha)
            return
        }
        guard let group = cairo_pop_group(context) else { return }
        defer { cairo_pattern_destroy(group) }
        Self.multiplyPixels(of: group, by: color)
        cairo_set_source(context, group)
        cairo_paint(context)
    }

    /// Multiplies each premultiplied pixel of the image behind `pattern` by `color`: each colour
    /// channel by the colour's component times its alpha, the alpha channel by its alpha. Groups
    /// pushed on the image surfaces this renderer draws into are images in memory; any other
    /// pattern is left as it is.
    private static func multiplyPixels(of pattern: OpaquePointer, by color: Color) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let factors = (
            red: color.red * color.alpha, green: color.green * color.alpha, blue: color.blue * color.alpha,
            alpha: color.alpha
        )
        func scaled(_ pixel: UInt32, _ shift: UInt32, _ factor: Double) -> UInt32 {
            UInt32((Double((pixel >> shift) & 0xFF) * factor).rounded()) << shift
        }
        for row in 0..<height {
            let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let pixel = pixels[column]
                guard pixel != 0 else { continue }
                pixels[column] =
                    scaled(pixel, 24, factors.alpha) | scaled(pixel, 16, factors.red)
                    | scaled(pixel, 8, factors.green) | scaled(pixel, 0, factors.blue)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
