internal import CCairo

extension Bitmap {
    /// Writes the bitmap to a PNG file at `path` (RGBA, 8 bits per channel), replacing any file there.
    ///
    /// - Throws: ``RenderingError/cannotWritePNG(path:reason:)`` when the file cannot be written, with
    ///   the reason in words: "the folder /x does not exist", "the folder /x is not writable".
    public func writePNG(to path: String) throws(RenderingError) {
        var copy = pixels
        let status: cairo_status_t = copy.withUnsafeMutableBytes { bytes in
            guard
                let surface = cairo_image_surface_create_for_data(
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(width), Int32(height), Int32(width * 4))
            else { return CAIRO_STATUS_NO_MEMORY }
            defer { cairo_surface_destroy(surface) }
            let created = cairo_surface_status(surface)
            guard created == CAIRO_STATUS_SUCCESS else { return created }
            return cairo_surface_write_to_png(surface, path)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWritePNG(path: path, reason: FileDiagnosis.whyCannotWrite(path) ?? describe(status))
        }
    }

    /// Reads a PNG file (any PNG Cairo reads; images without alpha come out opaque).
    ///
    /// - Throws: ``RenderingError/cannotReadPNG(path:reason:)`` when the file is missing, unreadable
    ///   or not a PNG.
    public init(contentsOfPNG path: String) throws(RenderingError) {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw .cannotReadPNG(path: path, reason: describe(CAIRO_STATUS_NO_MEMORY))
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // The file is there and readable (or the diagnosis would say otherwise): its contents are
            // the trouble, whatever Cairo calls it (often "out of memory" for a file that is not a PNG).
            let reason =
                FileDiagnosis.whyCannotRead(path)
                ?? "it is not a PNG image Cairo can read (Cairo: \(describe(status)))"
            throw .cannotReadPNG(path: path, reason: reason)
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            let data = cairo_image_surface_get_data(surface)
        else {
            throw .cannotReadPNG(path: path, reason: "unsupported pixel format \(format.rawValue)")
        }
        let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        var pixels = [UInt32](repeating: 0, count: width * height)
        let raw = UnsafeRawPointer(data)
        for row in 0..<height {
            for column in 0..<width {
                let value = raw.loadUnaligned(fromByteOffset: row * stride + column * 4, as: UInt32.self)
                pixels[row * width + column] = value | opaque
            }
        }
        try self.init(width: width, height: height, pixels: pixels)
    }
}
