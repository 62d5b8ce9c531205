import DRM
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The vkms device as the tests drive it: a master descriptor on /dev/dri/card0, its CRTC and
/// virtual connector, and a dumb buffer to scan out, so that a test can light the CRTC at any
/// rate or turn it off.
final class VKMSFixture {
    static let path = "/dev/dri/card0"

    let device: DRMDevice
    let crtcID: UInt32
    let crtcIndex: Int
    let connectorID: UInt32
    let baseMode: DRMMode
    let buffer: DRMDumbBuffer
    let framebufferID: UInt32

    init() throws {
        device = try DRMDevice(path: Self.path)
        if !device.isMaster { try device.setMaster() }
        let resources = try device.resources()
        guard let crtcID = resources.crtcIDs.first else {
            throw DRMError(call: "fixture", errno: Errno(rawValue: ENODEV))
        }
        self.crtcID = crtcID
        crtcIndex = 0
        // vkms's virtual connector is connected and offers 1024x768@60 as its preferred mode; the
        // writeback connector has no modes.
        let connector = try device.connectors().first { $0.connection == .connected && !$0.modes.isEmpty }
        guard let connector,
            let mode = connector.modes.first(where: { $0.hdisplay == 1024 && $0.vdisplay == 768 })
        else { throw DRMError(call: "fixture: no 1024x768 connector", errno: Errno(rawValue: ENODEV)) }
        connectorID = connector.id
        baseMode = mode
        buffer = try device.createDumbBuffer(width: 1024, height: 768)
        let mapping = try device.mapDumbBuffer(buffer)
        mapping.fill(0x0020_4080)
        mapping.unmap()
        framebufferID = try device.addFramebuffer(buffer)
    }

    /// Lights the CRTC in the default mode, or in the default mode scaled to `hertz`.
    @discardableResult
    func light(hertz: Int? = nil) throws -> DRMMode {
        let mode = hertz.map { baseMode.withRefreshRate($0) } ?? baseMode
        try device.setCRTC(crtcID, framebuffer: framebufferID, connectors: [connectorID], mode: mode)
        return mode
    }

    /// Turns the CRTC off.
    func turnOff() throws {
        try device.disableCRTC(crtcID)
    }

    deinit {
        try? device.removeFramebuffer(framebufferID)
        try? device.destroyDumbBuffer(buffer)
        device.close()
    }
}

/// Waits for the descriptor to be readable, for at most `milliseconds`.
func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
        let result = poll(&entry, 1, milliseconds)
        if result < 0 && errno == EINTR { continue }
        return result > 0
    }
}

/// Reads CLOCK_MONOTONIC in nanoseconds.
func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
