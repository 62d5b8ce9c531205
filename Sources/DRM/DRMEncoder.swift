/// An encoder: what routes a CRTC to a connector.
public struct DRMEncoder: Hashable, Sendable {
    /// The encoder's object id.
    public var id: UInt32
    /// DRM_MODE_ENCODER_* type.
    public var type: UInt32
    /// The CRTC it is attached to (0: none).
    public var crtcID: UInt32
    /// Bit i set: the CRTC at index i can drive it.
    public var possibleCRTCs: UInt32

    /// Creates an encoder record.
    public init(id: UInt32, type: UInt32, crtcID: UInt32, possibleCRTCs: UInt32) {
        self.id = id
        self.type = type
        self.crtcID = crtcID
        self.possibleCRTCs = possibleCRTCs
    }
}
