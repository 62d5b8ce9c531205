@testable import FrameClock

/// What a link did on a scripted kernel.
struct LinkOutcome {
    var frames: [Frame]
    var sourceInfo: FrameSourceInfo
    var statistics: DisplayLinkStatistics
    var warnings: [String]
    var errors: [String]
    /// Whether the frame thread ended by itself (no fallback possible) before the frames were in.
    var threadEndedEarly: Bool

    /// Frame sequences.
    var sequences: [Int64] { frames.map { Int64(bitPattern: $0.sequence) } }
    /// Frame timestamps (nanoseconds).
    var timestamps: [Int64] { frames.map(\.timestamp.nanoseconds) }
    /// The intervals between consecutive frames' timestamps.
    var gaps: [Int64] { zip(timestamps, timestamps.dropFirst()).map { $1 - $0 } }
}
