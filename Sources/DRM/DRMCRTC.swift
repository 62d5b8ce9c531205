/// A CRTC (scan-out engine) and its current state (drmModeGetCrtc).
public struct DRMCRTC: Hashable, Sendable, CustomStringConvertible {
    /// The CRTC's object id, for example 38.
    public var id: UInt32
    /// The CRTC's index in ``DRMResources/crtcIDs``: the "pipe" that drmWaitVBlank names.
    public var index: Int
    /// The framebuffer it scans out (0: none).
    public var framebufferID: UInt32
    /// Scan-out position in the framebuffer.
    public var x: UInt32
    /// Scan-out position in the framebuffer.
    public var y: UInt32
    /// The current mode, or `nil` when the CRTC is off.
    public var mode: DRMMode?

    /// Creates a CRTC record.
    public init(id: UInt32, index: Int, framebufferID: UInt32, x: UInt32, y: UInt32, mode: DRMMode?) {
        self.id = id
        self.index = index
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
    }

    /// Whether the CRTC is lit: it has a valid mode, so vblanks happen.
    public var isLit: Bool { mode != nil }

    /// `"CRTC 38 (pipe 0): 1024x768 60.0038 Hz (...)"` or `"CRTC 38 (pipe 0): off"`.
    public var description: String {
        "CRTC \(id) (pipe \(index)): " + (mode.map { "\($0)" } ?? "off")
    }
}
