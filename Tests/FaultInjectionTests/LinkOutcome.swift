@testable import FrameClock

/// What a link did on a scripted kernel.
struct LinkOutcome {
    var frames: [Frame]
    /// The kind of source the link was on when each frame was delivered.
    var kinds: [FrameSourceKind]
    var sourceInfo: FrameSourceInfo
    var statistics: DisplayLinkStatistics
    var warnings: [String]
    var errors: [String]
    var notices: [String]
    /// Whether the frame thread ended by itself (no fallback possible) before the frames were in.
    var threadEndedEarly: Bool
    /// What the frame thread was granted.
    var threadReport: FrameThreadReport?

    /// Frame sequences.
    var sequences: [Int64] { frames.map { Int64(bitPattern: $0.sequence) } }
    /// Frame timestamps (nanoseconds).
    var timestamps: [Int64] { frames.map(\.timestamp.nanoseconds) }
    /// The intervals between consecutive frames' timestamps.
    var gaps: [Int64] { zip(timestamps, timestamps.dropFirst()).map { $1 - $0 } }
}
