import FrameClock

/// The field's jank figures of a subject (FrameClock's ``JankFigures``), in a form the JSON report
/// keeps.
struct JankRow: Codable, Sendable {
    /// Apple's hitch-time ratio, ms of hitch per s.
    var hitchMillisecondsPerSecond: Double
    /// Apple's band for it: good, warning or critical.
    var rating: String
    /// Chrome's dropped-frame percentage.
    var droppedPercent: Double
    var hitchesByCallback: Int
    var hitchesByDisplay: Int
    /// Swappy's histograms, in refresh periods (the last bucket: 5 or more).
    var idle: [Int]
    var late: [Int]
    var offsetFromPrevious: [Int]
    var latency: [Int]

    init(_ jank: JankFigures) {
        hitchMillisecondsPerSecond = jank.hitchTimeRatio
        rating = jank.hitchRating.description
        droppedPercent = jank.droppedFramePercentage
        hitchesByCallback = jank.hitchesByCallback
        hitchesByDisplay = jank.hitchesByDisplay
        idle = jank.idle.counts
        late = jank.late.counts
        offsetFromPrevious = jank.offsetFromPrevious.counts
        latency = jank.latency.counts
    }
}

/// Every subject's callbacks as a frame timeline on a simulated display whose vblanks lie on the
/// run's ideal grid: a frame is shown at its target (a display link's, else the vblank after the
/// callback's grid point) if its callback ended by then, else at the first vblank after it ended —
/// the same display the clock-error column assumes.
enum JankAnalysis {
    static func jank(for records: [RunRecord]) -> JankRow {
        JankRow(FrameTimeline(entries: records.flatMap(entries)).jank)
    }

    static func entries(_ record: RunRecord) -> [FrameTimelineEntry] {
        let period = record.context.period
        let interval = period.duration
        let intervalNanoseconds = Int64(period.nanoseconds.rounded())
        var previousTick: Int64?
        return record.samples.enumerated().map { index, sample in
            let tick = period.ticks(containing: sample.start - record.anchor)
            let timestamp = sample.frameTimestamp ?? record.anchor + period.offset(ofTicks: tick)
            let target = sample.targetTimestamp ?? timestamp + intervalNanoseconds
            let shown =
                sample.end <= target
                ? target : Analysis.nextGridPoint(after: sample.end, from: record.anchor, period: period)
            let skipped = sample.reportedSkips ?? previousTick.map { Int(max(0, tick - $0 - 1)) } ?? 0
            previousTick = tick
            let lateIntervals = Int((shown - target + intervalNanoseconds / 2) / max(1, intervalNanoseconds))
            let outcome: FrameOutcome =
                lateIntervals == 0
                ? .onTime
                : .late(
                    intervals: lateIntervals,
                    cause: sample.end > target ? .callbackPastDeadline : .displayLate)
            return FrameTimelineEntry(
                sequence: UInt64(index), timestamp: MonotonicInstant(nanoseconds: timestamp),
                callbackStart: MonotonicInstant(nanoseconds: sample.start),
                callbackEnd: MonotonicInstant(nanoseconds: sample.end),
                deadline: MonotonicInstant(nanoseconds: target),
                target: MonotonicInstant(nanoseconds: target),
                presented: MonotonicInstant(nanoseconds: shown), outcome: outcome, skippedFrames: skipped,
                refreshInterval: interval, frameInterval: interval)
        }
    }
}
