import FrameClock

/// Per frame of GTK's frame clock: what FrameClock and GTK predicted for its presentation, and when
/// it was presented; the report's figures.
@MainActor final class PresentationFigures {
    /// FrameClock's target for each GTK frame counter whose tick reached the link.
    var frameClockTargets: [Int64: Int64] = [:]
    /// Errors of the two predictions against the presentation, in microseconds.
    var frameClockErrors: [Double] = []
    var gtkErrors: [Double] = []
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

    /// The median interval between GTK's frames, in milliseconds.
    var cadenceMilliseconds: Double {
        let intervals = zip(frameTimes, frameTimes.dropFirst()).map { Double($1 - $0) / 1e6 }
        return Self.percentile(intervals, 0.5)
    }
}
