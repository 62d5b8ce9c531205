/// The figures front ends are judged by, over a run of frames: Apple's hitch-time ratio, Chrome's
/// dropped-frame percentage and the four histograms of Android's Frame Pacing library (Swappy).
///
/// A frame *hitches* when it is shown later than expected: later than one frame interval after the
/// frame before it was shown, and later than its own target less the intervals the link skipped
/// before it (a skip the previous frame's lateness caused is counted once). Hitches shorter than
/// half a refresh period are jitter, not hitches. A frame without presentation feedback counts as
/// shown at its target, or, when its callback ran past its deadline, at the first refresh after its
/// callback ended (plus the presentation latency): a timer's link, never told when its frames were
/// shown, still sees the hitches its callbacks caused. A frame reported discarded or not presented
/// hitches by one frame interval. The reference model in the tests (rules J1–J4) states each
/// definition; the FrameClock article "Jank figures" works an example.
///
/// ```swift
/// let jank = link.statistics.jank
/// print(jank.hitchTimeRatio, jank.droppedFramePercentage, jank.offsetFromPrevious)
/// ```
public struct JankFigures: Hashable, Sendable {
    /// Frames shown (or, without feedback, delivered and assumed shown).
    public internal(set) var framesShown = 0
    /// Frame intervals that brought no new frame: each hitch's length in frame intervals (at least
    /// one), and each frame discarded or not presented. Chrome's dropped frames.
    public internal(set) var framesDropped = 0
    /// The time frames were shown later than expected, in all.
    public var hitchTime: Duration { .nanoseconds(hitchNanoseconds) }
    /// The time the frames covered: each shown frame's interval and its hitch, and each frame
    /// discarded or not presented.
    public var span: Duration { .nanoseconds(spanNanoseconds) }
    /// ``hitchTime`` and ``span`` are summed in nanoseconds: `Duration`'s 128-bit arithmetic would
    /// cost every frame a sixth of its path.
    var hitchNanoseconds: Int64 = 0
    var spanNanoseconds: Int64 = 0
    /// Frames that hitched because a callback ran past its deadline (or its frame was discarded).
    public internal(set) var hitchesByCallback = 0
    /// Frames that hitched although the callbacks ended in time: the display, the compositor or a
    /// late wake-up of the frame thread.
    public internal(set) var hitchesByDisplay = 0
    /// Swappy's idle frames: refresh periods from a callback's end to its frame being shown.
    public internal(set) var idle = RefreshPeriodHistogram()
    /// Swappy's late frames: refresh periods from a frame's target to its being shown.
    public internal(set) var late = RefreshPeriodHistogram()
    /// Swappy's offset from the previous frame: refresh periods between two frames being shown.
    public internal(set) var offsetFromPrevious = RefreshPeriodHistogram()
    /// Swappy's latency frames: refresh periods from a callback's start to its frame being shown.
    public internal(set) var latency = RefreshPeriodHistogram()

    /// No frames yet.
    public init() {}

    /// Apple's hitch-time ratio: milliseconds of hitch per second of frames (good up to
    /// ``HitchRating/goodLimit``, critical from ``HitchRating/criticalLimit``); 0 without frames.
    public var hitchTimeRatio: Double {
        let seconds = Double(spanNanoseconds) / 1e9
        return seconds > 0 ? Double(hitchNanoseconds) / 1e6 / seconds : 0
    }

    /// Chrome's dropped-frame percentage: frames dropped out of the frames expected (shown and
    /// dropped); 0 without frames.
    public var droppedFramePercentage: Double {
        let expected = framesShown + framesDropped
        return expected > 0 ? 100 * Double(framesDropped) / Double(expected) : 0
    }

    /// The hitch-time ratio in Apple's three bands.
    public var hitchRating: HitchRating { HitchRating(ratio: hitchTimeRatio) }
}

/// Apple's bands for a hitch-time ratio (milliseconds of hitch per second).
public enum HitchRating: Hashable, Sendable, CustomStringConvertible {
    /// At most ``goodLimit`` ms/s: hardly noticeable.
    case good
    /// Between the two limits: noticeable interruptions.
    case warning
    /// At least ``criticalLimit`` ms/s: the user's experience suffers.
    case critical

    /// The highest ratio that is still good, in ms/s.
    public static let goodLimit = 5.0
    /// The lowest ratio that is critical, in ms/s.
    public static let criticalLimit = 10.0

    /// The band of `ratio` (ms/s).
    public init(ratio: Double) {
        self = ratio <= Self.goodLimit ? .good : (ratio >= Self.criticalLimit ? .critical : .warning)
    }

    /// "good", "warning" or "critical".
    public var description: String {
        switch self {
        case .good: "good"
        case .warning: "warning"
        case .critical: "critical"
        }
    }
}

/// One frame that hitched, as Android's JankStats reports a janky frame: by how much, and whose
/// fault it was.
public struct FrameHitch: Hashable, Sendable, CustomStringConvertible {
    /// The frame's sequence (``Frame/sequence``).
    public let sequence: UInt64
    /// How much later than expected it was shown (a discarded frame: one frame interval).
    public let hitchTime: Duration
    /// The frame intervals that brought no new frame because of it.
    public let framesDropped: Int
    /// The callback's fault (this frame's, or the one before it that ran past its deadline), or the
    /// display's.
    public let cause: LateFrameCause

    /// For example "frame 12: 16.7 ms hitch, 1 dropped (the callback ran past its deadline)".
    public var description: String {
        let milliseconds = DecimalFormat.string(Double(hitchTime.wholeNanoseconds) / 1e6, digits: 1)
        return "frame \(sequence): \(milliseconds) ms hitch, \(framesDropped) dropped (\(cause))"
    }
}
