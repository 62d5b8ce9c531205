internal import CDRM

/// A device capability queried with ``DRMDevice/capability(_:)`` (DRM_CAP_*).
public struct DRMCapability: Hashable, Sendable, CustomStringConvertible {
    /// The DRM_CAP_* number.
    public let rawValue: UInt64
    /// The capability's name, for messages.
    public let name: String

    private init(_ rawValue: Int32, _ name: String) {
        self.rawValue = UInt64(rawValue)
        self.name = name
    }

    /// DRM_CAP_DUMB_BUFFER: dumb buffers can be created.
    public static let dumbBuffer = DRMCapability(DRM_CAP_DUMB_BUFFER, "DRM_CAP_DUMB_BUFFER")
    /// DRM_CAP_VBLANK_HIGH_CRTC: vblank requests can name CRTCs above index 1.
    public static let vblankHighCRTC = DRMCapability(DRM_CAP_VBLANK_HIGH_CRTC, "DRM_CAP_VBLANK_HIGH_CRTC")
    /// DRM_CAP_TIMESTAMP_MONOTONIC: event timestamps are CLOCK_MONOTONIC (1) rather than real time.
    public static let timestampMonotonic = DRMCapability(
        DRM_CAP_TIMESTAMP_MONOTONIC, "DRM_CAP_TIMESTAMP_MONOTONIC")
    /// DRM_CAP_ASYNC_PAGE_FLIP: page flips without waiting for vblank.
    public static let asyncPageFlip = DRMCapability(DRM_CAP_ASYNC_PAGE_FLIP, "DRM_CAP_ASYNC_PAGE_FLIP")
    /// DRM_CAP_CRTC_IN_VBLANK_EVENT: vblank events carry the CRTC id.
    public static let crtcInVBlankEvent = DRMCapability(
        DRM_CAP_CRTC_IN_VBLANK_EVENT, "DRM_CAP_CRTC_IN_VBLANK_EVENT")
    /// DRM_CAP_PRIME: buffer sharing.
    public static let prime = DRMCapability(DRM_CAP_PRIME, "DRM_CAP_PRIME")

    /// The capability's name.
    public var description: String { name }
}

/// A client capability set with ``DRMDevice/setClientCapability(_:to:)`` (DRM_CLIENT_CAP_*).
public struct DRMClientCapability: Hashable, Sendable, CustomStringConvertible {
    /// The DRM_CLIENT_CAP_* number.
    public let rawValue: UInt64
    /// The capability's name, for messages.
    public let name: String

    private init(_ rawValue: Int32, _ name: String) {
        self.rawValue = UInt64(rawValue)
        self.name = name
    }

    /// DRM_CLIENT_CAP_UNIVERSAL_PLANES: list primary and cursor planes too.
    public static let universalPlanes = DRMClientCapability(
        DRM_CLIENT_CAP_UNIVERSAL_PLANES, "DRM_CLIENT_CAP_UNIVERSAL_PLANES")
    /// DRM_CLIENT_CAP_ATOMIC: the atomic modesetting API.
    public static let atomic = DRMClientCapability(DRM_CLIENT_CAP_ATOMIC, "DRM_CLIENT_CAP_ATOMIC")

    /// The capability's name.
    public var description: String { name }
}
