/// The kernel calls a ``TimerTickSource`` makes: `CLOCK_MONOTONIC` and one `timerfd`.
///
/// ``LinuxTimerSystemCalls`` is the real implementation. Tests put a virtual clock here so that a
/// DRM source that fails over to the timer goes on in the same virtual time as the scripted kernel
/// it failed on.
protocol TimerSystemCalls {
    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    func monotonicNanoseconds() -> Int64

    /// timerfd_create on `CLOCK_MONOTONIC`, blocking and close-on-exec: the descriptor.
    func createTimer() throws(SystemCallError) -> Int32

    /// timerfd_settime with `TFD_TIMER_ABSTIME`: arms `timer` for an absolute `CLOCK_MONOTONIC`
    /// deadline, or disarms it with 0.
    func setTimer(_ timer: Int32, absoluteDeadline: Int64) throws(SystemCallError)

    /// One blocking `read(2)` of `timer`'s expiry count: returns once it has expired.
    ///
    /// - Throws: ``SystemCallError`` with the errno (`EINTR` after a signal: the caller retries).
    func waitForTimer(_ timer: Int32) throws(SystemCallError)

    /// Closes `timer`.
    func closeTimer(_ timer: Int32)
}
