/// One pacing of `--x11`: each frame drawn (its start and the serial of the presentation request its
/// swap sent) and the Present completions that came for them.
struct X11PacingRun: Sendable {
    /// Who paced the frames.
    enum Pacing: String, CaseIterable, Sendable {
        /// Mesa alone: `eglSwapInterval(1)`, a loop of draw and swap (Mesa's software driver on X11
        /// does not wait for a refresh: the loop runs free).
        case mesaSwapIntervalOne = "Mesa swap interval 1"
        /// Draw, swap, wait for that frame's refresh, draw the next: what a swap interval 1 that
        /// waits for each refresh (Mesa's DRI3 path on a GPU, one frame in flight) gives at best.
        case swapAndWait = "swap, wait for its refresh"
        /// Foundation `Timer` on a thread's `RunLoop`, at the rate asked for.
        case foundationTimer = "Foundation Timer on a RunLoop"
        /// A repeating `DispatchSourceTimer`, zero leeway, at the rate asked for.
        case dispatchTimer = "DispatchSourceTimer"
        /// A `DispatchQueue.asyncAfter` chain: draw, then schedule the next one period later.
        case asyncAfter = "DispatchQueue.asyncAfter chain"
        /// A thread that draws, then sleeps one period (relative `nanosleep`).
        case sleepLoop = "sleep(period) loop"
        /// The display link on the window, each frame at its tick.
        case link = "link"
        /// The link at its render deadline, with the link's default presentation latency (1 ms).
        case linkAtRenderDeadline = "link, render deadline"
        /// The link at its render deadline, its presentation latency the Present latch's.
        case linkAtLatch = "link, render deadline, latch latency"
    }

    /// A frame drawn: when its drawing started (CLOCK_MONOTONIC ns) and its presentation request.
    struct DrawnFrame: Sendable {
        var start: Int64
        var serial: UInt32
    }

    /// The refresh a frame's presentation request completed at: its MSC and UST (ns).
    struct Shown: Sendable {
        var msc: UInt64
        var ust: Int64
    }

    /// A link's frame as its timeline has it, in milliseconds: the callback's duration, the duration
    /// the link predicted for it, and its start to its target.
    struct LinkFrameTimes: Sendable {
        var callback: Double
        var predicted: Double
        var startToTarget: Double
    }

    let pacing: Pacing
    var drawn: [DrawnFrame] = []
    var completions: [UInt32: Shown] = [:]
    /// The link's own view of its frames (a link's pacings only).
    var linkTimes: [LinkFrameTimes] = []

    /// What became of the frames.
    var figures: X11PacingFigures { X11PacingFigures(drawn: drawn, completions: completions) }
}
