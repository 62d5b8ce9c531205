internal import CLinuxShims
internal import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The real ``TimerSystemCalls``: `clock_gettime(CLOCK_MONOTONIC)` and a `timerfd`.
struct LinuxTimerSystemCalls: TimerSystemCalls {
    func monotonicNanoseconds() -> Int64 {
        fc_monotonic_ns()
    }

    func createTimer() throws(SystemCallError) -> Int32 {
        try SystemCall.perform("timerfd_create") { fc_timerfd_create(0) }
    }

    func setTimer(_ timer: Int32, absoluteDeadline: Int64) throws(SystemCallError) {
        try SystemCall.perform("timerfd_settime") { fc_timerfd_set_absolute(timer, absoluteDeadline) }
    }

    func waitForTimer(_ timer: Int32) throws(SystemCallError) {
        try SystemCall.perform("read(timerfd)") { fc_timerfd_drain(timer) }
    }

    func closeTimer(_ timer: Int32) {
        Glibc.close(timer)
    }
}
