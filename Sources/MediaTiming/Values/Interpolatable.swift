/// A value that animations can carry: it can be interpolated, added, subtracted, repeated and
/// measured.
///
/// Core Animation animates a fixed set of value types (numbers, points, sizes, rectangles,
/// colours, transforms). ``BasicAnimation`` and ``KeyframeAnimation`` animate any type that
/// conforms; the layer properties that ``LayerProperty`` names use `Double`, ``Point``,
/// ``Size``, ``Rect``, ``Color`` and ``Transform2D``.
///
/// The operations mirror what the animation types need:
/// - ``interpolated(to:fraction:)`` for every in-between frame;
/// - ``adding(_:)`` for additive animations and for `fromValue + byValue`;
/// - ``subtracting(_:)`` for `toValue − byValue`;
/// - ``scaled(by:)`` for cumulative animations (the end value repeated once per finished cycle);
/// - ``distance(to:)`` for paced keyframe animations.
///
/// Conforming types are plain values; none of these operations may allocate, so that evaluating
/// an animation never touches the heap.
public protocol Interpolatable: Sendable, Equatable {
    /// The identity of ``adding(_:)``: adding it changes nothing.
    static var zero: Self { get }

    /// The value a `fraction` of the way from `self` to `end`.
    ///
    /// A fraction of 0 gives `self` and 1 gives `end`; fractions outside [0, 1] extrapolate
    /// (timing functions whose control points overshoot produce them).
    func interpolated(to end: Self, fraction: Double) -> Self

    /// The sum of `self` and `other`, as additive animations and `byValue` use it.
    func adding(_ other: Self) -> Self

    /// The value that, added to `other`, gives `self`.
    func subtracting(_ other: Self) -> Self

    /// `self` added to itself `factor` times, as cumulative animations use it (`factor` is a
    /// whole number of finished repeat cycles).
    func scaled(by factor: Double) -> Self

    /// A non-negative distance between `self` and `other`, used to pace keyframes evenly.
    func distance(to other: Self) -> Double
}
