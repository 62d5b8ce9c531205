/// Rounding down and parity for the per-frame timing computation, without calls into the C
/// library: `rounded(.down)` and `truncatingRemainder(dividingBy:)` become calls to `floor` and
/// `fmod` on a baseline x86-64 target, each costing more than the rest of an iteration count.
enum WholeNumbers {
    /// Below this magnitude a `Double` converts to `Int64` exactly after truncation; at and above
    /// it every `Double` is already a whole number.
    static let exactLimit = 0x1p52
    /// At and above this magnitude every `Double` is even.
    private static let evenLimit = 0x1p53

    /// The largest whole number not above `x` (`x.rounded(.down)`, except that −0 gives +0); NaN
    /// and the infinities are returned unchanged.
    @inline(__always)
    static func floor(_ x: Double) -> Double {
        guard abs(x) < exactLimit else { return x }
        let truncated = Double(Int64(x))
        return truncated > x ? truncated - 1 : truncated
    }

    /// Whether the whole number `x` is odd (every `Double` of magnitude 2^53 or more is even).
    @inline(__always)
    static func isOdd(_ x: Double) -> Bool {
        guard abs(x) < evenLimit else { return false }
        return Int64(x) & 1 != 0
    }
}
