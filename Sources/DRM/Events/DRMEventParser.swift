internal import CDRM
internal import CDRMShims

/// Parses the event records that `read(2)` returns from a DRM descriptor.
///
/// Each record is a `struct drm_event` header {type, length} followed by its payload
/// (`struct drm_event_vblank` for vblank and flip events, `struct drm_event_crtc_sequence` for
/// sequence events). The parser never traps on malformed input: it throws
/// ``DRMEventParseError``.
package struct DRMEventParser: Sendable {
    /// What to do with a well-formed record of an unknown type.
    package enum UnknownEventPolicy: Hashable, Sendable {
        /// Throw ``DRMEventParseError/unknownType(offset:type:length:)``.
        case reject
        /// Return it as ``DRMEvent/unknown(type:length:)`` and go on.
        case skip
    }

    /// The policy for unknown record types.
    package var unknownEvents: UnknownEventPolicy

    /// Creates a parser; unknown record types are rejected unless told otherwise.
    package init(unknownEvents: UnknownEventPolicy = .reject) {
        self.unknownEvents = unknownEvents
    }

    /// The size of a record header.
    package static var headerSize: Int { Int(fc_drm_event_header_size) }
    /// The size of a DRM_EVENT_VBLANK or DRM_EVENT_FLIP_COMPLETE record.
    package static var vblankRecordSize: Int { Int(fc_drm_event_vblank_size) }
    /// The size of a DRM_EVENT_CRTC_SEQUENCE record.
    package static var sequenceRecordSize: Int { Int(fc_drm_event_crtc_sequence_size) }

    /// Parses every record in `bytes`.
    package func parse(_ bytes: UnsafeRawBufferPointer) throws(DRMEventParseError) -> [DRMEvent] {
        var events: [DRMEvent] = []
        events.reserveCapacity(bytes.count / Self.vblankRecordSize)
        try forEachEvent(in: bytes) { events.append($0) }
        return events
    }

    /// Parses the records in `bytes` one by one and hands each to `body`, without allocating.
    /// Records before a malformed one have been handed over when the error is thrown.
    package func forEachEvent(
        in bytes: UnsafeRawBufferPointer, _ body: (DRMEvent) -> Void
    ) throws(DRMEventParseError) {
        var offset = 0
        let header = Self.headerSize
        while offset < bytes.count {
            let available = bytes.count - offset
            guard available >= header else {
                throw .truncatedHeader(offset: offset, available: available)
            }
            let head = bytes.loadUnaligned(fromByteOffset: offset, as: drm_event.self)
            let length = Int(head.length)
            guard length >= header, length % 4 == 0 else {
                throw .badLength(
                    offset: offset, type: head.type, length: head.length, expected: UInt32(header))
            }
            guard length <= available else {
                throw .truncatedRecord(
                    offset: offset, type: head.type, length: head.length, available: available)
            }
            body(try record(bytes, offset: offset, type: head.type, length: length))
            offset += length
        }
    }

    /// Parses every record in `bytes`.
    package func parse(_ bytes: [UInt8]) throws(DRMEventParseError) -> [DRMEvent] {
        let result: Result<[DRMEvent], DRMEventParseError> = bytes.withUnsafeBytes { raw in
            do throws(DRMEventParseError) {
                return .success(try parse(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func record(
        _ bytes: UnsafeRawBufferPointer, offset: Int, type: UInt32, length: Int
    ) throws(DRMEventParseError) -> DRMEvent {
        switch type {
        case UInt32(DRM_EVENT_VBLANK), UInt32(DRM_EVENT_FLIP_COMPLETE):
            let size = Self.vblankRecordSize
            guard length >= size else {
                throw .badLength(offset: offset, type: type, length: UInt32(length), expected: UInt32(size))
            }
            let raw = bytes.loadUnaligned(fromByteOffset: offset, as: drm_event_vblank.self)
            let payload = DRMVBlankEvent(
                userData: raw.user_data, sequence: raw.sequence, crtcID: raw.crtc_id, seconds: raw.tv_sec,
                microseconds: raw.tv_usec)
            return type == UInt32(DRM_EVENT_VBLANK) ? .vblank(payload) : .flipComplete(payload)
        case UInt32(DRM_EVENT_CRTC_SEQUENCE):
            let size = Self.sequenceRecordSize
            guard length >= size else {
                throw .badLength(offset: offset, type: type, length: UInt32(length), expected: UInt32(size))
            }
            let raw = bytes.loadUnaligned(fromByteOffset: offset, as: drm_event_crtc_sequence.self)
            return .crtcSequence(
                DRMSequenceEvent(
                    userData: raw.user_data, sequence: raw.sequence, timestampNanoseconds: raw.time_ns))
        default:
            switch unknownEvents {
            case .reject: throw .unknownType(offset: offset, type: type, length: UInt32(length))
            case .skip: return .unknown(type: type, length: UInt32(length))
            }
        }
    }
}
