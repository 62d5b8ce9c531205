import FrameClock

/// What became of the link's frames, from its timeline: presented (on time or late), pending, or
/// discarded; and each presented frame's start to presentation and distance from its target, in
/// milliseconds.
struct PresentationTally {
    var presented = 0
    var late = 0
    var pending = 0
    var discarded = 0
    /// Callback start to presentation, sorted.
    var latencies: [Double] = []
    /// |presentation − target|, sorted.
    var predictionErrors: [Double] = []

    /// The tally of frames `sequences` in `timeline` (a frame the timeline no longer holds is pending).
    init(_ timeline: FrameTimeline, sequences: [UInt64]) {
        for sequence in sequences {
            guard let entry = timeline.entry(sequence: sequence) else {
                pending += 1
                continue
            }
            switch entry.outcome {
            case .pending:
                pending += 1
            case .dropped, .notPresented:
                discarded += 1
            case .onTime, .early, .late:
                guard let shown = entry.presented else { continue }
                presented += 1
                if case .late = entry.outcome { late += 1 }
                latencies.append(Double(shown.nanoseconds - entry.callbackStart.nanoseconds) / 1e6)
                predictionErrors.append(abs(Double(shown.nanoseconds - entry.target.nanoseconds)) / 1e6)
            }
        }
        latencies.sort()
        predictionErrors.sort()
    }

    /// Whether every frame has an outcome.
    var isSettled: Bool { pending == 0 }

    /// The report line on `frames` frames.
    func line(frames: Int) -> String {
        "link: \(frames) frames: \(presented) presented, \(pending) pending, \(discarded) discarded, \(late) late; "
            + "start → presentation p50 \(RunFigures.milliseconds(RunFigures.quantile(latencies, 0.5))) ms "
            + "p95 \(RunFigures.milliseconds(RunFigures.quantile(latencies, 0.95))) ms; |presented − target| p50 "
            + "\(RunFigures.milliseconds(RunFigures.quantile(predictionErrors, 0.5))) ms p95 "
            + "\(RunFigures.milliseconds(RunFigures.quantile(predictionErrors, 0.95))) ms"
    }
}
