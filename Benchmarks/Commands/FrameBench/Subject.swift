import FrameClock

/// The loops frame-bench compares, all asked for the same rate.
///
/// A display link subject is a case, its ``title`` and its source in ``linkSource(framesPerSecond:)``:
/// the runner, the analysis and the report take every subject with a source as a display link.
enum Subject: String, CaseIterable, Codable, Sendable {
    /// cyclictest (rt-tests), in its own process, at the rate, priority and memory locking of a
    /// display link's frame thread, doing no work, with its own tuning (as its users run it: it holds
    /// a CPU-latency request of 0 on `/dev/cpu_dma_latency` for the whole run): the machine's floor,
    /// measured from outside.
    case cyclictest
    /// cyclictest as ``cyclictest``, but with `--default-system`: no CPU-latency request, the idle
    /// states as the system has them.
    case cyclictestDefaultSystem = "cyclictest-default-system"
    /// An absolute `clock_nanosleep` loop on a thread with 1 ns slack and `SCHED_FIFO` where granted,
    /// snapping to the grid after late frames: frame-bench's own floor, doing the workload's work.
    case reference
    /// `DisplayLink` on the timer source, standard precision.
    case linkTimer = "link-timer"
    /// The same with latency on demand turned off (`FrameThreadOptions(latencyOnDemand: false)`).
    case linkTimerLatencyOff = "link-timer-latency-off"
    /// `DisplayLink` on the timer source, precise (sleep, then spin the last 200 µs).
    case linkPrecise = "link-precise"
    /// The display link on the low-power timer: one wake-up a frame.
    case linkLowPower = "link-low-power"
    /// `DisplayLink` on DRM vblank, when a lit CRTC exists.
    case linkDRM = "link-drm"
    /// Foundation `Timer` on a thread's `RunLoop`.
    case foundationTimer = "foundation-timer"
    /// A repeating `DispatchSourceTimer` with zero leeway.
    case dispatchTimer = "dispatch-timer"
    /// A `DispatchQueue.asyncAfter` chain: work, then schedule the next one period later.
    case asyncAfter = "async-after"
    /// A `Task.sleep(for:)` loop.
    case taskSleepFor = "task-sleep-for"
    /// A `Task.sleep(until:)` loop on absolute deadlines (`deadline += period`).
    case taskSleepUntil = "task-sleep-until"
    /// A thread that sleeps one period (relative `nanosleep`), then works.
    case sleepLoop = "sleep-loop"
    /// swift-async-algorithms' `AsyncTimerSequence`.
    case asyncTimerSequence = "async-timer-sequence"

    /// What the subject is, in the words people use for it.
    var title: String {
        switch self {
        case .cyclictest: return "cyclictest (rt-tests), its own tuning, no work: the outside floor"
        case .cyclictestDefaultSystem: return "cyclictest (rt-tests), --default-system, no work"
        case .reference: return "clock_nanosleep(TIMER_ABSTIME) loop (reference)"
        case .linkTimer: return "DisplayLink, timer source"
        case .linkTimerLatencyOff: return "DisplayLink, timer source, latency on demand off"
        case .linkPrecise: return "DisplayLink, timer source, precise"
        case .linkLowPower: return "DisplayLink, timer source, low power (one wake-up a frame)"
        case .linkDRM: return "DisplayLink, DRM vblank"
        case .foundationTimer: return "Foundation Timer on a RunLoop"
        case .dispatchTimer: return "DispatchSourceTimer"
        case .asyncAfter: return "DispatchQueue.asyncAfter chain"
        case .taskSleepFor: return "Task.sleep(for:) loop"
        case .taskSleepUntil: return "Task.sleep(until:) loop"
        case .sleepLoop: return "sleep(period) loop"
        case .asyncTimerSequence: return "AsyncTimerSequence"
        }
    }

    /// The display link source the subject runs at `framesPerSecond`; `nil` for the loops that are
    /// not display links.
    func linkSource(framesPerSecond: Double) -> DisplayLink.Source? {
        switch self {
        case .linkTimer, .linkTimerLatencyOff: return .timer(framesPerSecond: framesPerSecond)
        case .linkPrecise: return .timer(framesPerSecond: framesPerSecond, precision: .precise())
        case .linkLowPower: return .timer(framesPerSecond: framesPerSecond, precision: .lowPower)
        case .linkDRM: return .drm()
        default: return nil
        }
    }

    /// The frame thread's options of a display link subject: the defaults, but for latency on demand
    /// where the subject turns it off.
    var linkOptions: FrameThreadOptions {
        FrameThreadOptions(latencyOnDemand: self != .linkTimerLatencyOff)
    }

    /// Whether the subject is a display link (its frames carry their own grid timestamps).
    var isDisplayLink: Bool { linkSource(framesPerSecond: 60) != nil }

    /// Whether the subject runs outside frame-bench's process and does none of the workload's work.
    var isExternal: Bool { cyclictestUsesDefaultSystem != nil }

    /// For the cyclictest subjects, whether cyclictest runs with `--default-system` (no tuning of
    /// its own); nil for every other subject.
    var cyclictestUsesDefaultSystem: Bool? {
        switch self {
        case .cyclictest: return false
        case .cyclictestDefaultSystem: return true
        default: return nil
        }
    }
}
