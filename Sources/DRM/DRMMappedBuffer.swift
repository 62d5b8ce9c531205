#if canImport(Glibc)
    import Glibc
#endif

/// A dumb buffer mapped into memory: its pixels, row by row (``DRMDumbBuffer/pitch`` bytes
/// apart). Unmapped by ``unmap()`` or when the object goes away.
///
/// Not `Sendable`: the memory is shared and unsynchronised; draw into it from one thread.
public final class DRMMappedBuffer {
    /// The buffer mapped.
    public let buffer: DRMDumbBuffer
    private var memory: UnsafeMutableRawBufferPointer?

    init(buffer: DRMDumbBuffer, memory: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
        self.memory = memory
    }

    deinit { unmap() }

    /// The mapped bytes; empty after ``unmap()``.
    public var bytes: UnsafeMutableRawBufferPointer {
        memory ?? UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    /// Fills every pixel of a 32-bit buffer with `pixel` (for XRGB8888: 0x00RRGGBB).
    public func fill(_ pixel: UInt32) {
        guard buffer.bitsPerPixel == 32, let base = memory?.baseAddress else { return }
        let words = Int(buffer.size) / 4
        base.bindMemory(to: UInt32.self, capacity: words).update(repeating: pixel, count: words)
    }

    /// Unmaps the memory. Idempotent.
    public func unmap() {
        if let memory, let base = memory.baseAddress { _ = munmap(base, memory.count) }
        memory = nil
    }
}
