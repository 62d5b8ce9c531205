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

extension DisplayLinkStatistics {
    /// Frame intervals the link has covered: each delivered frame's own and the ones skipped before
    /// it. A ``DisplayLink/frames`` consumer counts what it missed as the difference between two of
    /// these (wrapping, so that a count that overflows still subtracts right).
    var intervalsCovered: Int { framesDelivered &+ skippedFrames }
}
