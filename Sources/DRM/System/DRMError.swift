internal import SystemCalls
import SystemPackage

/// A failed DRM call: which call failed, the `errno` it left, and what it was about.
///
/// Every throwing API of the `DRM` module throws this type. Its description names the errno
/// symbolically, for example `drmCrtcQueueSequence(crtc 38): EINVAL (Invalid argument)`.
public struct DRMError: Error, Hashable, Sendable, CustomStringConvertible {
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

    /// `call(detail): ENAME (message)`.
    public var description: String {
        var text = call
        if let detail { text += "(\(detail))" }
        text += ": \(errnoName) (\(errnoMessage))"
        if let malformedEvent { text += ": \(malformedEvent)" }
        return text
    }
}
