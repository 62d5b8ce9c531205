// DRM event records byte by byte, as the kernel writes them (little-endian, laid out as in
// include/uapi/drm/drm.h), for the scripted kernel's reads.

/// Raw event record bytes.
enum EventBytes {
    static let vblankType: UInt32 = 0x01
    static let flipCompleteType: UInt32 = 0x02
    static let crtcSequenceType: UInt32 = 0x03

    static func header(type: UInt32, length: UInt32) -> [UInt8] {
        le(type) + le(length)
    }

    /// struct drm_event_vblank (32 bytes).
    static func vblank(
        type: UInt32 = vblankType, userData: UInt64, timestampNanoseconds: Int64, sequence: UInt32,
        crtcID: UInt32
    ) -> [UInt8] {
        let seconds = UInt32(truncatingIfNeeded: timestampNanoseconds / 1_000_000_000)
        let microseconds = UInt32(truncatingIfNeeded: timestampNanoseconds % 1_000_000_000 / 1_000)
        return header(type: type, length: 32) + le(userData) + le(seconds) + le(microseconds) + le(sequence)
            + le(crtcID)
    }

    /// struct drm_event_crtc_sequence (32 bytes).
    static func crtcSequence(userData: UInt64, timestampNanoseconds: Int64, sequence: UInt64) -> [UInt8] {
        header(type: crtcSequenceType, length: 32) + le(userData)
            + le(UInt64(bitPattern: timestampNanoseconds))
            + le(sequence)
    }

    /// A well-formed record of a type nobody knows, `length` bytes long.
    static func unknown(type: UInt32 = 0x8000_0001, length: UInt32 = 16) -> [UInt8] {
        header(type: type, length: length) + [UInt8](repeating: 0xA5, count: max(0, Int(length) - 8))
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
