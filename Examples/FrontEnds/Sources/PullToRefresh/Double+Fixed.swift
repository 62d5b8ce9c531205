extension Double {
    /// The value rounded to `digits` decimals, as text ("12.35"): figures in the report without
    /// Foundation's formatting.
    func fixed(_ digits: Int) -> String {
        guard isFinite else { return "\(self)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = self < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + "\(whole)" }
        let digitsText = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
}
