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
    /// Whether the link shares its frame thread (true, the default): links of one process made for
    /// the same source — the same `.timer` rate and precision, the same `.drm` device and CRTC, or
    /// `.automatic` with the same fallback rate — and the same ``realtimePriority`` share one frame
    /// thread and its run loop, each at its own rate, as links on one run loop do on every platform.
    /// Their callbacks run one after another there: a slow callback delays the others. False gives
    /// the link a thread of its own. (A `.manual` or `.shared` source is shared by construction, and
    /// a Wayland window's link is always its own.)
    public var sharesThread: Bool

    /// Creates options; by default the thread asks for `SCHED_FIFO` at priority 10 and keeps
    /// `SCHED_OTHER` where that is refused, and is shared with the process's other links on the
    /// same source.
    public init(realtimePriority: Int32? = 10, sharesThread: Bool = true) {
        self.realtimePriority = realtimePriority
        self.sharesThread = sharesThread
    }
}
