/// Pixels of a scan-out buffer a frame is drawn into — the whole buffer, or a ``region(x:y:width:height:)``
/// of it: XRGB8888, 32 bits each, rows `bytesPerRow` apart (the buffer's pitch, wider than
/// `width × 4` when the pixels are a part of it).
public struct KMSPixels {
    /// The top-left pixel.
    public let base: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int

    /// Pixels at `base` (the presenter's back buffers; tests' own memory).
    package init(base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.base = base
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// The `width` × `height` rectangle whose top-left pixel is (`x`, `y`), at the same pitch; `nil`
    /// when it is empty or not wholly inside these pixels.
    public func region(x: Int, y: Int, width: Int, height: Int) -> KMSPixels? {
        guard x >= 0, y >= 0, width > 0, height > 0, x <= self.width - width, y <= self.height - height else {
            return nil
        }
        return KMSPixels(
            base: base + y * bytesPerRow + x * 4, width: width, height: height, bytesPerRow: bytesPerRow)
    }
}
