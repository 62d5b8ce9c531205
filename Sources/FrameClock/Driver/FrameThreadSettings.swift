/// What the frame thread got when it asked for real-time settings.
public struct FrameThreadReport: Hashable, Sendable, CustomStringConvertible {
    /// The thread's timer slack after asking for 1 ns (the kernel's default is 50 µs).
    public let timerSlackNanoseconds: Int
    /// Whether `SCHED_FIFO` was granted.
    public let realtimeGranted: Bool
    /// Why it was not, when it was asked for and refused (such as "EPERM").
    public let realtimeRefusal: String?

    /// Creates a report.
    public init(timerSlackNanoseconds: Int, realtimeGranted: Bool, realtimeRefusal: String?) {
        self.timerSlackNanoseconds = timerSlackNanoseconds
        self.realtimeGranted = realtimeGranted
        self.realtimeRefusal = realtimeRefusal
    }

    /// The settings as one line.
    public var description: String {
        let scheduling = realtimeGranted ? "SCHED_FIFO" : "SCHED_OTHER (\(realtimeRefusal ?? "not asked"))"
        return "timer slack \(timerSlackNanoseconds) ns, \(scheduling)"
    }
}

/// Settings for the thread that waits for ticks and runs callbacks.
public struct FrameThreadOptions: Hashable, Sendable {
    /// The `SCHED_FIFO` priority to ask for, or nil to stay on `SCHED_OTHER`.
    public var realtimePriority: Int32?

    /// Creates options; by default the thread asks for `SCHED_FIFO` at priority 10 and keeps
    /// `SCHED_OTHER` where that is refused.
    public init(realtimePriority: Int32? = 10) {
        self.realtimePriority = realtimePriority
    }
}
