/// What became of the frames accounted for: how many were presented, are still pending, or were
/// discarded; how long from each frame's start to its presentation; how far each presentation fell
/// from its target; and the CPU time spent per frame.
struct PresentationReport {
    var presented = 0
    var pending = 0
    var discarded = 0
    /// Start to presentation of each presented frame, in milliseconds, sorted.
    var latencies: [Double] = []
    /// |presented − target| of each presented frame with a target, in milliseconds, sorted.
    var predictionErrors: [Double] = []
    /// The mean time between the first and the last presentation per frame, in milliseconds.
    var meanPresentationInterval: Double?
    /// The process's CPU time (user and system, every thread) per frame, in milliseconds.
    var cpuPerFrame: Double?

    init(samples: [FrameSample]) {
        var times: [Int64] = []
        for sample in samples {
            switch sample.fate {
            case .presented(let shown):
                presented += 1
                times.append(shown)
                latencies.append(Double(shown - sample.start) / 1e6)
                if let target = sample.target { predictionErrors.append(abs(Double(shown - target)) / 1e6) }
            case .pending: pending += 1
            case .discarded: discarded += 1
            }
        }
        latencies.sort()
        predictionErrors.sort()
        if let first = times.first, let last = times.last, times.count > 1 {
            meanPresentationInterval = Double(last - first) / Double(times.count - 1) / 1e6
        }
    }

    /// "of the 120 frames drawn: 118 presented, 0 pending, 2 discarded or not presented".
    func accounting(frames: Int) -> String {
        "of the \(frames) frames drawn: \(presented) presented, \(pending) pending, "
            + "\(discarded) discarded or not presented"
    }

    /// Whether every frame has an outcome.
    var isSettled: Bool { pending == 0 }

    /// The `fraction` percentile (0 to 1) of `values` (sorted), nearest rank, or nil without any.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }

    /// The report's lines, each starting "gles-clock:".
    func lines(frames: Int, pacing: String) -> [String] {
        func figure(_ value: Double?) -> String {
            value.map { String(Int(($0 * 1000).rounded())) + " µs" } ?? "n/a"
        }
        return [
            "gles-clock: \(pacing): \(frames) frames: \(presented) presented, \(pending) pending, \(discarded) discarded",
            "gles-clock: start to presentation: p50 \(figure(Self.percentile(latencies, 0.5))), p99 \(figure(Self.percentile(latencies, 0.99)))",
            "gles-clock: prediction error |presented - target|: p50 \(figure(Self.percentile(predictionErrors, 0.5))), p95 \(figure(Self.percentile(predictionErrors, 0.95)))",
            "gles-clock: a presentation every \(figure(meanPresentationInterval)) on average; CPU per frame \(figure(cpuPerFrame))",
        ]
    }
}
