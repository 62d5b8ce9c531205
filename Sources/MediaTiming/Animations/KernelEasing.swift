/// How a kernel eases an iteration's progress: its timing function, known to be of one kind.
protocol KernelEasing {
    /// The timing function stored at `function` applied to `x` in [0, 1].
    static func output(_ function: UnsafeRawPointer, _ x: Double) -> Double
}

/// A linear timing function: the progress as it is.
enum LinearEasing: KernelEasing {
    @inline(__always)
    static func output(_ function: UnsafeRawPointer, _ x: Double) -> Double { x }
}

/// A cubic Bézier timing function.
enum BezierEasing: KernelEasing {
    @inline(__always)
    static func output(_ function: UnsafeRawPointer, _ x: Double) -> Double {
        guard case .cubicBezier(let bezier) = function.load(as: TimingFunction.self).curve else { return x }
        return bezier.y(forX: x)
    }
}
