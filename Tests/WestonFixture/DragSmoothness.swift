import Foundation

/// How evenly a dragged object moves from frame to frame: the figures the injected-drag test and
/// `frame-bench --drag` both judge a constant-speed drag by.
public enum DragSmoothness {
    /// The median spacing of `timestamps` (nanoseconds); nil with fewer than two.
    public static func medianInterval(_ timestamps: [Int64]) -> Int64? {
        let gaps = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }.sorted()
        return gaps.isEmpty ? nil : gaps[gaps.count / 2]
    }

    /// The step from each frame to the next, over frames one `interval` apart (a skipped frame's
    /// double step is the link's pacing, not the input's).
    public static func steps(_ frames: [(time: Int64, y: Double)], interval: Int64) -> [Double] {
        zip(frames.dropFirst(), frames).compactMap { later, earlier in
            abs(Double(later.time - earlier.time - interval)) < Double(interval) / 4
                ? later.y - earlier.y : nil
        }
    }

    /// The standard deviation of `values` as a fraction of their mean (NaN when empty).
    public static func variation(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        return variance.squareRoot() / abs(mean)
    }

    /// `value` as a percentage with one decimal.
    public static func percent(_ value: Double) -> String {
        String(format: "%.1f %%", value * 100)
    }
}
