/// How the frames of a followed frame clock (a toolkit's, such as GTK's `GdkFrameClock`) are
/// numbered and targeted: each tick is the grid point nearest the clock's frame time, never one
/// numbered already, and its target the presentation nearest the frame time plus the time the
/// clock's frames have lately taken from their start to their presentation.
///
/// The grid is the presentations' (``PresentationGrid``): until the first, it starts at the first
/// frame time with the clock's nominal interval. A presentation off the grid (the first, or one
/// after the compositor's repaint loop started anew) numbers its grid on from the frames already
/// ticked, so that none is numbered twice or skipped for it. The target comes from time, not from
/// numbers: a number pushed on by the never-twice rule, or a frame time half an interval off the
/// presentations, moves no target.
struct FollowedClockGrid: Sendable {
    /// The presentation grid and the time from a frame's start to its presentation.
    private(set) var presentations: PresentationGrid
    /// The clock's recent frames: when each began and the tick it was numbered as.
    private(set) var frames = RecentFollowedFrames()
    /// The timestamp of the latest tick: the next is later.
    private var lastTimestamp: Int64?
    /// How far off the grid, as 1/n of an interval, a presentation starts the grid's phase anew:
    /// a compositor's own spread is well inside a quarter.
    static let offGridDivisor: Int64 = 4

    /// A grid that starts at `start` with the clock's nominal `interval` until its first frame.
    init(start: Int64, nominalInterval interval: Int64) {
        presentations = PresentationGrid(start: start, advertisedInterval: interval)
    }

    /// The grid ticks lie on.
    var grid: TickGrid { presentations.grid }

    /// A tick of the followed clock for its frame that began at `frameTime`: its sequence, its
    /// timestamp (later than the last tick's), and how many intervals after it the frame is to be
    /// shown.
    mutating func tick(frameTime time: Int64) -> (sequence: Int64, timestamp: Int64, depth: Int64) {
        if frames.lastSequence == nil, !presentations.hasPresentation {
            // The clock's first frame starts the grid: the source's own start is neither a frame
            // nor a presentation.
            presentations.restart(at: time)
        }
        let grid = presentations.grid
        var sequence = grid.nearestSequence(to: time)
        if let last = frames.lastSequence, sequence <= last { sequence = last + 1 }
        // A grid renumbered since the last tick may put this one's point at or before the last's.
        while let last = lastTimestamp, grid.timestamp(of: sequence) <= last { sequence += 1 }
        frames.record(frameTime: time, sequence: sequence)
        let timestamp = grid.timestamp(of: sequence)
        lastTimestamp = timestamp
        let depth = presentations.presentationDepth(of: sequence, callbackAt: time)
        return (sequence, timestamp, depth)
    }

    /// The clock's frame that began at `frameTime` was shown at `presentation`; `refreshInterval`,
    /// when positive, is the interval the clock advertises. Returns the frame's sequence, or nil for
    /// a frame not ticked recently.
    mutating func presented(frameTime: Int64, at presentation: Int64, refreshInterval: Int64?) -> Int64? {
        if let interval = refreshInterval, interval > 0 { presentations.advertise(interval) }
        let grid = presentations.grid
        let nearest = grid.timestamp(of: grid.nearestSequence(to: presentation))
        let offGrid =
            !presentations.hasPresentation
            || abs(presentation - nearest) * Self.offGridDivisor > Int64(grid.period.nanoseconds)
        presentations.recordPresentation(at: presentation)
        if offGrid, let last = frames.last {
            presentations.renumber(nearest: last.frameTime, as: last.sequence)
        }
        guard let sequence = frames.sequence(forFrameTime: frameTime) else { return nil }
        if presentation - frameTime <= RecentFollowedFrames.deepestPresentation * presentations.interval {
            presentations.recordLatency(callback: frameTime, presented: presentation)
        }
        return sequence
    }
}
