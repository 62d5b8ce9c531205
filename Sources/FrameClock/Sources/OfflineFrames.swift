/// The frames of an offline rendering: frame *k* shows the instant `start + k / framesPerSecond`,
/// exactly, from frame 0 at `start` — a video's frames, with no clock to wait for.
///
/// ```swift
/// for frame in try OfflineFrames(framesPerSecond: 30, count: 90) {   // 3 s of video
///     layer.timeOffset = frame.targetTimestamp.seconds                 // 0, 1/30, 2/30, … s
///     try render(layer).writePNG(to: "frame-\(frame.sequence).png")  // frame-0.png, frame-1.png, …
/// }
/// ```
///
/// Each ``Frame`` is what a display link would hand a callback that is on time, with the instant
/// to draw in ``Frame/targetTimestamp`` as always: `sequence` is *k*, `targetTimestamp` is
/// `start + k / framesPerSecond` (on an exact ``FramePeriod`` grid, so frame 10 000 000 is where the
/// rate says), `timestamp` is one interval before it, and `skippedFrames` and `lateness` are 0.
/// The frames are a `RandomAccessCollection`: `frames[k]` is frame *k*, and the frames can be
/// split among threads.
///
/// To run a display link's pacing rules in virtual time instead — a callback's work making it skip
/// frames — use a ``ManualFrameSource``.
public struct OfflineFrames: RandomAccessCollection, Hashable, Sendable {
    /// The exact interval between frames.
    public let period: FramePeriod
    /// The instant frame 0 shows.
    public let start: MonotonicInstant
    /// How many frames there are.
    public let count: Int
    private let grid: TickGrid

    /// `count` frames at `framesPerSecond` from `start`.
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` for a rate that is not finite and from
    ///   ``FramePeriod/minimumFramesPerSecond`` to ``FramePeriod/maximumFramesPerSecond``;
    ///   ``DisplayLinkError/invalidFrameCount(_:)`` for a negative count.
    public init(
        framesPerSecond: Double, count: Int, start: MonotonicInstant = MonotonicInstant(nanoseconds: 0)
    ) throws(DisplayLinkError) {
        guard count >= 0 else { throw .invalidFrameCount(count) }
        period = try FramePeriod(framesPerSecond: framesPerSecond)
        self.start = start
        self.count = count
        grid = TickGrid(anchorSequence: 0, anchorTimestamp: start.nanoseconds, period: period)
    }

    /// The frames at `framesPerSecond` that show an instant in `start ..< start + duration`:
    /// `ceil(duration · framesPerSecond)` of them (none for a duration of zero or less).
    ///
    /// - Throws: ``DisplayLinkError/invalidFrameRate(_:)`` as ``init(framesPerSecond:count:start:)``.
    public init(
        framesPerSecond: Double, duration: Duration,
        start: MonotonicInstant = MonotonicInstant(nanoseconds: 0)
    ) throws(DisplayLinkError) {
        let period = try FramePeriod(framesPerSecond: framesPerSecond)
        let nanoseconds = duration.wholeNanoseconds
        // Frames k ≥ 0 with offset(k) < duration, that is offset(k) ≤ duration − 1 ns.
        let count = nanoseconds > 0 ? Int(period.ticks(containing: nanoseconds - 1)) + 1 : 0
        try self.init(framesPerSecond: framesPerSecond, count: count, start: start)
    }

    /// 0.
    public var startIndex: Int { 0 }

    /// ``count``.
    public var endIndex: Int { count }

    /// Frame `index`: `targetTimestamp` at `start + index / framesPerSecond`.
    public subscript(index: Int) -> Frame {
        precondition(index >= 0 && index < count, "frame \(index) is outside 0..<\(count)")
        let k = Int64(index)
        return Frame(
            timestamp: MonotonicInstant(nanoseconds: grid.timestamp(of: k - 1)),
            targetTimestamp: MonotonicInstant(nanoseconds: grid.timestamp(of: k)), duration: period.duration,
            sequence: UInt64(index), skippedFrames: 0, lateness: .zero)
    }
}
