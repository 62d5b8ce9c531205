/// An independent reading of DRM event records, written from the kernel's uapi (include/uapi/drm/
/// drm.h) by hand, that the parser under test is compared with: little-endian records of an
/// 8-byte header {type, length} and a payload at fixed offsets.
///
/// struct drm_event_vblank {base; u64 user_data; u32 tv_sec; u32 tv_usec; u32 sequence;
/// u32 crtc_id} and struct drm_event_crtc_sequence {base; u64 user_data; s64 time_ns;
/// u64 sequence} are both 32 bytes.
enum ReferenceEventParser {
    static let vblankType: UInt32 = 1
    static let flipCompleteType: UInt32 = 2
    static let crtcSequenceType: UInt32 = 3

    /// The events up to the first malformed record, and the error for it (`nil` when none is).
    static func parse(_ bytes: ArraySlice<UInt8>, skipUnknown: Bool) -> (
        events: [DRMEvent], error: DRMEventParseError?
    ) {
        var events: [DRMEvent] = []
        var offset = 0
        while offset < bytes.count {
            let available = bytes.count - offset
            if available < 8 { return (events, .truncatedHeader(offset: offset, available: available)) }
            let type = UInt32(truncatingIfNeeded: load(bytes, offset, 4))
            let length = UInt32(truncatingIfNeeded: load(bytes, offset + 4, 4))
            if length < 8 || length % 4 != 0 {
                return (events, .badLength(offset: offset, type: type, length: length, expected: 8))
            }
            if Int(length) > available {
                return (
                    events, .truncatedRecord(offset: offset, type: type, length: length, available: available)
                )
            }
            switch type {
            case vblankType, flipCompleteType, crtcSequenceType:
                if length < 32 {
                    return (events, .badLength(offset: offset, type: type, length: length, expected: 32))
                }
                let userData = load(bytes, offset + 8, 8)
                if type == crtcSequenceType {
                    events.append(
                        .crtcSequence(
                            DRMSequenceEvent(
                                userData: userData, sequence: load(bytes, offset + 24, 8),
                                timestampNanoseconds: Int64(bitPattern: load(bytes, offset + 16, 8)))))
                } else {
                    let payload = DRMVBlankEvent(
                        userData: userData, sequence: UInt32(truncatingIfNeeded: load(bytes, offset + 24, 4)),
                        crtcID: UInt32(truncatingIfNeeded: load(bytes, offset + 28, 4)),
                        seconds: UInt32(truncatingIfNeeded: load(bytes, offset + 16, 4)),
                        microseconds: UInt32(truncatingIfNeeded: load(bytes, offset + 20, 4)))
                    events.append(type == vblankType ? .vblank(payload) : .flipComplete(payload))
                }
            default:
                guard skipUnknown else {
                    return (events, .unknownType(offset: offset, type: type, length: length))
                }
                events.append(.unknown(type: type, length: length))
            }
            offset += Int(length)
        }
        return (events, nil)
    }

    /// The little-endian unsigned integer of `count` bytes at `offset` from the slice's start.
    private static func load(_ bytes: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<count {
            value |= UInt64(bytes[bytes.startIndex + offset + index]) << UInt64(8 * index)
        }
        return value
    }
}
