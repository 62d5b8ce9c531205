internal import CLinuxShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A timerfd on `CLOCK_MONOTONIC`: armed for an absolute deadline, it becomes readable when the
/// deadline passes, so a thread can wait for it in `read(2)` (``expirations(retryOnInterrupt:)``) or
/// beside other descriptors in ``SystemCall/poll(_:until:retryOnInterrupt:)-([PollDescriptor],_,_)``.
///
/// A value, as swift-system's `FileDescriptor` is: it does not own the descriptor, and ``close()``
/// ends it.
package struct TimerDescriptor: Hashable, Sendable {
    /// The descriptor, to poll for readability.
    package let fileDescriptor: FileDescriptor
    /// Whether reads wait for an expiration (a descriptor made with `blocking: false` reports none
    /// instead).
    package let isBlocking: Bool

    /// Wraps a timerfd made elsewhere, blocking or not as it was made.
    package init(_ fileDescriptor: FileDescriptor, isBlocking: Bool) {
        self.fileDescriptor = fileDescriptor
        self.isBlocking = isBlocking
    }

    /// `timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC)`, with `TFD_NONBLOCK` unless `blocking`: a new
    /// timer, disarmed.
    ///
    /// - Throws: `Errno` (`EMFILE`, `ENFILE`, `ENOMEM`).
    package static func create(blocking: Bool) throws(Errno) -> TimerDescriptor {
        let descriptor = try SystemCall.valueOrErrno(retryOnInterrupt: false) {
            fc_timerfd_create(blocking ? 0 : 1)
        }.get()
        return TimerDescriptor(FileDescriptor(rawValue: descriptor), isBlocking: blocking)
    }

    /// `timerfd_settime` with `TFD_TIMER_ABSTIME`: arms the timer to expire once at `deadline`
    /// (`CLOCK_MONOTONIC` nanoseconds). A deadline already past expires at once; a pending expiration
    /// not yet read is cleared.
    ///
    /// - Throws: `Errno` (`EBADF` on a closed descriptor, `EINVAL` on one that is not a timerfd).
    package func arm(at deadline: Int64) throws(Errno) {
        // 0 would disarm: the earliest deadline the call can arm is 1 ns.
        let deadline = max(deadline, 1)
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) {
            fc_timerfd_set_absolute(fileDescriptor.rawValue, deadline)
        }.get()
    }

    /// Disarms the timer; a pending expiration not yet read is cleared.
    ///
    /// - Throws: `Errno` (`EBADF` on a closed descriptor).
    package func disarm() throws(Errno) {
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) {
            fc_timerfd_set_absolute(fileDescriptor.rawValue, 0)
        }.get()
    }

    /// Reads the number of expirations since the timer was armed or last read, which resets it. A
    /// blocking descriptor waits for the next expiration (at least 1 is returned); a non-blocking one
    /// returns 0 when the timer has not expired.
    ///
    /// - Throws: `Errno` (`EBADF` on a closed descriptor; `EINTR` after a signal unless
    ///   `retryOnInterrupt`; `ECANCELED` is not reported: the timer is not set to cancel on a clock
    ///   change).
    package func expirations(retryOnInterrupt: Bool = true) throws(Errno) -> UInt64 {
        do {
            return try fileDescriptor.readCounter(retryOnInterrupt: retryOnInterrupt)
        } catch .resourceTemporarilyUnavailable where !isBlocking {
            return 0
        }
    }

    /// Closes the descriptor.
    ///
    /// - Throws: `Errno` (`EBADF` when it was closed already).
    package func close() throws(Errno) {
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) { Glibc.close(fileDescriptor.rawValue) }
            .get()
    }
}
