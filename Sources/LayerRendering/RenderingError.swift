/// Why an image could not be rendered, read or written. Its ``description`` (and
/// `localizedDescription`) is a sentence that says what was wrong and what to do.
public enum RenderingError: Error, Sendable, Hashable {
    /// The image size is not positive or too large for the pixel format.
    case invalidSize(width: Int, height: Int)
    /// A caller's pixel buffer cannot hold `height` rows of `width` pixels at `bytesPerRow` (too
    /// short a row, a row length that is not a multiple of 4 bytes, or too small a buffer).
    case invalidBufferLayout(width: Int, height: Int, bytesPerRow: Int)
    /// Writing a PNG file at `path` failed; `reason` says why ("the folder /x does not exist", "the
    /// folder /x is not writable", or Cairo's description when the file system shows nothing).
    case cannotWritePNG(path: String, reason: String)
    /// Reading a PNG file at `path` failed; `reason` says why ("the file does not exist", "it is not
    /// a PNG image (…)", …).
    case cannotReadPNG(path: String, reason: String)
    /// Cairo could not set up a drawing surface; `reason` is Cairo's description.
    case drawingFailed(reason: String)
}
