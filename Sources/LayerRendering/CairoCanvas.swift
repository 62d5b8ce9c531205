internal import CCairo
import MediaTiming

/// A Cairo image surface over pixel memory and a drawing context on it, destroyed together.
///
/// The memory belongs to the caller and must outlive the canvas; `finish()` flushes the drawing
/// into it and releases Cairo's objects.
final class CairoCanvas {
    let surface: OpaquePointer
    let context: OpaquePointer

    /// A canvas over `height` rows of `bytesPerRow` bytes at `memory`, in Cairo's ARGB32
    /// (premultiplied) or RGB24 (XRGB8888) format.
    init(
        memory: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, hasAlpha: Bool
    ) throws(RenderingError) {
        let format = hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard
            let surface = cairo_image_surface_create_for_data(
                memory.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height),
                Int32(bytesPerRow))
        else { throw .drawingFailed(reason: describe(CAIRO_STATUS_NO_MEMORY)) }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .drawingFailed(reason: describe(surfaceStatus))
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .drawingFailed(reason: describe(CAIRO_STATUS_NO_MEMORY))
        }
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Flushes drawing into the memory.
    func flush() {
        cairo_surface_flush(surface)
    }

    /// Replaces every pixel with `color` (not blended).
    func clear(to color: Color) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(context)
        cairo_restore(context)
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(
            context, ColorComponents.clamped(color.red), ColorComponents.clamped(color.green),
            ColorComponents.clamped(color.blue), ColorComponents.clamped(color.alpha))
    }
}
