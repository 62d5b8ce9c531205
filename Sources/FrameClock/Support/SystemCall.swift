internal import CLinuxShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The one place FrameClock reads `errno`: every C call it makes that can fail (timerfd, eventfd,
/// thread creation and scheduling) goes through here, in the style of swift-system's wrappers.
enum SystemCall {
    /// Runs `call` and returns its result, or `errno` when it returned `-1`. With
    /// `retryOnInterrupt`, a call interrupted by a signal (`EINTR`) is made again.
    static func valueOrErrno<Value: FixedWidthInteger>(
        retryOnInterrupt: Bool, _ call: () -> Value
    ) -> Result<Value, Errno> {
        while true {
            let result = call()
            guard result == -1 else { return .success(result) }
            let error = Errno(rawValue: errno)
            if retryOnInterrupt && error == .interrupted { continue }
            return .failure(error)
        }
    }

    /// Runs `call` and throws a ``SystemCallError`` naming `name` when it fails.
    @discardableResult
    static func perform<Value: FixedWidthInteger>(
        _ name: String, retryOnInterrupt: Bool = false, _ call: () -> Value
    ) throws(SystemCallError) -> Value {
        switch valueOrErrno(retryOnInterrupt: retryOnInterrupt, call) {
        case .success(let value): return value
        case .failure(let error): throw SystemCallError(call: name, errno: error)
        }
    }

    /// The symbolic name of `error`, such as `EINVAL` (glibc's `strerrorname_np`), or `errno N`
    /// for a value without one.
    static func name(of error: Errno) -> String {
        fc_errno_name(error.rawValue).map { String(cString: $0) } ?? "errno \(error.rawValue)"
    }
}

/// A failed system call, with the `errno` it set.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, such as `timerfd_create`.
    public let call: String
    /// The `errno` value.
    public let errno: Errno

    /// Creates an error for `call` failing with `errno`.
    public init(call: String, errno: Errno) {
        self.call = call
        self.errno = errno
    }

    /// The symbolic name of ``errno``, such as `EMFILE`.
    public var errnoName: String { SystemCall.name(of: errno) }

    /// The call, the errno's symbolic name and the system's message.
    public var description: String {
        "\(call) failed: \(errnoName) (\(errno))"
    }
}
