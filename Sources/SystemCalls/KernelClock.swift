import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// One of the kernel's clocks (`clockid_t`), read in nanoseconds with `clock_gettime(2)`.
///
/// ``monotonic`` (`CLOCK_MONOTONIC`) is the time base of every instant the package reports: the
/// kernel stamps vblank events in it, and ``SystemCall/poll(_:until:retryOnInterrupt:)-([PollDescriptor],_,_)`` and
/// ``TimerDescriptor`` take deadlines on it. ``realtime`` is the wall clock.
package struct KernelClock: RawRepresentable, Hashable, Sendable {
    /// The clock id, such as `CLOCK_MONOTONIC` (1).
    package let rawValue: Int32

    /// The clock with id `rawValue` (for example a compositor's presentation clock).
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `CLOCK_MONOTONIC`: never steps, stops while the system is suspended.
    package static var monotonic: KernelClock { KernelClock(rawValue: CLOCK_MONOTONIC) }

    /// `CLOCK_REALTIME`: the wall clock, which the system's time may step.
    package static var realtime: KernelClock { KernelClock(rawValue: CLOCK_REALTIME) }

    /// The clock's current time in nanoseconds.
    ///
    /// - Throws: `Errno` from `clock_gettime`: `EINVAL` for a clock id the kernel does not know (or a
    ///   dynamic clock this process cannot read).
    package func nanoseconds() throws(Errno) -> Int64 {
        var now = timespec()
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) { clock_gettime(rawValue, &now) }.get()
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds (it can always be read).
    package static func monotonicNanoseconds() -> Int64 {
        (try? monotonic.nanoseconds()) ?? 0
    }

    /// `CLOCK_REALTIME` now, in nanoseconds since the Unix epoch (it can always be read).
    package static func realtimeNanoseconds() -> Int64 {
        (try? realtime.nanoseconds()) ?? 0
    }

    /// `CLOCK_MONOTONIC` now plus `timeout`, in nanoseconds: a deadline for the calls that take one.
    /// A negative timeout counts as zero; a sum beyond `Int64` saturates at `Int64.max`.
    package static func monotonicDeadline(after timeout: Duration) -> Int64 {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0 else { return monotonicNanoseconds() }
        let (wholeSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (length, overflowAdding) = wholeSeconds.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflow, !overflowAdding else { return .max }
        let (deadline, overflowDeadline) = monotonicNanoseconds().addingReportingOverflow(length)
        return overflowDeadline ? .max : deadline
    }
}
