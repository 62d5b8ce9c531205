/// Where a link is in its life: one value, so that no two flags can disagree.
enum LinkLifecycle: Hashable, Sendable {
    /// Delivering frames to its callback and ``DisplayLink/frames`` consumers, when it has any.
    case active
    /// Paused: no frames and no wake-ups until resumed.
    case paused
    /// Invalidated for good.
    case invalidated
}

/// A frame interval derived from a source interval and a divisor.
struct FrameTiming: Sendable {
    let sourcePeriod: FramePeriod
    let divisor: Int64
    let duration: Duration
    let halfFrame: Int64
    /// The frame interval in whole nanoseconds.
    let nanoseconds: Int64
    /// The source's interval in whole nanoseconds.
    let refreshNanoseconds: Int64

    /// The source's interval, rounded to whole nanoseconds.
    let refreshInterval: Duration

    init(sourcePeriod: FramePeriod, divisor: Int64) {
        self.sourcePeriod = sourcePeriod
        self.divisor = divisor
        refreshInterval = sourcePeriod.duration
        let period = sourcePeriod.multiplied(by: Int(divisor))
        duration = period.duration
        halfFrame = Int64(period.nanoseconds / 2)
        nanoseconds = duration.wholeNanoseconds
        refreshNanoseconds = refreshInterval.wholeNanoseconds
    }
}

/// A frame on its way out of the lock: built once, handed to every consumer.
struct FrameDelivery: Sendable {
    /// The frame every consumer gets (a ``DisplayLink/frames`` consumer with its own count of
    /// skipped frames).
    let frame: Frame
    /// The frame intervals the link had covered with this frame, for `frames` consumers.
    let intervalsSoFar: Int
    /// The scheduled content the link's frames had taken with this frame, for `frames` consumers.
    let contentSoFar: Int
}

/// The callback in a class, so that handing it out of the lock is a retain: a bare closure
/// returned through the lock's generic result is re-wrapped in a thunk that allocates every frame.
final class FrameCallback: Sendable {
    let body: @Sendable (Frame) -> Void
    init(body: @escaping @Sendable (Frame) -> Void) { self.body = body }
}

/// A link's state, under its lock.
struct LinkState: Sendable {
    var lifecycle = LinkLifecycle.active
    var callback: FrameCallback?
    var streams: [(id: Int, continuation: AsyncStream<FrameDelivery>.Continuation)] = []
    var nextStreamID = 0
    var sourceWatchers: [(id: Int, continuation: AsyncStream<FrameSourceInfo>.Continuation)] = []
    var stallWatchers: [(id: Int, continuation: AsyncStream<FrameStall>.Continuation)] = []
    var rateWatchers: [(id: Int, continuation: AsyncStream<FrameRateChange>.Continuation)] = []
    var adaptiveRate = AdaptiveRate()
    /// The stall threshold asked for; nil: the larger of four frame intervals and 250 ms.
    var stallThreshold: Int64?
    var pacer = FramePacer()
    var range = FrameRateRange.native
    var preferredFramesPerSecond = 0
    var statistics = DisplayLinkStatistics()
    var timing: FrameTiming?
    /// The frame interval of the last frame delivered: when the source's interval changes under it (a
    /// Wayland window moved from a 144 Hz output to a 60 Hz one), the first frame of the new interval
    /// is kept half the shorter of the two apart from it, not half the new one (the new output's first
    /// callback may come 3 ms after the old one's last).
    var lastFrameTiming: FrameTiming?
    var dispatch = FrameDispatch.afterVBlank
    var presentationLatency: Int64 = LinkState.defaultPresentationLatency
    var predictor = RenderTimePredictor()
    var timeline = TimelineRing(capacity: DisplayLink.defaultTimelineCapacity)
    /// The jank figures of the frames the timeline no longer holds.
    var jank = JankCounter()
    var animationClock = AnimationClock()
    /// The target of the last frame delivered, on the source's clock: the next frame's must come
    /// after it (``decide(_:now:)``).
    var lastTarget: Int64?
    /// The content scheduled to be shown at chosen times, and what a frame does with late content.
    var content = ContentQueue()
    var lateContentPolicy = LateContentPolicy.dropLate
    /// The frame thread's executor, once asked for: held here while the link lives.
    var executor: FrameExecutor?

    var isActive: Bool { lifecycle == .active && (callback != nil || !streams.isEmpty) }

    /// The frame interval for a source interval and the current divisor, computed once per change.
    mutating func timing(for sourcePeriod: FramePeriod) -> FrameTiming {
        if let timing, timing.sourcePeriod == sourcePeriod, timing.divisor == pacer.divisor {
            return timing
        }
        let timing = FrameTiming(sourcePeriod: sourcePeriod, divisor: pacer.divisor)
        self.timing = timing
        return timing
    }
}
