/// One event record read from a DRM descriptor.
public enum DRMEvent: Hashable, Sendable {
    /// DRM_EVENT_VBLANK: a vblank requested with drmWaitVBlank and DRM_VBLANK_EVENT.
    case vblank(DRMVBlankEvent)
    /// DRM_EVENT_FLIP_COMPLETE: a page flip requested with DRM_MODE_PAGE_FLIP_EVENT completed.
    case flipComplete(DRMVBlankEvent)
    /// DRM_EVENT_CRTC_SEQUENCE: a sequence queued with drmCrtcQueueSequence was reached.
    case crtcSequence(DRMSequenceEvent)
    /// A record of a type this module does not know, skipped whole.
    case unknown(type: UInt32, length: UInt32)
}

/// The payload of DRM_EVENT_VBLANK and DRM_EVENT_FLIP_COMPLETE (struct drm_event_vblank).
public struct DRMVBlankEvent: Hashable, Sendable {
    /// The value given with the request.
    public var userData: UInt64
    /// The vblank counter, 32 bits wide.
    public var sequence: UInt32
    /// The CRTC's id (0 on kernels without DRM_CAP_CRTC_IN_VBLANK_EVENT).
    public var crtcID: UInt32
    /// Whole seconds of the vblank's timestamp.
    public var seconds: UInt32
    /// Microseconds of the vblank's timestamp.
    public var microseconds: UInt32

    /// Creates a vblank event payload.
    public init(userData: UInt64, sequence: UInt32, crtcID: UInt32, seconds: UInt32, microseconds: UInt32) {
        self.userData = userData
        self.sequence = sequence
        self.crtcID = crtcID
        self.seconds = seconds
        self.microseconds = microseconds
    }

    /// The timestamp in nanoseconds (CLOCK_MONOTONIC when DRM_CAP_TIMESTAMP_MONOTONIC is 1),
    /// microsecond resolution.
    public var timestampNanoseconds: Int64 {
        Int64(seconds) * 1_000_000_000 + Int64(microseconds) * 1_000
    }
}

/// The payload of DRM_EVENT_CRTC_SEQUENCE (struct drm_event_crtc_sequence).
public struct DRMSequenceEvent: Hashable, Sendable {
    /// The value given with the request.
    public var userData: UInt64
    /// The 64-bit vblank sequence reached.
    public var sequence: UInt64
    /// When the first pixel of that refresh left the display engine, in nanoseconds
    /// (CLOCK_MONOTONIC).
    public var timestampNanoseconds: Int64

    /// Creates a sequence event payload.
    public init(userData: UInt64, sequence: UInt64, timestampNanoseconds: Int64) {
        self.userData = userData
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
    }
}
