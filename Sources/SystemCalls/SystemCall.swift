internal import CLinuxShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The one place FrameClock's modules read `errno`: every C call that can fail (libdrm, timerfd,
/// eventfd, poll, read, thread scheduling) goes through ``valueOrErrno(retryOnInterrupt:_:)`` (or
/// ``pointerOrErrno(_:)`` for calls that return a pointer), in the style of swift-system's own
/// wrappers. Visible to the package's modules only.
package enum SystemCall {
    /// Runs `call` and returns its result, or the error it reported: a result of `-1` means `errno`;
    /// a result below `-1` is libdrm's mode-setting convention of returning `-errno` itself (no
    /// other call returns one). With
    /// `retryOnInterrupt`, a call interrupted by a signal (`EINTR`) is made again.
    package static func valueOrErrno<Value: FixedWidthInteger>(
        retryOnInterrupt: Bool, _ call: () -> Value
    ) -> Result<Value, Errno> {
        while true {
            let result = call()
            guard result < 0 else { return .success(result) }
            let error =
                result < -1 ? Errno(rawValue: CInt(truncatingIfNeeded: 0 &- result)) : lastError
            if retryOnInterrupt && error == .interrupted { continue }
            return .failure(error)
        }
    }

    /// Runs a call that returns NULL on failure: its result, or `errno` (`EIO` when it left none).
    package static func pointerOrErrno<Pointer>(_ call: () -> Pointer?) -> Result<Pointer, Errno> {
        errno = 0
        if let pointer = call() { return .success(pointer) }
        return .failure(errno == 0 ? .ioError : lastError)
    }

    /// The calling thread's `errno`, for a call that failed in a way the two funnels above do not
    /// cover (a library call with its own failure value): the one place `errno` is read.
    package static var lastError: Errno { Errno(rawValue: errno) }

    /// The symbolic name of `error`, such as `EINVAL` (glibc's `strerrorname_np`), or `errno N`
    /// for a value without one.
    package static func name(of error: Errno) -> String {
        fc_errno_name(error.rawValue).map { String(cString: $0) } ?? "errno \(error.rawValue)"
    }
}

extension Result {
    /// The error of a failed result; nil for a success.
    package var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
