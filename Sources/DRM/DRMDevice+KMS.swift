internal import CDRM
internal import CDRMShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension DRMDevice {
    /// Creates a dumb buffer (drmModeCreateDumbBuffer).
    public func createDumbBuffer(width: UInt32, height: UInt32, bitsPerPixel: UInt32 = 32) throws(DRMError)
        -> DRMDumbBuffer
    {
        let fd = try openDescriptor(for: "drmModeCreateDumbBuffer")
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        try Self.check(
            drmModeCreateDumbBuffer(fd, width, height, bitsPerPixel, 0, &handle, &pitch, &size),
            "drmModeCreateDumbBuffer", "\(width)x\(height)x\(bitsPerPixel)")
        return DRMDumbBuffer(
            handle: handle, width: width, height: height, bitsPerPixel: bitsPerPixel, pitch: pitch, size: size
        )
    }

    /// Maps a dumb buffer into memory (drmModeMapDumbBuffer, then mmap).
    public func mapDumbBuffer(_ buffer: DRMDumbBuffer) throws(DRMError) -> DRMMappedBuffer {
        let fd = try openDescriptor(for: "drmModeMapDumbBuffer")
        var offset: UInt64 = 0
        try Self.check(
            drmModeMapDumbBuffer(fd, buffer.handle, &offset), "drmModeMapDumbBuffer",
            "handle \(buffer.handle)")
        let length = Int(buffer.size)
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)),
            address != MAP_FAILED
        else {
            throw DRMError(call: "mmap", errno: Glibc.errno, detail: "handle \(buffer.handle)")
        }
        return DRMMappedBuffer(
            buffer: buffer, memory: UnsafeMutableRawBufferPointer(start: address, count: length))
    }

    /// Frees a dumb buffer (drmModeDestroyDumbBuffer).
    public func destroyDumbBuffer(_ buffer: DRMDumbBuffer) throws(DRMError) {
        let fd = try openDescriptor(for: "drmModeDestroyDumbBuffer")
        try Self.check(
            drmModeDestroyDumbBuffer(fd, buffer.handle), "drmModeDestroyDumbBuffer", "handle \(buffer.handle)"
        )
    }

    /// Makes a framebuffer of a dumb buffer (drmModeAddFB; depth 24 for XRGB8888) and returns its id.
    public func addFramebuffer(_ buffer: DRMDumbBuffer, depth: UInt8 = 24) throws(DRMError) -> UInt32 {
        let fd = try openDescriptor(for: "drmModeAddFB")
        var id: UInt32 = 0
        try Self.check(
            drmModeAddFB(
                fd, buffer.width, buffer.height, depth, UInt8(clamping: buffer.bitsPerPixel), buffer.pitch,
                buffer.handle, &id),
            "drmModeAddFB", "handle \(buffer.handle)")
        return id
    }

    /// Removes a framebuffer (drmModeRmFB). A CRTC scanning it out is turned off.
    public func removeFramebuffer(_ id: UInt32) throws(DRMError) {
        let fd = try openDescriptor(for: "drmModeRmFB")
        try Self.check(drmModeRmFB(fd, id), "drmModeRmFB", "fb \(id)")
    }

    /// Sets a mode (drmModeSetCrtc): the CRTC scans out `framebuffer` at (`x`, `y`) to `connectors`
    /// in `mode`. Needs DRM master (`EACCES` otherwise).
    public func setCRTC(
        _ crtcID: UInt32, framebuffer: UInt32, x: UInt32 = 0, y: UInt32 = 0, connectors: [UInt32],
        mode: DRMMode
    ) throws(DRMError) {
        let fd = try openDescriptor(for: "drmModeSetCrtc")
        var info = mode.modeInfo
        var ids = connectors
        let result = ids.withUnsafeMutableBufferPointer { list in
            drmModeSetCrtc(fd, crtcID, framebuffer, x, y, list.baseAddress, Int32(list.count), &info)
        }
        try Self.check(result, "drmModeSetCrtc", "crtc \(crtcID), \(mode.name)")
    }

    /// Turns the CRTC off (drmModeSetCrtc with no framebuffer and no mode): its vblanks stop and
    /// pending vblank events are delivered at once. Needs DRM master.
    public func disableCRTC(_ crtcID: UInt32) throws(DRMError) {
        let fd = try openDescriptor(for: "drmModeSetCrtc")
        try Self.check(fc_drm_crtc_off(fd, crtcID), "drmModeSetCrtc", "crtc \(crtcID), off")
    }

    /// Schedules a flip to `framebuffer` at the next vblank (drmModePageFlip with
    /// DRM_MODE_PAGE_FLIP_EVENT); a ``DRMEvent/flipComplete(_:)`` event carrying `userData`
    /// follows. `EBUSY` when the CRTC is off or a flip is still pending.
    public func pageFlip(crtc crtcID: UInt32, framebuffer: UInt32, userData: UInt64 = 0) throws(DRMError) {
        let fd = try openDescriptor(for: "drmModePageFlip")
        let cookie = UnsafeMutableRawPointer(bitPattern: UInt(userData))
        try Self.check(
            drmModePageFlip(fd, crtcID, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), cookie),
            "drmModePageFlip", "crtc \(crtcID), fb \(framebuffer)")
    }

    /// Turns a libdrm mode-setting result (0, or -errno, or -1 with errno) into a thrown error.
    static func check(_ result: Int32, _ call: String, _ detail: String) throws(DRMError) {
        guard result != 0 else { return }
        let code = result < -1 ? -result : lastErrno()
        throw DRMError(call: call, errno: code, detail: detail)
    }
}
