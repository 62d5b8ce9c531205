internal import CDRM

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension DRMDevice {
    /// The device's CRTCs, connectors, encoders and framebuffers (drmModeGetResources).
    public func resources() throws(DRMError) -> DRMResources {
        let fd = try openDescriptor(for: "drmModeGetResources")
        Glibc.errno = 0
        guard let res = drmModeGetResources(fd) else {
            throw DRMError(call: "drmModeGetResources", errno: Self.lastErrno(), detail: path)
        }
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
            throw DRMError(call: "drmModeGetCrtc", errno: ENOENT, detail: "crtc \(id)")
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
        let fd = try openDescriptor(for: "drmModeGetCrtc")
        Glibc.errno = 0
        guard let crtc = drmModeGetCrtc(fd, id) else {
            throw DRMError(call: "drmModeGetCrtc", errno: Self.lastErrno(), detail: "crtc \(id)")
        }
        defer { drmModeFreeCrtc(crtc) }
        let c = crtc.pointee
        return DRMCRTC(
            id: c.crtc_id, index: index, framebufferID: c.buffer_id, x: c.x, y: c.y,
            mode: c.mode_valid != 0 ? DRMMode(c.mode) : nil)
    }

    /// The connector with `id` and its modes (drmModeGetConnector, which probes the output).
    public func connector(id: UInt32) throws(DRMError) -> DRMConnector {
        let fd = try openDescriptor(for: "drmModeGetConnector")
        Glibc.errno = 0
        guard let connector = drmModeGetConnector(fd, id) else {
            throw DRMError(call: "drmModeGetConnector", errno: Self.lastErrno(), detail: "connector \(id)")
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
        let fd = try openDescriptor(for: "drmModeGetEncoder")
        Glibc.errno = 0
        guard let encoder = drmModeGetEncoder(fd, id) else {
            throw DRMError(call: "drmModeGetEncoder", errno: Self.lastErrno(), detail: "encoder \(id)")
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

    /// errno after a libdrm call that returned NULL, EIO when it left none.
    static func lastErrno() -> Int32 {
        let code = Glibc.errno
        return code == 0 ? EIO : code
    }
}
