// Conversions FrameClock needs on its per-frame path; internal, so that importing FrameClock adds
// nothing to the standard library's `Duration`.
extension Duration {
    /// A duration of whole nanoseconds, made without the generic `BinaryInteger` path of
    /// `Duration.nanoseconds(_:)` (it sits on the per-frame path).
    init(nanoseconds: Int64) {
        let seconds = nanoseconds / 1_000_000_000
        let remainder = nanoseconds % 1_000_000_000
        self.init(secondsComponent: seconds, attosecondsComponent: remainder * 1_000_000_000)
    }

    /// The duration in whole nanoseconds, truncated toward zero and clamped to `Int64`.
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = product.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return sum
    }

    /// The duration in floating-point seconds.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
