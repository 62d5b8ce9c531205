/// Scalars (opacity, line width, `strokeEnd` and the like) interpolate linearly.
extension Double: Interpolatable {
    /// The value a `fraction` of the way from `self` to `end`, computed as
    /// `self + (end − self) · fraction`; exactly `self` at 0 and `end` at 1, also where the
    /// difference is infinite (which would otherwise make 0 · ∞ = NaN at the start).
    @inlinable
    public func interpolated(to end: Double, fraction: Double) -> Double {
        if fraction == 1 { return end }
        if fraction == 0 { return self }
        return self + (end - self) * fraction
    }

    /// `self + other`.
    @inlinable
    public func adding(_ other: Double) -> Double { self + other }

    /// `self − other`.
    @inlinable
    public func subtracting(_ other: Double) -> Double { self - other }

    /// `self · factor`.
    @inlinable
    public func scaled(by factor: Double) -> Double { self * factor }

    /// `|self − other|`.
    @inlinable
    public func distance(to other: Double) -> Double { abs(self - other) }
}
