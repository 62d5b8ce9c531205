import FrameClock

/// Per frame of GTK's frame clock: what FrameClock and GTK predicted for its presentation, and when
/// it was presented; the report's figures.
@MainActor final class PresentationFigures {
    /// FrameClock's target for each GTK frame counter whose tick reached the link.
    var frameClockTargets: [Int64: Int64] = [:]
    /// Errors of the two predictions against the presentation, in microseconds.
    var frameClockErrors: [Double] = []
    var gtkErrors: [Double] = []
    /// FrameClock's target less the presentation, in nanoseconds: which way a target strays.
    var frameClockOffsets: [Int64] = []
    /// GTK frame times, for the cadence.
    var frameTimes: [Int64] = []
    /// Presentation times in frame order, for the compositor's own jitter.
    var presentations: [Int64] = []
    var ticksOffMainThread = 0
    /// Frame counters already compared.
    var compared = Set<Int64>()

    /// Records a complete GTK frame: its presentation, GTK's prediction (0 when it made none) and
    /// FrameClock's target, all in nanoseconds of `CLOCK_MONOTONIC`.
    func record(counter: Int64, presented: Int64, gtkPredicted: Int64) {
        guard compared.insert(counter).inserted else { return }
        presentations.append(presented)
        if let target = frameClockTargets.removeValue(forKey: counter) {
            frameClockErrors.append(Double(abs(target - presented)) / 1000)
            frameClockOffsets.append(target - presented)
        }
        if gtkPredicted > 0 { gtkErrors.append(Double(abs(gtkPredicted - presented)) / 1000) }
        if compared.count > 4096 { compared.removeAll() }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[Int((fraction * Double(sorted.count - 1)).rounded())]
    }

    /// How far the compositor's presentation intervals stray from their median, in microseconds (at
    /// `fraction`): the floor under any prediction of a presentation.
    func presentationJitter(_ fraction: Double) -> Double {
        let intervals = zip(presentations, presentations.dropFirst()).map { Double($1 - $0) }
        let median = Self.percentile(intervals, 0.5)
        return Self.percentile(intervals.map { abs($0 - median) / 1000 }, fraction)
    }

    /// How many of FrameClock's targets were how many whole presentation intervals from their
    /// presentation (negative: early), in order: a target one interval off is a numbering defect,
    /// not jitter.
    var frameClockOffsetsInIntervals: [(intervals: Int, frames: Int)] {
        let intervals = zip(presentations, presentations.dropFirst()).map { Double($1 - $0) }
        let median = Self.percentile(intervals, 0.5)
        guard median > 0 else { return [] }
        let counts = Dictionary(grouping: frameClockOffsets) { Int((Double($0) / median).rounded()) }
        return counts.keys.sorted().map { ($0, counts[$0]?.count ?? 0) }
    }

    /// The median interval between GTK's frames, in milliseconds.
    var cadenceMilliseconds: Double {
        let intervals = zip(frameTimes, frameTimes.dropFirst()).map { Double($1 - $0) / 1e6 }
        return Self.percentile(intervals, 0.5)
    }
}
