/// A `wl_shm` pixel format this module draws in (32 bits per pixel, little-endian words).
public enum WaylandPixelFormat: UInt32, Sendable, Hashable, CaseIterable {
    /// 32-bit ARGB, premultiplied alpha (`WL_SHM_FORMAT_ARGB8888`, 0).
    case argb8888 = 0
    /// 32-bit RGB, the top byte ignored (`WL_SHM_FORMAT_XRGB8888`, 1).
    case xrgb8888 = 1

    /// Bytes per pixel.
    public var bytesPerPixel: Int { 4 }
}

/// The pixels of the buffer a window draws its next frame into.
///
/// Valid only inside the closure given to ``WaylandWindow/draw(waitingUpTo:_:)``: the memory belongs
/// to the window and is shared with the compositor once committed.
public struct WaylandPixels {
    /// The first byte of the first row.
    public let baseAddress: UnsafeMutableRawPointer
    /// Bytes from the start of one row to the start of the next.
    public let stride: Int
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel format.
    public let format: WaylandPixelFormat
    /// Which of the window's buffers this is, from 0 to ``WaylandWindow/bufferCount`` − 1.
    public let bufferIndex: Int

    /// Sets every pixel to `value` (for example `0xFF20_4080` for an opaque colour in either format).
    public func fill(_ value: UInt32) {
        for row in 0..<height {
            let start = (baseAddress + row * stride).bindMemory(to: UInt32.self, capacity: width)
            start.update(repeating: value, count: width)
        }
    }
}

/// A rectangle in buffer pixels (damage).
public struct WaylandRect: Sendable, Hashable {
    /// Left edge.
    public var x: Int32
    /// Top edge.
    public var y: Int32
    /// Width.
    public var width: Int32
    /// Height.
    public var height: Int32

    /// A rectangle at (`x`, `y`) of `width` × `height` pixels.
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
