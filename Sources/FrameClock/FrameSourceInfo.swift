/// Which source ticks a link, at what interval, and why it was chosen.
public struct FrameSourceInfo: Hashable, Sendable, CustomStringConvertible {
    /// The kind of source.
    public let kind: FrameSourceKind
    /// A short description, such as "timer 60.000 Hz (standard)".
    public let name: String
    /// The source's exact refresh interval.
    public let period: FramePeriod
    /// Why this source is in use: "requested", or the reason a fallback happened
    /// (such as "no lit CRTC" or "CRTC turned off (EINVAL)").
    public let reason: String

    /// Creates a description of a source.
    public init(kind: FrameSourceKind, name: String, period: FramePeriod, reason: String) {
        self.kind = kind
        self.name = name
        self.period = period
        self.reason = reason
    }

    /// The source's rate in frames per second.
    public var framesPerSecond: Double { period.framesPerSecond }

    /// The name and the reason.
    public var description: String { "\(name) — \(reason)" }
}

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

/// Counters of what a link delivered.
public struct DisplayLinkStatistics: Hashable, Sendable {
    /// Callbacks (or stream elements) delivered.
    public var framesDelivered = 0
    /// Frame intervals skipped, summed over all frames.
    public var skippedFrames = 0
    /// Ticks dropped by the pacing rules (too soon after the previous frame, or not after it).
    public var droppedTicks = 0

    /// Creates zeroed counters.
    public init() {}
}
