/// The figures of a run: frames presented, pending and discarded; start → presentation and
/// |presented − target| percentiles; the mean time between presentations; CPU per frame.
struct PresentationSummary {
    /// Frames shown.
    private(set) var presented = 0
    /// Frames still without an outcome.
    private(set) var pending = 0
    /// Frames the compositor will never show (replaced before its repaint, or hidden).
    private(set) var discarded = 0
    /// Milliseconds from each presented frame's start to its presentation, ascending.
    private var latencies: [Double] = []
    /// Milliseconds between each presented frame's target and its presentation, ascending.
    private var errors: [Double] = []
    /// Milliseconds between the first and last presentation, per presentation after the first.
    private var meanInterval: Double?
    /// The process's CPU milliseconds per frame, every thread's (the driver's included).
    var cpuPerFrame: Double?

    init(_ records: [FrameRecord]) {
        var first: Int64?
        var last: Int64?
        for record in records {
            switch record.fate {
            case .pending: pending += 1
            case .discarded: discarded += 1
            case .presented(let shown):
                presented += 1
                first = first ?? shown.nanoseconds
                last = shown.nanoseconds
                latencies.append(Self.milliseconds(shown.nanoseconds - record.start.nanoseconds))
                if let target = record.target {
                    errors.append(abs(Self.milliseconds(shown.nanoseconds - target.nanoseconds)))
                }
            }
        }
        latencies.sort()
        errors.sort()
        if let first, let last, presented > 1 {
            meanInterval = Self.milliseconds(last - first) / Double(presented - 1)
        }
    }

    /// The summary's lines for `frames` frames paced by `pacing`, each starting "vulkan-clock:".
    func lines(frames: Int, pacing: String) -> [String] {
        [
            "\(frames) frames: \(presented) presented, \(pending) pending, \(discarded) discarded",
            "start to presentation: p50 \(Self.rank(latencies, 0.5)), p99 \(Self.rank(latencies, 0.99))",
            "prediction error |presented - target|: p50 \(Self.rank(errors, 0.5)), p95 \(Self.rank(errors, 0.95))",
            "a presentation every \(Self.format(meanInterval)) on average; CPU per frame \(Self.format(cpuPerFrame))",
        ].map { "vulkan-clock: \(pacing): " + $0 }
    }

    private static func milliseconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }

    /// The nearest-rank `fraction` percentile of the ascending `values`, formatted.
    private static func rank(_ values: [Double], _ fraction: Double) -> String {
        guard !values.isEmpty else { return format(nil) }
        let position = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return format(values[max(0, min(position, values.count - 1))])
    }

    /// Milliseconds shown as whole microseconds, or "n/a".
    private static func format(_ milliseconds: Double?) -> String {
        guard let milliseconds else { return "n/a" }
        return "\(Int((milliseconds * 1000).rounded())) µs"
    }
}
