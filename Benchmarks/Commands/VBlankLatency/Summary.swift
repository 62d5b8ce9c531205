/// Percentiles of a set of nanosecond samples, printed in microseconds.
struct Summary {
    let count: Int
    let p50: Int64
    let p99: Int64
    let mean: Double
    let max: Int64

    init(_ samples: [Int64]) {
        let sorted = samples.sorted()
        count = sorted.count
        p50 = Self.percentile(sorted, 0.50)
        p99 = Self.percentile(sorted, 0.99)
        mean = sorted.isEmpty ? 0 : Double(sorted.reduce(0, +)) / Double(sorted.count)
        max = sorted.last ?? 0
    }

    /// Nearest-rank percentile.
    static func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }

    func row(_ name: String, missed: UInt64) -> String {
        "| \(name) | \(count) | \(missed) | \(Self.format(Double(p50) / 1000, digits: 1)) | "
            + "\(Self.format(Double(p99) / 1000, digits: 1)) | \(Self.format(mean / 1000, digits: 1)) | "
            + "\(Self.format(Double(max) / 1000, digits: 1)) |"
    }

    static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}
