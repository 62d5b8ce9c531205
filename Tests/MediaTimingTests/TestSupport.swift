import MediaTiming
import Testing

/// Whether `a` and `b` agree to `tolerance` (absolute).
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree to `tolerance` in each coordinate.
func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

/// Whether two transforms agree to `tolerance` in each entry.
func isClose(_ a: Transform2D, _ b: Transform2D, tolerance: Double = 1e-9) -> Bool {
    isClose(a.a, b.a, tolerance: tolerance) && isClose(a.b, b.b, tolerance: tolerance)
        && isClose(a.c, b.c, tolerance: tolerance) && isClose(a.d, b.d, tolerance: tolerance)
        && isClose(a.tx, b.tx, tolerance: tolerance) && isClose(a.ty, b.ty, tolerance: tolerance)
}

/// The value a linear 0 → 10 animation of `opacity` with `timing` shows at `time` over a model
/// value of −1 (so "no effect" is visible as −1).
func sampledValue(_ timing: TimingParameters, at time: Double) -> Double {
    var animation = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 10.0, timing: timing)
    animation.isRemovedOnCompletion = false
    return animation.value(atParentTime: time, modelValue: -1)
}
