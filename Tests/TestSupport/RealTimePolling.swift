#if canImport(Glibc)
    import Glibc
#endif

/// Waits in real time for what another thread does: the end of a frame thread that runs through
/// virtual time, where real time bounds only a hang.
public enum RealTimePolling {
    /// Polls `condition` every millisecond for up to `seconds` of real time; whether it held.
    public static func waitUntil(seconds: Int, _ condition: () -> Bool) -> Bool {
        for _ in 0..<(seconds * 1000) {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }
}
