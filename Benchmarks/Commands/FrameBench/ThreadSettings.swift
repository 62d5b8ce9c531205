internal import CLinuxShims
import FrameClock
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The reference loop asks for exactly what a display link's frame thread asks for.
enum ThreadSettings {
    static func applyFrameThreadSettings() -> FrameThreadReport {
        _ = fc_set_timer_slack_ns(1)
        let result = fc_set_fifo_priority(10)
        return FrameThreadReport(
            timerSlackNanoseconds: Int(fc_get_timer_slack_ns()), realtimeGranted: result == 0,
            realtimeRefusal: result == 0
                ? nil
                : SystemCallError(call: "pthread_setschedparam", errno: Errno(rawValue: result)).errnoName)
    }

    /// The timer slack of an ordinary thread of this process, in nanoseconds.
    static func defaultTimerSlack() -> Int { Int(fc_get_timer_slack_ns()) }
}

/// CPU time and context switches of the whole process.
struct ResourceUsage {
    let cpuNanoseconds: Int64
    let contextSwitches: Int64

    static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Int64(usage.ru_utime.tv_sec) * 1_000_000_000 + Int64(usage.ru_utime.tv_usec) * 1000
        let system = Int64(usage.ru_stime.tv_sec) * 1_000_000_000 + Int64(usage.ru_stime.tv_usec) * 1000
        return ResourceUsage(
            cpuNanoseconds: user + system, contextSwitches: Int64(usage.ru_nvcsw + usage.ru_nivcsw))
    }
}
