/// Counters of a link's input queue since the link was made.
public struct InputStatistics: Hashable, Sendable {
    /// Events posted, motion and discrete.
    public var eventsPosted = 0
    /// Input phases that handed a batch to the handler (or would have, with none set).
    public var batchesDelivered = 0
    /// Discrete events delivered (each exactly once).
    public var discreteEventsDelivered = 0
    /// Motion samples dropped because more than ``InputQueue/maximumSamplesPerPoint`` of one point
    /// came between two frames, or more than ``InputQueue/maximumPendingEvents`` raw samples of
    /// finished motion were waiting (the oldest go; each drop is logged once per frame).
    public var motionSamplesDropped = 0
    /// Discrete events dropped because more than ``InputQueue/maximumPendingEvents`` were waiting for
    /// a frame (the oldest go), because their point would have exceeded ``InputQueue/maximumPoints``,
    /// or because they were posted after the link was invalidated.
    public var eventsDropped = 0
    /// Motion samples stamped before an earlier sample of the same point, taken at that sample's time.
    public var timestampsRaised = 0

    /// No events yet.
    public init() {}
}
