/// Latencies of hops to `MainActor`, in microseconds, and their percentiles.
struct HopLatencies: Sendable {
    var microseconds: [Double] = []
    var inOrder = true
    var allOnMainThread = true

    /// The value below which `fraction` of the latencies fall (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !microseconds.isEmpty else { return .nan }
        let sorted = microseconds.sorted()
        let rank = Int((fraction * Double(sorted.count - 1)).rounded())
        return sorted[rank]
    }

    var summary: String {
        let format = { (value: Double) in
            value >= 1000 ? "\((value / 100).rounded() / 10) ms" : "\(Int(value.rounded())) µs"
        }
        return "\(microseconds.count) hops, p50 \(format(percentile(0.5))), p99 \(format(percentile(0.99)))"
    }
}
