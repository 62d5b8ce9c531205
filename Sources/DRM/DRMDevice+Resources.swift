internal import CDRM

extension DRMDevice {
    /// The device's CRTCs, connectors, encoders and framebuffers (drmModeGetResources).
    public func resources() throws(DRMError) -> DRMResources {
        let res = try performReturningPointer("drmModeGetResources") { drmModeGetResources($0) }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        return DRMResources(
            framebufferIDs: Self.ids(r.fbs, r.count_fbs), crtcIDs: Self.ids(r.crtcs, r.count_crtcs),
            connectorIDs: Self.ids(r.connectors, r.count_connectors),
            encoderIDs: Self.ids(r.encoders, r.count_encoders), minWidth: r.min_width,
            maxWidth: r.max_width, minHeight: r.min_height, maxHeight: r.max_height)
    }

    /// The state of the CRTC with `id` (drmModeGetCrtc). `index` is filled from the resources.
    public func crtc(id: UInt32) throws(DRMError) -> DRMCRTC {
        let index = try resources().crtcIDs.firstIndex(of: id)
        guard let index else {
            throw DRMError(call: "drmModeGetCrtc", errno: .noSuchFileOrDirectory, detail: "crtc \(id)")
        }
        return try crtc(id: id, index: index)
    }

    /// Every CRTC of the device, in index order.
    public func crtcs() throws(DRMError) -> [DRMCRTC] {
        var result: [DRMCRTC] = []
        for (index, id) in try resources().crtcIDs.enumerated() {
            result.append(try crtc(id: id, index: index))
        }
        return result
    }

    func crtc(id: UInt32, index: Int) throws(DRMError) -> DRMCRTC {
        let crtc = try performReturningPointer("drmModeGetCrtc", detail: "crtc \(id)") {
            drmModeGetCrtc($0, id)
        }
        defer { drmModeFreeCrtc(crtc) }
        let c = crtc.pointee
        return DRMCRTC(
            id: c.crtc_id, index: index, framebufferID: c.buffer_id, x: c.x, y: c.y,
            mode: c.mode_valid != 0 ? DRMMode(c.mode) : nil)
    }

    /// The connector with `id` and its modes (drmModeGetConnector, which probes the output).
    public func connector(id: UInt32) throws(DRMError) -> DRMConnector {
        let connector = try performReturningPointer("drmModeGetConnector", detail: "connector \(id)") {
            drmModeGetConnector($0, id)
        }
        defer { drmModeFreeConnector(connector) }
        let c = connector.pointee
        let connection: DRMConnector.Connection =
            switch c.connection {
            case DRM_MODE_CONNECTED: .connected
            case DRM_MODE_DISCONNECTED: .disconnected
            default: .unknown
            }
        var modes: [DRMMode] = []
        if let list = c.modes {
            for i in 0..<Int(max(c.count_modes, 0)) { modes.append(DRMMode(list[i])) }
        }
        return DRMConnector(
            id: c.connector_id, type: c.connector_type, typeIndex: c.connector_type_id,
            connection: connection, encoderID: c.encoder_id,
            possibleEncoderIDs: Self.ids(c.encoders, c.count_encoders), modes: modes,
            widthMillimetres: c.mmWidth, heightMillimetres: c.mmHeight)
    }

    /// Every connector of the device.
    public func connectors() throws(DRMError) -> [DRMConnector] {
        var result: [DRMConnector] = []
        for id in try resources().connectorIDs { result.append(try connector(id: id)) }
        return result
    }

    /// The encoder with `id` (drmModeGetEncoder).
    public func encoder(id: UInt32) throws(DRMError) -> DRMEncoder {
        let encoder = try performReturningPointer("drmModeGetEncoder", detail: "encoder \(id)") {
            drmModeGetEncoder($0, id)
        }
        defer { drmModeFreeEncoder(encoder) }
        let e = encoder.pointee
        return DRMEncoder(
            id: e.encoder_id, type: e.encoder_type, crtcID: e.crtc_id, possibleCRTCs: e.possible_crtcs)
    }

    /// The first lit CRTC, if any.
    public func firstLitCRTC() throws(DRMError) -> DRMCRTC? {
        try crtcs().first(where: \.isLit)
    }

    static func ids(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Int32) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }
}
