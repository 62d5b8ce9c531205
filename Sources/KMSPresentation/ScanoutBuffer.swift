import DRM

/// One scan-out buffer of the KMS output: an XRGB8888 dumb buffer, its framebuffer and its mapping.
///
/// Not `Sendable`: the mapped memory is drawn into by one thread at a time.
final class ScanoutBuffer {
    /// The dumb buffer.
    let buffer: DRMDumbBuffer
    /// The framebuffer made of it, as a CRTC or page flip names it.
    let framebufferID: UInt32
    /// Its pixels.
    let mapping: DRMMappedBuffer

    /// Creates a `width` × `height` dumb buffer on `device`, maps it and makes a framebuffer of it;
    /// what was made is undone when a later step fails.
    init(device: DRMDevice, width: Int, height: Int) throws(DRMError) {
        let buffer = try device.createDumbBuffer(width: UInt32(width), height: UInt32(height))
        let mapping: DRMMappedBuffer
        do {
            mapping = try device.mapDumbBuffer(buffer)
        } catch {
            try? device.destroyDumbBuffer(buffer)
            throw error
        }
        do {
            framebufferID = try device.addFramebuffer(buffer)
        } catch {
            mapping.unmap()
            try? device.destroyDumbBuffer(buffer)
            throw error
        }
        self.buffer = buffer
        self.mapping = mapping
    }

    /// Bytes per row.
    var pitch: Int { Int(buffer.pitch) }

    /// The address of pixel (`x`, `y`); `nil` once unmapped or outside the buffer.
    func address(x: Int, y: Int) -> UnsafeMutableRawPointer? {
        guard x >= 0, y >= 0, x < Int(buffer.width), y < Int(buffer.height),
            let base = mapping.bytes.baseAddress
        else { return nil }
        return base + y * pitch + x * 4
    }

    /// The XRGB8888 value of pixel (`x`, `y`); `nil` once unmapped or outside the buffer.
    func pixel(x: Int, y: Int) -> UInt32? {
        address(x: x, y: y)?.loadUnaligned(as: UInt32.self)
    }

    /// Removes the framebuffer, unmaps and frees the buffer. Errors are ignored: the device frees
    /// whatever is left when it closes.
    func release(on device: DRMDevice) {
        try? device.removeFramebuffer(framebufferID)
        mapping.unmap()
        try? device.destroyDumbBuffer(buffer)
    }
}
