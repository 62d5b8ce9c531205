/// One frame's timings, as a frame timeline keeps them (the counterpart of GTK's
/// `GdkFrameTimings` and Android's `FrameTimeline` data).
public struct FrameTimelineEntry: Hashable, Sendable {
    /// The frame's sequence (``Frame/sequence``).
    public var sequence: UInt64
    /// The vsync the frame follows (``Frame/timestamp``).
    public var timestamp: MonotonicInstant
    /// When its callback started.
    public var callbackStart: MonotonicInstant
    /// When its callback returned; nil while it runs.
    public var callbackEnd: MonotonicInstant?
    /// The latest moment its work could end and still make the target (``Frame/deadline``).
    public var deadline: MonotonicInstant
    /// The vsync it was meant for (``Frame/targetTimestamp``).
    public var target: MonotonicInstant
    /// When it was shown, from presentation feedback; nil until then, or if it was not shown.
    public var presented: MonotonicInstant?
    /// The display's vblank count at which it was shown, when the feedback carried one.
    public var presentedVBlank: UInt64?
    /// What became of it.
    public var outcome: FrameOutcome
    /// Whole frame intervals skipped before it (``Frame/skippedFrames``).
    public var skippedFrames: Int
    /// The callback duration the link predicted when it scheduled the frame (render-deadline
    /// dispatch; zero after a vblank).
    public var predictedDuration: Duration {
        get { Duration(nanoseconds: predictedNanoseconds) }
        set { predictedNanoseconds = newValue.wholeNanoseconds }
    }
    /// The display's refresh interval.
    public var refreshInterval: Duration {
        get { Duration(nanoseconds: refreshNanoseconds) }
        set { refreshNanoseconds = newValue.wholeNanoseconds }
    }
    /// The frame interval (``Frame/duration``: the refresh interval times the link's divisor);
    /// zero when unknown, and then taken to be the refresh interval.
    public var frameInterval: Duration {
        get { Duration(nanoseconds: frameNanoseconds) }
        set { frameNanoseconds = newValue.wholeNanoseconds }
    }
    // Kept in nanoseconds: the statistics fold every entry, and `Duration`'s conversion to them
    // (128-bit division) would cost each frame a tenth of its path.
    var predictedNanoseconds: Int64
    var refreshNanoseconds: Int64
    var frameNanoseconds: Int64
    /// The output the frame was made for, with its nominal refresh, when the source knows it (a
    /// Wayland window's): a window moved to another output shows the switch here.
    public var output: FrameSourceOutput?
    /// Jobs the frame thread's executor ran after this frame's callbacks, before the next frame.
    public var jobsRun = 0
    /// When those jobs started; nil when none ran.
    public var jobsStart: MonotonicInstant? = nil
    /// The time they took.
    public var jobTime = Duration.zero
    /// The time of the oldest input event (a discrete event or a raw motion sample) that the frame's
    /// input phase handed to the link's input handler; nil when it handed none.
    public var oldestInput: MonotonicInstant? = nil
    /// The scheduled content the frame showed (``Frame/content``): with ``presented``, when that
    /// content was really shown.
    public var content: ScheduledContent? = nil

    /// Creates an entry: the link makes these, and a benchmark or a test that scripts a timeline
    /// (``FrameTimeline/init(entries:)``, for its ``FrameTimeline/jank``) may too.
    public init(
        sequence: UInt64, timestamp: MonotonicInstant, callbackStart: MonotonicInstant,
        callbackEnd: MonotonicInstant?, deadline: MonotonicInstant, target: MonotonicInstant,
        presented: MonotonicInstant?, presentedVBlank: UInt64? = nil, outcome: FrameOutcome,
        skippedFrames: Int,
        predictedDuration: Duration = .zero, refreshInterval: Duration, frameInterval: Duration = .zero,
        output: FrameSourceOutput? = nil
    ) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.callbackStart = callbackStart
        self.callbackEnd = callbackEnd
        self.deadline = deadline
        self.target = target
        self.presented = presented
        self.presentedVBlank = presentedVBlank
        self.outcome = outcome
        self.skippedFrames = skippedFrames
        self.predictedNanoseconds = predictedDuration.wholeNanoseconds
        self.refreshNanoseconds = refreshInterval.wholeNanoseconds
        self.frameNanoseconds = frameInterval.wholeNanoseconds
        self.output = output
    }

    /// An entry with its intervals in nanoseconds, as the link makes one each frame.
    init(
        sequence: UInt64, timestamp: MonotonicInstant, callbackStart: MonotonicInstant,
        deadline: MonotonicInstant,
        target: MonotonicInstant, skippedFrames: Int, predictedNanoseconds: Int64, refreshNanoseconds: Int64,
        frameNanoseconds: Int64, output: FrameSourceOutput?, content: ScheduledContent? = nil
    ) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.callbackStart = callbackStart
        self.callbackEnd = nil
        self.deadline = deadline
        self.target = target
        self.presented = nil
        self.presentedVBlank = nil
        self.outcome = .pending
        self.skippedFrames = skippedFrames
        self.predictedNanoseconds = predictedNanoseconds
        self.refreshNanoseconds = refreshNanoseconds
        self.frameNanoseconds = frameNanoseconds
        self.output = output
        self.content = content
    }

    /// How long the callback ran; nil while it runs.
    public var callbackDuration: Duration? { callbackEnd.map { $0 - callbackStart } }

    /// From the callback's start to the frame being shown: the latency of the frame's work.
    public var latency: Duration? { presented.map { $0 - callbackStart } }

    /// From the oldest input event the frame handled to the frame being shown: the latency a user
    /// feels, as Android's and Chrome's input-to-present figures count it. Nil without both.
    public var inputLatency: Duration? {
        guard let presented, let oldestInput else { return nil }
        return presented - oldestInput
    }
}
