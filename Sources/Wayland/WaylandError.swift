import SystemPackage

/// Why a Wayland call failed.
///
/// Every throwing API of the `Wayland` module throws this type; its ``description`` is one sentence
/// that says what happened and names the errno symbolically, for example
/// `the Wayland connection was lost: EPIPE (Broken pipe); the compositor has gone away`.
public enum WaylandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No compositor listens at `socket`: the socket file does not exist (`ENOENT`), or
    /// `XDG_RUNTIME_DIR` is not set.
    case noCompositor(socket: String, errno: Errno)
    /// The socket exists but refuses connections (`ECONNREFUSED`): a compositor that was killed left it
    /// behind.
    case staleSocket(socket: String, errno: Errno)
    /// Connecting to `socket` failed for another reason (`EACCES`, `EMFILE`, ...).
    case connectFailed(socket: String, errno: Errno)
    /// The connection broke (`EPIPE` when the compositor went away, `EPROTO` after a protocol error).
    case connectionLost(Errno)
    /// The compositor reported a protocol error on one of the connection's objects; the connection is
    /// unusable from then on.
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The compositor does not offer a global that the call needs, at least at `version` (or the
    /// connection was told to ignore it).
    case missingGlobal(interface: String, version: UInt32)
    /// A system call failed (`memfd_create`, `mmap`, `eventfd`, ...).
    case systemCall(name: String, errno: Errno)
    /// The compositor did not answer within the time allowed; `waitingFor` says for what.
    case timedOut(waitingFor: String)
    /// An argument was out of range; the text says which and why.
    case invalidArgument(String)
    /// The object was used after ``WaylandConnection/close()`` or ``WaylandWindow/close()``.
    case closed(String)
    /// Every one of a window's buffers was still held by the compositor when the wait for one ran out.
    case noFreeBuffer
    /// The compositor is not reading its socket (stopped, or far behind): the socket is full, and the
    /// request was not made, since libwayland ends a connection whose queue overflows. Made again once
    /// the compositor reads, it goes through.
    case compositorNotReading
    /// The compositor's presentation clock (`wp_presentation.clock_id`) cannot be read by this
    /// process, so its timestamps cannot be converted to CLOCK_MONOTONIC.
    case presentationClockUnreadable(clockID: Int32)

    /// One sentence saying what happened.
    public var description: String {
        switch self {
        case .noCompositor(let socket, let errno):
            "no Wayland compositor is running: \(socket) does not exist (\(errno.nameAndMessage))"
        case .staleSocket(let socket, let errno):
            "the Wayland socket \(socket) refuses connections (\(errno.nameAndMessage)): "
                + "the compositor that made it is no longer running"
        case .connectFailed(let socket, let errno):
            "cannot connect to the Wayland socket \(socket): \(errno.nameAndMessage)"
        case .connectionLost(let errno):
            "the Wayland connection was lost: \(errno.nameAndMessage)"
                + (errno == .brokenPipe || errno == .connectionReset ? "; the compositor has gone away" : "")
        case .protocolError(let interface, let objectID, let code):
            "the compositor reported protocol error \(code) on \(interface)@\(objectID); "
                + "the connection can no longer be used"
        case .missingGlobal(let interface, let version):
            "the compositor does not offer \(interface) (version \(version) or later)"
        case .systemCall(let name, let errno):
            "\(name) failed: \(errno.nameAndMessage)"
        case .timedOut(let waitingFor):
            "the compositor did not answer in time (waiting for \(waitingFor))"
        case .invalidArgument(let text):
            "invalid argument: \(text)"
        case .closed(let what):
            "\(what) was used after it was closed"
        case .noFreeBuffer:
            "every one of the window's buffers is still held by the compositor"
        case .compositorNotReading:
            "the compositor is not reading its socket (it is full): the request was not sent"
        case .presentationClockUnreadable(let clockID):
            "the compositor's presentation clock (id \(clockID)) cannot be read by this process"
        }
    }
}
