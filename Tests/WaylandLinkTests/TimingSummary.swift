import Foundation

/// Percentile summaries of measured figures, for the tests' printed reports (never asserted on,
/// except the median where a test says so).
enum TimingSummary {
    /// The median (the upper middle value for an even count); 0 for no values.
    static func median(_ values: [Double]) -> Double {
        percentile(values.sorted(), 0.5)
    }

    /// "median m (p10 a, p90 b, min c, max d)", in three decimals.
    static func text(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "none" }
        let sorted = values.sorted()
        func figure(_ value: Double) -> String { String(format: "%.3f", value) }
        return "median \(figure(percentile(sorted, 0.5))) (p10 \(figure(percentile(sorted, 0.1))), "
            + "p90 \(figure(percentile(sorted, 0.9))), min \(figure(sorted[0])), "
            + "max \(figure(sorted[sorted.count - 1])); \(sorted.count) values)"
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}
