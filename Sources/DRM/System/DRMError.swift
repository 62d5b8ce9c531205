internal import SystemCalls
import SystemPackage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A failed DRM call: which call failed, the `errno` it left, and what it was about.
///
/// Every throwing API of the `DRM` module throws this type. Its description names the errno
/// symbolically and then says what to do, for example
/// `drmCrtcQueueSequence(crtc 38): EINVAL (Invalid argument); the CRTC is off or does not take this
/// request: light it (set a mode) or choose another`; ``failureReason`` and ``recoverySuggestion``
/// are the two halves (`LocalizedError`).
public struct DRMError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The libdrm function, ioctl or system call that failed, for example `"drmCrtcQueueSequence"`.
    public var call: String
    /// The `errno` value the call left (for example `.invalidArgument`, `EINVAL`).
    public var errno: Errno
    /// What the call was about, for example the device path or `"crtc 38"`; `nil` when nothing more
    /// is known.
    public var detail: String?
    /// The malformed event record behind an `EBADMSG` from event reading; `nil` otherwise.
    public var malformedEvent: DRMEventParseError?

    /// Creates an error for `call` that failed with `errno`.
    public init(call: String, errno: Errno, detail: String? = nil, malformedEvent: DRMEventParseError? = nil)
    {
        self.call = call
        self.errno = errno
        self.detail = detail
        self.malformedEvent = malformedEvent
    }

    /// The symbolic name of ``errno``, for example `"EINVAL"` (or `"errno 1234"` for an unknown value).
    public var errnoName: String { SystemCall.name(of: errno) }

    /// The system's message for ``errno``, for example `"Invalid argument"`.
    public var errnoMessage: String { errno.description }

    /// What went wrong: `call(detail): ENAME (message)`, and the malformed record if there is one.
    public var failureReason: String? { problem }

    /// What to do about it, by errno: a DRM device's own meanings first (`ENOTTY`: not a DRM node;
    /// `EBUSY`: another master; `EINVAL`: a CRTC that is off), then those of any system call.
    public var recoverySuggestion: String? { remedy }

    /// What went wrong, then what to do.
    public var description: String { "\(problem); \(remedy)" }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }

    var problem: String {
        var text = call
        if let detail { text += "(\(detail))" }
        text += ": \(errnoName) (\(errnoMessage))"
        if let malformedEvent { text += ": \(malformedEvent.failureReason ?? "")" }
        return text
    }

    private var remedy: String {
        switch errno {
        case .inappropriateIOCTLForDevice:
            "pass a DRM device node such as /dev/dri/card0"
        case .resourceBusy:
            "another program (a compositor or X server) holds the device or CRTC: stop it or use another card"
        case .notPermitted:
            "the call needs DRM master or root: run as root from a text console with no compositor or X "
                + "server on the card"
        case .permissionDenied:
            "run as root or as a member of the group that owns the device node (usually video)"
        case .invalidArgument:
            "the CRTC is off or does not take this request: light it (set a mode) or choose another"
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice, .badFileDescriptor:
            "the device went away or its descriptor was closed: open it again"
        case .badMessage:
            malformedEvent?.recoverySuggestion ?? SystemCall.advice(for: errno, call: call)
        case .noSuchFileOrDirectory:
            "check the path: DRM device nodes are /dev/dri/card*, present once a DRM driver is loaded"
        default:
            SystemCall.advice(for: errno, call: call)
        }
    }
}
