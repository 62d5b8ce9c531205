/// Fixed-point formatting of doubles without Foundation, for descriptions and log lines.
enum DecimalFormat {
    /// `value` with exactly `digits` digits after the point (rounded half away from zero).
    static func string(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return "\(value)" }
        let whole = UInt64(scaled)
        let integerPart = whole / UInt64(scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(integerPart)" }
        let fraction = String(whole % UInt64(scale))
        return "\(sign)\(integerPart)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
