@testable import FrameClock

/// What a link did on a scripted compositor, in its virtual time.
struct WaylandLinkOutcome {
    /// One delivered frame, with what the link said at its callback.
    struct Delivered {
        var frame: Frame
        /// When its callback started.
        var calledAt: Int64
        /// The link's source then.
        var kind: FrameSourceKind
        var reason: FrameSourceInfo.Reason
        /// The output the link's source said the frames were shown on then.
        var output: FrameSourceOutput? = nil
    }

    var delivered: [Delivered]
    /// What a ``DisplayLink/sourceChanges`` consumer, subscribed before the start, received.
    var changes: [FrameSourceInfo]
    var sourceInfo: FrameSourceInfo
    var statistics: DisplayLinkStatistics
    var timeline: FrameTimeline
    var warnings: [String]
    var errors: [String]

    /// Frame sequences.
    var sequences: [Int64] { delivered.map { Int64(bitPattern: $0.frame.sequence) } }
    /// When consecutive callbacks started, apart.
    var callbackGaps: [Int64] { zip(delivered, delivered.dropFirst()).map { $1.calledAt - $0.calledAt } }
}
