internal import SystemCalls
import SystemPackage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A failed system call, with the `errno` it set.
///
/// Its ``description`` (and `localizedDescription`, through `LocalizedError`) is one sentence: the
/// call, the errno's symbolic name and the system's message, then what to do, for example
/// `timerfd_create failed: EMFILE (Too many open files); close descriptors the program no longer
/// needs, or raise the limit (ulimit -n)`.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
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

    /// What went wrong: the call, the errno's symbolic name and the system's message.
    public var failureReason: String? { problem }

    /// What to do about it.
    public var recoverySuggestion: String? { remedy }

    /// What went wrong, then what to do.
    public var description: String { "\(problem); \(remedy)" }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }

    private var problem: String { "\(call) failed: \(errnoName) (\(errno))" }

    private var remedy: String { SystemCall.advice(for: errno, call: call) }
}
