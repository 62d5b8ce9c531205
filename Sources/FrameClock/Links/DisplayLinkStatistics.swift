/// Counters of what a link delivered and, where frames are reported as presented, what became of
/// them. A link whose frames are not presented through it keeps the presentation counters at zero.
public struct DisplayLinkStatistics: Hashable, Sendable {
    /// Callbacks (or stream elements) delivered.
    public var framesDelivered = 0
    /// Frame intervals skipped, summed over all frames.
    public var skippedFrames = 0
    /// Ticks dropped by the pacing rules (too soon after the previous frame, or not after it).
    public var droppedTicks = 0
    /// Frames reported shown at their target vblank.
    public var framesOnTime = 0
    /// Frames reported shown late because their callback ran past its deadline.
    public var framesLateByCallback = 0
    /// Frames reported shown late although their callback ended in time (the display was late).
    public var framesLateByDisplay = 0
    /// Frames reported shown at least half an interval before their target
    /// (``FrameOutcome/early(intervals:)``).
    public var framesEarly = 0
    /// Frames reported discarded, never shown.
    public var framesDropped = 0
    /// Frames never shown because their presenter went away (``FrameOutcome/notPresented(reason:)``).
    public var framesNotPresented = 0
    /// Presentation reports that matched no frame awaiting one (a duplicate, or an unknown frame).
    public var feedbackIgnored = 0
    /// Scheduled content handed to frames (``Frame/content``).
    public var contentShown = 0
    /// Scheduled content dropped because newer content was due by the same frame
    /// (``Frame/droppedContent``).
    public var contentDropped = 0
    /// Jobs the frame thread's executor ran (shared by the links on one source).
    public var jobsRun = 0
    /// Frames after which queued jobs had to wait for a later frame (they did not fit the budget).
    public var framesWithJobsDeferred = 0
    /// The time the executor's jobs took, in all.
    public var jobTime = Duration.zero
    /// The field's jank figures over every frame delivered (hitch-time ratio, dropped-frame
    /// percentage, Swappy's histograms); frames still waiting for presentation feedback count as
    /// shown at their target.
    public var jank = JankFigures()

    /// Creates zeroed counters.
    public init() {}

    /// Frames reported shown late, whatever the cause.
    public var framesLate: Int { framesLateByCallback + framesLateByDisplay }

    /// Frames whose presentation was reported (shown or discarded).
    public var framesWithFeedback: Int { framesOnTime + framesEarly + framesLate + framesDropped }

    mutating func count(_ outcome: FrameOutcome) {
        switch outcome {
        case .pending: break
        case .onTime: framesOnTime += 1
        case .early: framesEarly += 1
        case .late(_, .callbackPastDeadline): framesLateByCallback += 1
        case .late(_, .displayLate): framesLateByDisplay += 1
        case .dropped: framesDropped += 1
        case .notPresented: framesNotPresented += 1
        }
    }
}

extension DisplayLinkStatistics {
    /// Frame intervals the link has covered: each delivered frame's own and the ones skipped before
    /// it. A ``DisplayLink/frames`` consumer counts what it missed as the difference between two of
    /// these (wrapping, so that a count that overflows still subtracts right).
    var intervalsCovered: Int { framesDelivered &+ skippedFrames }
    /// Scheduled content the link's frames took, shown or dropped: a ``DisplayLink/frames``
    /// consumer counts the content of the frames it missed from it.
    var contentTaken: Int { contentShown &+ contentDropped }
}
