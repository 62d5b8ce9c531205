/// The mode-setting objects of a device (drmModeGetResources).
public struct DRMResources: Hashable, Sendable {
    /// Framebuffer ids.
    public var framebufferIDs: [UInt32]
    /// CRTC ids; a CRTC's index here is its "pipe" for drmWaitVBlank.
    public var crtcIDs: [UInt32]
    /// Connector ids.
    public var connectorIDs: [UInt32]
    /// Encoder ids.
    public var encoderIDs: [UInt32]
    /// Smallest framebuffer width.
    public var minWidth: UInt32
    /// Largest framebuffer width.
    public var maxWidth: UInt32
    /// Smallest framebuffer height.
    public var minHeight: UInt32
    /// Largest framebuffer height.
    public var maxHeight: UInt32

    /// Creates a resources record.
    public init(
        framebufferIDs: [UInt32], crtcIDs: [UInt32], connectorIDs: [UInt32], encoderIDs: [UInt32],
        minWidth: UInt32, maxWidth: UInt32, minHeight: UInt32, maxHeight: UInt32
    ) {
        self.framebufferIDs = framebufferIDs
        self.crtcIDs = crtcIDs
        self.connectorIDs = connectorIDs
        self.encoderIDs = encoderIDs
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }
}
