#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a buffer read from a DRM descriptor does not hold well-formed event records.
///
/// The kernel only ever returns whole records (`struct drm_event` {type, length} then the
/// payload), so each case means a broken stream: a short read, a length that does not fit the
/// type, or a type that is not known. The description says which, then what to do
/// (`LocalizedError`'s ``failureReason`` and ``recoverySuggestion``).
public enum DRMEventParseError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Fewer bytes than a record header remain at `offset`.
    case truncatedHeader(offset: Int, available: Int)
    /// The record at `offset` says `length` bytes but only `available` remain.
    case truncatedRecord(offset: Int, type: UInt32, length: UInt32, available: Int)
    /// The record's length is impossible for its type (shorter than the payload, or shorter than
    /// a header, or not a multiple of 4 and so not something the kernel writes).
    case badLength(offset: Int, type: UInt32, length: UInt32, expected: UInt32)
    /// A record of a type the parser does not know, where such records are rejected rather than skipped.
    case unknownType(offset: Int, type: UInt32, length: UInt32)

    /// What is wrong with the record.
    public var failureReason: String? {
        switch self {
        case .truncatedHeader(let offset, let available):
            "truncated event header at offset \(offset): \(available) of 8 bytes"
        case .truncatedRecord(let offset, let type, let length, let available):
            "truncated event of type \(type) at offset \(offset): \(available) of \(length) bytes"
        case .badLength(let offset, let type, let length, let expected):
            "event of type \(type) at offset \(offset) has length \(length), expected \(expected)"
        case .unknownType(let offset, let type, let length):
            "unknown event type \(type) (length \(length)) at offset \(offset)"
        }
    }

    /// What to do: for a type the parser does not know, skip such records; for a broken record,
    /// read whole records from a DRM device's own descriptor, or report the driver that wrote it.
    public var recoverySuggestion: String? {
        if case .unknownType = self {
            return "skip records of types this parser does not know (DRMDevice.readEvents() does)"
        }
        return "read whole records from a DRM device's own descriptor into a buffer of at least 4 KiB; "
            + "if that was done, the driver wrote a broken record: report it with the driver's name and "
            + "the kernel's version"
    }

    /// What is wrong, then what to do.
    public var description: String { "\(failureReason ?? ""); \(recoverySuggestion ?? "")" }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }
}
