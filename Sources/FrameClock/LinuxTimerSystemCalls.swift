internal import CLinuxShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The real ``TimerSystemCalls``: `clock_gettime(CLOCK_MONOTONIC)` and a `timerfd`.
struct LinuxTimerSystemCalls: TimerSystemCalls {
    func monotonicNanoseconds() -> Int64 {
        fc_monotonic_ns()
    }

    func createTimer() throws(SystemCallError) -> Int32 {
        let timer = fc_timerfd_create(0)
        guard timer >= 0 else { throw SystemCallError(call: "timerfd_create", errno: errno) }
        return timer
    }

    func setTimer(_ timer: Int32, absoluteDeadline: Int64) throws(SystemCallError) {
        guard fc_timerfd_set_absolute(timer, absoluteDeadline) == 0 else {
            throw SystemCallError(call: "timerfd_settime", errno: errno)
        }
    }

    func waitForTimer(_ timer: Int32) throws(SystemCallError) {
        guard fc_timerfd_drain(timer) == 0 else {
            throw SystemCallError(call: "read(timerfd)", errno: errno)
        }
    }

    func closeTimer(_ timer: Int32) {
        Glibc.close(timer)
    }
}
