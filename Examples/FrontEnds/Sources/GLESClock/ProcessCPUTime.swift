#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time the process has used, every thread's (getrusage), in milliseconds.
enum ProcessCPUTime {
    static func now() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func milliseconds(_ time: timeval) -> Double {
            Double(time.tv_sec) * 1e3 + Double(time.tv_usec) / 1e3
        }
        return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
    }
}
