/// The part of a scan-out buffer a frame is drawn into: XRGB8888 pixels, 32 bits each, rows
/// `bytesPerRow` apart (the buffer's pitch, wider than `width × 4` when the region is a part of it).
public struct KMSPixels {
    /// The top-left pixel.
    public let base: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
}
