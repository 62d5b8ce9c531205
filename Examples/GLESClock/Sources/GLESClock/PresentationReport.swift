import FrameClock

/// What became of the frames accounted for, from the link's timeline: how many were presented,
/// are still pending, or were discarded, and how far each presentation fell from its target.
struct PresentationReport {
    var presented = 0
    var pending = 0
    var discarded = 0
    /// |presented − targetTimestamp| of each presented frame, in milliseconds, sorted.
    var predictionErrors: [Double] = []
    /// The mean time between the first and the last presentation per frame, in milliseconds.
    var meanPresentationInterval: Double?

    init(sequences: [UInt64], timeline: FrameTimeline) {
        for sequence in sequences {
            guard let entry = timeline.entry(sequence: sequence) else {
                pending += 1  // older than the timeline holds: never settled in time
                continue
            }
            if let shown = entry.presented {
                presented += 1
                predictionErrors.append(abs(Double(shown.nanoseconds - entry.target.nanoseconds)) / 1e6)
            } else if entry.outcome == .pending {
                pending += 1
            } else {
                discarded += 1
            }
        }
        predictionErrors.sort()
        let times = sequences.compactMap { timeline.entry(sequence: $0)?.presented?.nanoseconds }
        if let first = times.first, let last = times.last, times.count > 1 {
            meanPresentationInterval = Double(last - first) / Double(times.count - 1) / 1e6
        }
    }

    /// Whether every frame has an outcome.
    var isSettled: Bool { pending == 0 }

    /// The `fraction` percentile (0 to 1) of the prediction errors, nearest rank, or nil without any.
    func predictionError(_ fraction: Double) -> Double? {
        guard !predictionErrors.isEmpty else { return nil }
        let rank = Int((fraction * Double(predictionErrors.count)).rounded(.up)) - 1
        return predictionErrors[min(max(rank, 0), predictionErrors.count - 1)]
    }
}
