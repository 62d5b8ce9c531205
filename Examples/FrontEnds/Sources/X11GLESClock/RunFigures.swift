/// The cadence figures of a run's frames, defined as the X11 link tests define them
/// (Tests/X11LinkTests/X11LinkRun.swift, `X11RunFigures`): a duplicate is a frame whose sequence does
/// not move forward, a burst a callback started less than half an interval after the one before.
struct RunFigures: CustomStringConvertible {
    /// Frame-to-frame timestamp gaps, in milliseconds, sorted.
    var gaps: [Double]
    /// Frames whose sequence did not move forward.
    var duplicates: Int
    /// Frames whose callback started less than half an interval after the one before.
    var bursts: Int
    /// Refreshes skipped, as the link counted them.
    var skipped: Int

    /// The figures of `frames`, in the order they were delivered.
    init(frames: [DeliveredFrame]) {
        var gaps: [Double] = []
        var duplicates = 0
        var bursts = 0
        for (previous, next) in zip(frames, frames.dropFirst()) {
            if next.sequence <= previous.sequence { duplicates += 1 }
            gaps.append(Double(next.timestamp - previous.timestamp) / 1e6)
            if next.calledAt - previous.calledAt < next.duration / 2 { bursts += 1 }
        }
        self.gaps = gaps.sorted()
        self.duplicates = duplicates
        self.bursts = bursts
        skipped = frames.reduce(0) { $0 + $1.skippedFrames }
    }

    /// The `fraction` quantile of sorted `values` (nan when empty).
    static func quantile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        return values[min(values.count - 1, Int(Double(values.count - 1) * fraction))]
    }

    /// `value` in milliseconds with three decimals.
    static func milliseconds(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let thousandths = Int((value * 1000).rounded())
        let whole = abs(thousandths) / 1000
        let fraction = String(abs(thousandths) % 1000)
        let sign = thousandths < 0 ? "-" : ""
        return "\(sign)\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    var description: String {
        "duplicates \(duplicates), bursts \(bursts), skipped \(skipped); tick gap p50 "
            + "\(Self.milliseconds(Self.quantile(gaps, 0.5))) ms p95 \(Self.milliseconds(Self.quantile(gaps, 0.95))) ms "
            + "(min \(Self.milliseconds(gaps.first ?? .nan)), max \(Self.milliseconds(gaps.last ?? .nan)))"
    }
}
