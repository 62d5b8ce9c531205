/// Why an image could not be rendered, read or written.
public enum RenderingError: Error, Sendable, Hashable {
    /// The image size is not positive or too large for the pixel format.
    case invalidSize(width: Int, height: Int)
    /// A caller's pixel buffer cannot hold `height` rows of `width` pixels at `bytesPerRow` (too
    /// short a row, a row length that is not a multiple of 4 bytes, or too small a buffer).
    case invalidBufferLayout(width: Int, height: Int, bytesPerRow: Int)
    /// Writing a PNG file at `path` failed (for instance, the directory does not exist or is not
    /// writable); `reason` is Cairo's description.
    case cannotWritePNG(path: String, reason: String)
    /// Reading a PNG file at `path` failed (missing, unreadable, or not a PNG); `reason` is Cairo's
    /// description.
    case cannotReadPNG(path: String, reason: String)
    /// Cairo could not set up a drawing surface; `reason` is Cairo's description.
    case drawingFailed(reason: String)
}
