internal import SystemCalls

/// What the frame thread got when it asked for real-time settings.
public struct FrameThreadReport: Hashable, Sendable, CustomStringConvertible {
    /// The thread's timer slack after asking for 1 ns (the kernel's default is 50 µs).
    public let timerSlackNanoseconds: Int
    /// Whether `SCHED_FIFO` was granted.
    public let realtimeGranted: Bool
    /// Why it was not, when it was asked for and refused (such as "EPERM").
    public let realtimeRefusal: String?
    /// Whether the thread may hold a CPU-latency request around the deadlines it waits for
    /// (``FrameThreadOptions/latencyOnDemand``): the request device could be opened.
    public let latencyOnDemandGranted: Bool
    /// Why it may not, when it was not granted: "turned off", or the error that opening or writing
    /// the device met, such as "EACCES opening /dev/cpu_dma_latency".
    public let latencyOnDemandRefusal: String?

    /// Creates a report.
    public init(
        timerSlackNanoseconds: Int, realtimeGranted: Bool, realtimeRefusal: String?,
        latencyOnDemandGranted: Bool = false, latencyOnDemandRefusal: String? = nil
    ) {
        self.timerSlackNanoseconds = timerSlackNanoseconds
        self.realtimeGranted = realtimeGranted
        self.realtimeRefusal = realtimeRefusal
        self.latencyOnDemandGranted = latencyOnDemandGranted
        self.latencyOnDemandRefusal = latencyOnDemandRefusal
    }

    /// The settings as one line.
    public var description: String {
        let scheduling = realtimeGranted ? "SCHED_FIFO" : "SCHED_OTHER (\(realtimeRefusal ?? "not asked"))"
        let latency =
            latencyOnDemandGranted
            ? "latency on demand" : "no latency on demand (\(latencyOnDemandRefusal ?? "not asked"))"
        return "timer slack \(timerSlackNanoseconds) ns, \(scheduling), \(latency)"
    }

    /// The same report, with latency on demand withdrawn for `reason` (the device failed mid-run).
    func withdrawingLatencyOnDemand(_ reason: String) -> FrameThreadReport {
        FrameThreadReport(
            timerSlackNanoseconds: timerSlackNanoseconds, realtimeGranted: realtimeGranted,
            realtimeRefusal: realtimeRefusal, latencyOnDemandGranted: false, latencyOnDemandRefusal: reason)
    }
}

/// Settings for the thread that waits for ticks and runs callbacks.
public struct FrameThreadOptions: Hashable, Sendable {
    /// The `SCHED_FIFO` priority to ask for, or nil to stay on `SCHED_OTHER`.
    public var realtimePriority: Int32?
    /// Whether the link shares its frame thread (true, the default): links of one process made for
    /// the same source — the same `.timer` rate and precision, the same `.drm` device and CRTC, or
    /// `.automatic` with the same fallback rate — and the same ``realtimePriority`` and
    /// ``latencyOnDemand`` share one frame thread and its run loop, each at its own rate, as links on
    /// one run loop do on every platform. Their callbacks run one after another there: a slow
    /// callback delays the others. False gives the link a thread of its own. (A `.manual` or
    /// `.shared` source is shared by construction, and a Wayland window's link is always its own.)
    public var sharesThread: Bool
    /// Whether the frame thread asks the kernel for low CPU wake-up latency only around the deadlines
    /// it waits for (true, the default). The standard timer and the DRM source wake once shortly
    /// before each deadline to rehearse the dispatch path; at that wake-up, once the rehearsal is
    /// done, the thread writes a CPU-latency request of 0 to `/dev/cpu_dma_latency`, and it
    /// withdraws the request whenever the
    /// wait ends: for a tick, before any callback is called. Meanwhile idle cores poll rather than
    /// halt (or enter deep C-states), so the thread wakes for the tick without paying an idle state's
    /// exit. It adds no wake-up; the cost is that every idle core polls each frame for about as long
    /// as the source's early wake-up leads the deadline (300 µs for the standard timer, up to 2 ms
    /// for DRM), and two short writes to the device. Where the device cannot be opened (it takes
    /// root, or the device's group) the link runs without it and
    /// ``FrameThreadReport/latencyOnDemandRefusal`` says why. The precise and low-power timers and the
    /// Wayland source never ask (the precise mode spins instead; the low-power mode has no early
    /// wake-up to ask at).
    public var latencyOnDemand: Bool
    /// The PM QoS device the request is written to; a test puts another path here.
    var latencyDevicePath: String = CPULatencyRequest.devicePath

    /// Creates options; by default the thread asks for `SCHED_FIFO` at priority 10 and keeps
    /// `SCHED_OTHER` where that is refused, holds a CPU-latency request around its deadlines where
    /// permitted (``latencyOnDemand``), and is shared with the process's other links on the same
    /// source.
    public init(realtimePriority: Int32? = 10, sharesThread: Bool = true, latencyOnDemand: Bool = true) {
        self.realtimePriority = realtimePriority
        self.sharesThread = sharesThread
        self.latencyOnDemand = latencyOnDemand
    }
}
