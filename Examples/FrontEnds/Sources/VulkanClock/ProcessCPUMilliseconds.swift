#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time the whole process has used (CLOCK_PROCESS_CPUTIME_ID: every thread's, the
/// driver's included), in milliseconds.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}
