import DRM
import SystemPackage

/// The CRTC measured: the first lit one, or card0's first CRTC lit with its connector's preferred
/// mode on a dumb buffer (the vkms guest boots without fbdev emulation, so nothing is lit).
struct Display {
    let path: String
    let crtc: DRMCRTC
    /// The master descriptor and framebuffer that keep a CRTC lit that this tool lit.
    private let owner: (device: DRMDevice, framebuffer: UInt32, buffer: DRMDumbBuffer)?

    static func prepare(path: String?, light: Bool) throws -> Display {
        if let display = try? DRMDisplay.open(path: path) {
            let found = Display(path: display.device.path, crtc: display.crtc, owner: nil)
            display.device.close()
            return found
        }
        let path = path ?? "/dev/dri/card0"
        guard light else {
            throw DRMError(call: "vblank-latency: no lit CRTC", errno: .invalidArgument, detail: path)
        }
        let device = try DRMDevice(path: path)
        if !device.isMaster { try device.setMaster() }
        guard let output = try device.connectedOutputs().first, let mode = output.preferredMode else {
            throw DRMError(
                call: "vblank-latency: no connected output", errno: .operationNotSupportedByDevice,
                detail: path)
        }
        let crtcID = output.crtc.id
        let connector = output.connector
        let buffer = try device.createDumbBuffer(width: UInt32(mode.hdisplay), height: UInt32(mode.vdisplay))
        let framebuffer = try device.addFramebuffer(buffer)
        try device.setCRTC(crtcID, framebuffer: framebuffer, connectors: [connector.id], mode: mode)
        // Let go of master so that the link and the C loop are ordinary clients, as an app would be.
        try? device.dropMaster()
        return Display(path: path, crtc: try device.crtc(id: crtcID), owner: (device, framebuffer, buffer))
    }

    func release() {
        guard let owner else { return }
        try? owner.device.setMaster()
        try? owner.device.removeFramebuffer(owner.framebuffer)
        try? owner.device.destroyDumbBuffer(owner.buffer)
        owner.device.close()
    }
}
