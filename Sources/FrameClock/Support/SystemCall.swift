internal import SystemCalls
import SystemPackage

extension SystemCall {
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
