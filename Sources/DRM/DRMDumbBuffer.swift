/// A dumb buffer: a linear, CPU-mappable scan-out buffer (DRM_IOCTL_MODE_CREATE_DUMB).
///
/// A value only describes the buffer; ``DRMDevice/destroyDumbBuffer(_:)`` frees it, and closing
/// the device frees every buffer it made.
public struct DRMDumbBuffer: Hashable, Sendable {
    /// The buffer's GEM handle on the device that made it.
    public var handle: UInt32
    /// Width in pixels.
    public var width: UInt32
    /// Height in pixels.
    public var height: UInt32
    /// Bits per pixel (32 for XRGB8888).
    public var bitsPerPixel: UInt32
    /// Bytes per row.
    public var pitch: UInt32
    /// Size in bytes.
    public var size: UInt64

    /// Creates a description of a dumb buffer.
    public init(
        handle: UInt32, width: UInt32, height: UInt32, bitsPerPixel: UInt32, pitch: UInt32, size: UInt64
    ) {
        self.handle = handle
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.pitch = pitch
        self.size = size
    }
}
