/// A connector (an output such as a virtual, HDMI or writeback port) and its modes.
public struct DRMConnector: Hashable, Sendable {
    /// Whether a display is attached.
    public enum Connection: Hashable, Sendable {
        /// A display is attached.
        case connected
        /// Nothing is attached.
        case disconnected
        /// The driver cannot tell.
        case unknown
    }

    /// The connector's object id.
    public var id: UInt32
    /// DRM_MODE_CONNECTOR_* type (for example 15 for virtual, 18 for writeback).
    public var type: UInt32
    /// Number among connectors of the same type.
    public var typeIndex: UInt32
    /// Whether a display is attached.
    public var connection: Connection
    /// The encoder currently driving it (0: none).
    public var encoderID: UInt32
    /// Encoders that can drive it.
    public var possibleEncoderIDs: [UInt32]
    /// The modes it offers, preferred first as the driver lists them.
    public var modes: [DRMMode]
    /// Physical size in millimetres.
    public var widthMillimetres: UInt32
    /// Physical size in millimetres.
    public var heightMillimetres: UInt32

    /// Creates a connector record.
    public init(
        id: UInt32, type: UInt32, typeIndex: UInt32, connection: Connection, encoderID: UInt32,
        possibleEncoderIDs: [UInt32], modes: [DRMMode], widthMillimetres: UInt32, heightMillimetres: UInt32
    ) {
        self.id = id
        self.type = type
        self.typeIndex = typeIndex
        self.connection = connection
        self.encoderID = encoderID
        self.possibleEncoderIDs = possibleEncoderIDs
        self.modes = modes
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }

    /// The preferred mode, else the first listed one.
    public var preferredMode: DRMMode? { modes.first(where: \.isPreferred) ?? modes.first }
}
