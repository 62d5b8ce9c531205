public import MediaTiming

/// A `width` × `height` image of 32-bit pixels, premultiplied ARGB in native byte order (Cairo's
/// `CAIRO_FORMAT_ARGB32`): alpha in the top byte, then red, green, blue. Rows run top to bottom,
/// each `width` pixels long.
public struct Bitmap: Sendable, Hashable {
    /// The number of pixels in a row.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The pixels, row by row: the pixel at (x, y) is `pixels[y * width + x]`.
    public var pixels: [UInt32]

    /// A bitmap filled with one premultiplied ARGB value (transparent black by default).
    ///
    /// - Throws: ``RenderingError/invalidSize(width:height:)`` unless both sides are positive and
    ///   the image fits Cairo's limits (32767 pixels a side).
    public init(width: Int, height: Int, fill: UInt32 = 0) throws(RenderingError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = [UInt32](repeating: fill, count: width * height)
    }

    /// A bitmap from existing pixels (`pixels.count` must be `width * height`).
    ///
    /// - Throws: ``RenderingError/invalidSize(width:height:)`` when the sizes do not agree.
    public init(width: Int, height: Int, pixels: [UInt32]) throws(RenderingError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767, pixels.count == width * height else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The raw premultiplied ARGB value at (`x`, `y`); 0 (transparent) outside the image.
    public func argb(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// The colour at (`x`, `y`), unpremultiplied, components in [0, 1]; `Color.clear` outside
    /// the image.
    public func pixel(x: Int, y: Int) -> Color {
        Self.color(fromPremultipliedARGB: argb(x: x, y: y))
    }

    /// The unpremultiplied colour of a premultiplied ARGB value.
    public static func color(fromPremultipliedARGB value: UInt32) -> Color {
        let alpha = Double(value >> 24) / 255
        guard alpha > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double {
            min(Double((value >> shift) & 0xFF) / 255 / alpha, 1)
        }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    /// The premultiplied ARGB value of a colour (components clamped to [0, 1], NaN read as 0).
    public static func premultipliedARGB(of color: Color) -> UInt32 {
        let alpha = ColorComponents.clamped(color.alpha)
        func byte(_ component: Double) -> UInt32 {
            UInt32((ColorComponents.clamped(component) * alpha * 255).rounded())
        }
        return UInt32((alpha * 255).rounded()) << 24 | byte(color.red) << 16 | byte(color.green) << 8
            | byte(color.blue)
    }
}
