/// The input of one frame: what a link's input handler receives in the frame's input phase, before
/// the frame's callback runs.
///
/// ``events`` holds every discrete event posted since the previous frame, exactly once and in the
/// order posted, and the motion of each pointer and touch point coalesced: one event for the motion
/// that led up to a discrete event of the same point (its newest sample, as it came), and one event
/// for the point's motion at ``samplingTime``, resampled (interpolated between the samples around
/// it, or extrapolated a few milliseconds at most). ``rawMotion`` holds the samples those stand for.
public struct InputBatch: Sendable {
    /// The frame whose input phase this is.
    public let frame: Frame
    /// The instant the motion is resampled to: when the frame's callback started less the queue's
    /// ``InputQueue/resamplingLatency``, or more while a device that reports seldom moves.
    public let samplingTime: MonotonicInstant
    /// Discrete events and coalesced motion, in order. For one point, motion and discrete events keep
    /// the order they were posted in; each point's resampled motion comes after every discrete event.
    public let events: [InputEvent]
    /// Every motion sample consumed in this frame, as posted (times raised where they went backwards),
    /// in order for each point.
    public let rawMotion: [InputEvent]

    /// A batch of `events` and `rawMotion` for `frame`, sampled at `samplingTime` (tests and front ends
    /// that replay input may make their own).
    public init(frame: Frame, samplingTime: MonotonicInstant, events: [InputEvent], rawMotion: [InputEvent]) {
        self.frame = frame
        self.samplingTime = samplingTime
        self.events = events
        self.rawMotion = rawMotion
    }

    /// The time of the batch's oldest event or raw sample, in nanoseconds (`Int64.max` when empty).
    var oldestEventNanoseconds: Int64 {
        var oldest = Int64.max
        for event in events where event.time.nanoseconds < oldest { oldest = event.time.nanoseconds }
        for event in rawMotion where event.time.nanoseconds < oldest { oldest = event.time.nanoseconds }
        return oldest
    }

    /// Whether the batch has no events (it then has no raw motion either).
    public var isEmpty: Bool { events.isEmpty }

    /// The newest motion of `point` in this batch (resampled when nothing of the point came after
    /// it); nil when the point did not move.
    public func motion(of point: InputPointID) -> InputEvent? {
        events.last { $0.isMotion && $0.point == point }
    }

    /// The raw motion samples of `point` consumed in this frame, oldest first.
    public func rawMotion(of point: InputPointID) -> [InputEvent] {
        rawMotion.filter { $0.point == point }
    }

    /// The discrete events, in order, without the motion.
    public var discreteEvents: [InputEvent] {
        events.filter { !$0.isMotion }
    }
}
