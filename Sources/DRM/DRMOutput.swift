/// A connected connector and a CRTC that can drive it: what a modeset needs.
public struct DRMOutput: Hashable, Sendable, CustomStringConvertible {
    /// The connected connector, with its modes.
    public var connector: DRMConnector
    /// A CRTC that can drive it: the one driving it now when there is one.
    public var crtc: DRMCRTC

    /// Creates an output record.
    public init(connector: DRMConnector, crtc: DRMCRTC) {
        self.connector = connector
        self.crtc = crtc
    }

    /// The connector's preferred mode (the first listed when none is marked).
    public var preferredMode: DRMMode? { connector.preferredMode }

    /// `"connector 36 → CRTC 35 (pipe 0): off"`.
    public var description: String { "connector \(connector.id) → \(crtc)" }
}

extension DRMDevice {
    /// The connected connectors that offer modes, each with a CRTC that can drive it (the CRTC its
    /// encoder drives now, else the first its encoders allow). Writeback and disconnected
    /// connectors are left out.
    public func connectedOutputs() throws(DRMError) -> [DRMOutput] {
        let resources = try resources()
        let crtcs = try crtcs()
        var outputs: [DRMOutput] = []
        for id in resources.connectorIDs {
            let connector = try connector(id: id)
            guard connector.connection == .connected, !connector.modes.isEmpty else { continue }
            var chosen: DRMCRTC?
            if connector.encoderID != 0, let encoder = try? encoder(id: connector.encoderID),
                encoder.crtcID != 0
            {
                chosen = crtcs.first { $0.id == encoder.crtcID }
            }
            if chosen == nil {
                for encoderID in connector.possibleEncoderIDs {
                    guard let encoder = try? encoder(id: encoderID) else { continue }
                    chosen = crtcs.first { encoder.possibleCRTCs & (1 << UInt32($0.index)) != 0 }
                    if chosen != nil { break }
                }
            }
            if let chosen { outputs.append(DRMOutput(connector: connector, crtc: chosen)) }
        }
        return outputs
    }
}
