internal import CCairo
public import MediaTiming

/// Draws a layer tree's presentation state at one instant with Cairo: anti-aliased fills and
/// strokes (caps, joins, miter limit, `strokeStart`/`strokeEnd` trimming), backgrounds with rounded
/// corners, borders, text, layer geometry (position, bounds, anchor point, transform), group
/// opacity, hiding and clipping to bounds.
///
/// The root layer is placed in the image's pixel space as in a superlayer's (y down, origin at the
/// top-left pixel corner); every layer is evaluated at its own local time, computed from `rootTime`
/// down the tree.
public struct LayerRenderer: Sendable {
    /// What fills the image before the layers are drawn. Default: `Color.clear`.
    public var background: Color
    /// The greatest distance, in pixels, between a curve and the chords that measure it when
    /// strokes are trimmed. Default: 0.05.
    public var flatteningTolerance: Double

    /// A renderer with the given background and tolerance.
    public init(background: Color = .clear, flatteningTolerance: Double = 0.05) {
        self.background = background
        self.flatteningTolerance = flatteningTolerance
    }

    /// A new `width` × `height` bitmap of `root` at root time `rootTime`.
    ///
    /// - Throws: ``RenderingError/invalidSize(width:height:)`` for a size Cairo cannot draw,
    ///   ``RenderingError/drawingFailed(reason:)`` if Cairo cannot set up.
    public func render(_ root: Layer, atRootTime rootTime: Double, width: Int, height: Int)
        throws(RenderingError)
        -> Bitmap
    {
        var bitmap = try Bitmap(width: width, height: height)
        try render(root, atRootTime: rootTime, into: &bitmap)
        return bitmap
    }

    /// Draws `root` at root time `rootTime` into `bitmap`, replacing its contents (its memory is
    /// reused).
    ///
    /// - Throws: ``RenderingError/drawingFailed(reason:)`` if Cairo cannot set up.
    public func render(_ root: Layer, atRootTime rootTime: Double, into bitmap: inout Bitmap)
        throws(RenderingError)
    {
        let width = bitmap.width
        let height = bitmap.height
        var failure: RenderingError?
        bitmap.pixels.withUnsafeMutableBytes { bytes in
            guard let memory = bytes.baseAddress else {
                failure = .invalidSize(width: width, height: height)
                return
            }
            do throws(RenderingError) {
                try draw(
                    root, atRootTime: rootTime, memory: memory, width: width, height: height,
                    bytesPerRow: width * 4, hasAlpha: true)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Draws `root` at root time `rootTime` into caller-owned XRGB8888 memory (32 bits per pixel,
    /// native byte order, the top byte unused: Cairo's `CAIRO_FORMAT_RGB24`, DRM's
    /// `DRM_FORMAT_XRGB8888` on little-endian machines), such as a mapped KMS dumb buffer. The
    /// background is painted first; a transparent background shows as black.
    ///
    /// - Parameters:
    ///   - root: the layer tree's root.
    ///   - rootTime: the root's time, at which every layer's animations are evaluated.
    ///   - memory: the first byte of the top row; `height · bytesPerRow` bytes must be writable.
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels.
    ///   - bytesPerRow: the distance between rows (a dumb buffer's pitch): at least `4 · width` and
    ///     a multiple of 4.
    /// - Throws: ``RenderingError/invalidBufferLayout(width:height:bytesPerRow:)`` for an impossible
    ///   layout, ``RenderingError/drawingFailed(reason:)`` if Cairo cannot set up.
    public func render(
        _ root: Layer, atRootTime rootTime: Double, intoXRGB8888 memory: UnsafeMutableRawPointer, width: Int,
        height: Int, bytesPerRow: Int
    ) throws(RenderingError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
            bytesPerRow >= Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width))),
            bytesPerRow % 4 == 0, bytesPerRow <= Int(Int32.max)
        else { throw .invalidBufferLayout(width: width, height: height, bytesPerRow: bytesPerRow) }
        try draw(
            root, atRootTime: rootTime, memory: memory, width: width, height: height,
            bytesPerRow: bytesPerRow,
            hasAlpha: false)
    }

    private func draw(
        _ root: Layer, atRootTime rootTime: Double, memory: UnsafeMutableRawPointer, width: Int, height: Int,
        bytesPerRow: Int, hasAlpha: Bool
    ) throws(RenderingError) {
        let canvas = try CairoCanvas(
            memory: memory, width: width, height: height, bytesPerRow: bytesPerRow, hasAlpha: hasAlpha)
        canvas.clear(to: background)
        let drawing = CairoLayerDrawing(
            context: canvas.context,
            flatteningTolerance: flatteningTolerance > 0 && flatteningTolerance.isFinite
                ? flatteningTolerance : 0.05)
        drawing.draw(root, parentTime: rootTime)
        canvas.flush()
    }
}
