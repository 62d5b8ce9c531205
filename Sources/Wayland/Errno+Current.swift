import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Errno {
    /// The calling thread's `errno`, read right after a call that failed: the one place this module
    /// reads it.
    static var current: Errno { Errno(rawValue: errno) }

    /// The symbolic name of the errno values this module names in its messages (for example
    /// `"EPIPE"`), or `"errno N"`.
    var symbolicName: String {
        switch self {
        case .noSuchFileOrDirectory: "ENOENT"
        case .connectionRefused: "ECONNREFUSED"
        case .brokenPipe: "EPIPE"
        case .connectionReset: "ECONNRESET"
        case .protocolError: "EPROTO"
        case .permissionDenied: "EACCES"
        case .badFileDescriptor: "EBADF"
        case .invalidArgument: "EINVAL"
        case .noMemory: "ENOMEM"
        case .tooManyOpenFiles: "EMFILE"
        case .resourceTemporarilyUnavailable: "EAGAIN"
        default: "errno \(rawValue)"
        }
    }

    /// `"EPIPE (Broken pipe)"`.
    var nameAndMessage: String { "\(symbolicName) (\(description))" }
}
