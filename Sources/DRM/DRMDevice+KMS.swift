internal import CDRM
internal import CDRMShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension DRMDevice {
    /// Creates a dumb buffer (drmModeCreateDumbBuffer).
    public func createDumbBuffer(width: UInt32, height: UInt32, bitsPerPixel: UInt32 = 32) throws(DRMError)
        -> DRMDumbBuffer
    {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        try perform("drmModeCreateDumbBuffer", detail: "\(width)x\(height)x\(bitsPerPixel)") {
            drmModeCreateDumbBuffer($0, width, height, bitsPerPixel, 0, &handle, &pitch, &size)
        }
        return DRMDumbBuffer(
            handle: handle, width: width, height: height, bitsPerPixel: bitsPerPixel, pitch: pitch, size: size
        )
    }

    /// Maps a dumb buffer into memory (drmModeMapDumbBuffer, then mmap).
    public func mapDumbBuffer(_ buffer: DRMDumbBuffer) throws(DRMError) -> DRMMappedBuffer {
        var offset: UInt64 = 0
        try perform("drmModeMapDumbBuffer", detail: "handle \(buffer.handle)") {
            drmModeMapDumbBuffer($0, buffer.handle, &offset)
        }
        let length = Int(buffer.size)
        let address = try performReturningPointer("mmap", detail: "handle \(buffer.handle)") { fd in
            let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
            return mapped == MAP_FAILED ? nil : mapped
        }
        return DRMMappedBuffer(
            buffer: buffer, memory: UnsafeMutableRawBufferPointer(start: address, count: length))
    }

    /// Frees a dumb buffer (drmModeDestroyDumbBuffer).
    public func destroyDumbBuffer(_ buffer: DRMDumbBuffer) throws(DRMError) {
        try perform("drmModeDestroyDumbBuffer", detail: "handle \(buffer.handle)") {
            drmModeDestroyDumbBuffer($0, buffer.handle)
        }
    }

    /// Makes a framebuffer of a dumb buffer (drmModeAddFB; depth 24 for XRGB8888) and returns its id.
    public func addFramebuffer(_ buffer: DRMDumbBuffer, depth: UInt8 = 24) throws(DRMError) -> UInt32 {
        var id: UInt32 = 0
        try perform("drmModeAddFB", detail: "handle \(buffer.handle)") {
            drmModeAddFB(
                $0, buffer.width, buffer.height, depth, UInt8(clamping: buffer.bitsPerPixel), buffer.pitch,
                buffer.handle, &id)
        }
        return id
    }

    /// Removes a framebuffer (drmModeRmFB). A CRTC scanning it out is turned off.
    public func removeFramebuffer(_ id: UInt32) throws(DRMError) {
        try perform("drmModeRmFB", detail: "fb \(id)") { drmModeRmFB($0, id) }
    }

    /// Sets a mode (drmModeSetCrtc): the CRTC scans out `framebuffer` at (`x`, `y`) to `connectors`
    /// in `mode`. Needs DRM master (`EACCES` otherwise).
    public func setCRTC(
        _ crtcID: UInt32, framebuffer: UInt32, x: UInt32 = 0, y: UInt32 = 0, connectors: [UInt32],
        mode: DRMMode
    ) throws(DRMError) {
        var info = mode.modeInfo
        var ids = connectors
        try perform("drmModeSetCrtc", detail: "crtc \(crtcID), \(mode.name)") { fd in
            ids.withUnsafeMutableBufferPointer { list in
                drmModeSetCrtc(fd, crtcID, framebuffer, x, y, list.baseAddress, Int32(list.count), &info)
            }
        }
    }

    /// Turns the CRTC off (drmModeSetCrtc with no framebuffer and no mode): its vblanks stop and
    /// pending vblank events are delivered at once. Needs DRM master.
    public func disableCRTC(_ crtcID: UInt32) throws(DRMError) {
        try perform("drmModeSetCrtc", detail: "crtc \(crtcID), off") { fc_drm_crtc_off($0, crtcID) }
    }

    /// Schedules a flip to `framebuffer` at the next vblank (drmModePageFlip with
    /// DRM_MODE_PAGE_FLIP_EVENT); a ``DRMEvent/flipComplete(_:)`` event carrying `userData`
    /// follows. `EBUSY` when the CRTC is off or a flip is still pending.
    public func pageFlip(crtc crtcID: UInt32, framebuffer: UInt32, userData: UInt64 = 0) throws(DRMError) {
        let cookie = UnsafeMutableRawPointer(bitPattern: UInt(userData))
        try perform("drmModePageFlip", detail: "crtc \(crtcID), fb \(framebuffer)") {
            drmModePageFlip($0, crtcID, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), cookie)
        }
    }
}
