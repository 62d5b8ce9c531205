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

/// Voluntary (the thread slept and was woken) and involuntary (it was preempted) context switches.
struct ContextSwitches: Codable, Sendable, Equatable {
    var voluntary: Int64
    var involuntary: Int64

    var total: Int64 { voluntary + involuntary }

    static func - (lhs: ContextSwitches, rhs: ContextSwitches) -> ContextSwitches {
        ContextSwitches(
            voluntary: lhs.voluntary - rhs.voluntary, involuntary: lhs.involuntary - rhs.involuntary)
    }

    /// The whole process's, threads that have ended included.
    static func ofProcess() -> ContextSwitches {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return ContextSwitches(voluntary: Int64(usage.ru_nvcsw), involuntary: Int64(usage.ru_nivcsw))
    }

    /// The calling thread's alone (`RUSAGE_THREAD`, 1 on Linux: glibc declares it only with
    /// `_GNU_SOURCE`, which the Glibc module is not built with).
    static func ofThread() -> ContextSwitches {
        var usage = rusage()
        getrusage(1, &usage)
        return ContextSwitches(voluntary: Int64(usage.ru_nvcsw), involuntary: Int64(usage.ru_nivcsw))
    }
}

/// CPU time of the whole process.
struct ResourceUsage {
    let cpuNanoseconds: Int64

    static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return ResourceUsage(cpuNanoseconds: cpuNanoseconds(usage))
    }

    /// User and system time of a `rusage`, in nanoseconds.
    static func cpuNanoseconds(_ usage: rusage) -> Int64 {
        let user = Int64(usage.ru_utime.tv_sec) * 1_000_000_000 + Int64(usage.ru_utime.tv_usec) * 1000
        let system = Int64(usage.ru_stime.tv_sec) * 1_000_000_000 + Int64(usage.ru_stime.tv_usec) * 1000
        return user + system
    }
}
