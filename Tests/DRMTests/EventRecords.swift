// Builds DRM event records byte by byte, as the kernel writes them (little-endian, packed as in
// include/uapi/drm/drm.h), so that the parser can be fed from a pipe without a kernel.

/// Raw event record bytes for tests.
enum EventRecords {
    static func header(type: UInt32, length: UInt32) -> [UInt8] {
        le(type) + le(length)
    }

    /// struct drm_event_vblank (32 bytes).
    static func vblank(
        type: UInt32 = 0x01, userData: UInt64 = 0, seconds: UInt32, microseconds: UInt32, sequence: UInt32,
        crtcID: UInt32 = 38, length: UInt32 = 32
    ) -> [UInt8] {
        header(type: type, length: length) + le(userData) + le(seconds) + le(microseconds) + le(sequence)
            + le(crtcID)
    }

    /// struct drm_event_crtc_sequence (32 bytes).
    static func sequence(userData: UInt64 = 0, timeNanoseconds: Int64, sequence: UInt64, length: UInt32 = 32)
        -> [UInt8]
    {
        header(type: 0x03, length: length) + le(userData) + le(UInt64(bitPattern: timeNanoseconds))
            + le(sequence)
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
