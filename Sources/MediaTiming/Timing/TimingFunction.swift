/// A timing function: the curve that maps an animation's linear progress to its eased progress
/// (Core Animation's `CAMediaTimingFunction`, plus CSS step functions).
///
/// Bézier functions run from (0, 0) to (1, 1) through two control points; the named ones use
/// Apple's control points. Inputs are progress values in [0, 1]; an input below 0 (or NaN) is
/// read as 0 and one above 1 as 1, so the output is never NaN. Control point x coordinates are
/// clamped to [0, 1] (a curve that doubled back in x would not be a function); a non-finite
/// control point makes the function linear.
public struct TimingFunction: Sendable, Hashable {
    enum Curve: Sendable, Hashable {
        case linear
        case cubicBezier(UnitBezier)
        case steps(count: Int, position: StepPosition)
    }

    let curve: Curve

    init(curve: Curve) {
        self.curve = curve
    }

    /// A cubic Bézier timing function with control points (`x1`, `y1`) and (`x2`, `y2`)
    /// (`CAMediaTimingFunction(controlPoints:)`).
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
            self.init(curve: .linear)
            return
        }
        let clampedX1 = min(max(x1, 0), 1)
        let clampedX2 = min(max(x2, 0), 1)
        self.init(curve: .cubicBezier(UnitBezier(x1: clampedX1, y1: y1, x2: clampedX2, y2: y2)))
    }

    /// Output equals input.
    public static let linear = TimingFunction(curve: .linear)
    /// Slow start: control points (0.42, 0), (1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Slow end: control points (0, 0), (0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Slow start and end: control points (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default for implicit animations: control points (0.25, 0.1), (0.25, 1).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// A step function of `count` steps with jumps at `position` (CSS `steps(count, position)`).
    /// A count below 1 (below 2 for ``StepPosition/jumpNone``) is raised to that minimum.
    public static func steps(_ count: Int, position: StepPosition = .jumpEnd) -> TimingFunction {
        let minimum = position == .jumpNone ? 2 : 1
        return TimingFunction(curve: .steps(count: max(count, minimum), position: position))
    }

    /// The two control points of a Bézier function ((0, 0), (1, 1) for linear), or `nil` for a
    /// step function.
    public var controlPoints: (Point, Point)? {
        switch curve {
        case .linear: return (Point(x: 0, y: 0), Point(x: 1, y: 1))
        case .cubicBezier(let bezier):
            return (Point(x: bezier.x1, y: bezier.y1), Point(x: bezier.x2, y: bezier.y2))
        case .steps: return nil
        }
    }

    /// The eased progress for the linear progress `input`.
    ///
    /// Exactly 1 at 1 for every function, and 0 at 0 for every function but the step functions
    /// that jump at the start (``StepPosition/jumpStart`` and ``StepPosition/jumpBoth`` are at their
    /// first level there, as in CSS); inputs outside [0, 1] and NaN are clamped first (NaN reads
    /// as 0). Never NaN, also for finite control points of any size. The same as
    /// ``output(forInput:beforeFlag:)`` with the before flag unset.
    @inlinable
    public func output(forInput input: Double) -> Double {
        output(forInput: input, beforeFlag: false)
    }

    /// The eased progress for the linear progress `input`, with CSS's *before flag*: for a step
    /// function whose input lies exactly on a step, the flag selects the level before the step
    /// (CSS Easing Functions Level 1, "the step easing function"). Animations set it from
    /// ``TimingProgress/isBeforeFlagSet``, so that a backwards fill shows the level before the first
    /// jump (0 for ``StepPosition/jumpStart`` and ``StepPosition/jumpBoth``, as browsers show) and an
    /// autoreversing animation ends where it started. Bézier and linear functions ignore the flag.
    @inlinable
    public func output(forInput input: Double, beforeFlag: Bool) -> Double {
        evaluate(
            clampedInput: Self.clamped(input), phase: beforeFlag ? .before : .active, isBackwardPass: false)
    }

    /// The output for the progress of an animation at `progress`, with its before flag.
    @inline(__always)
    func output(for progress: TimingProgress) -> Double {
        evaluate(
            clampedInput: Self.clamped(progress.progress), phase: progress.phase,
            isBackwardPass: progress.isBackwardPass)
    }

    /// `input` clamped to [0, 1], NaN read as 0.
    @usableFromInline @inline(__always)
    static func clamped(_ input: Double) -> Double {
        input >= 0 ? (input <= 1 ? input : 1) : 0  // NaN fails `>= 0` and becomes 0
    }

    /// The output for an input in [0, 1]. Only step functions read the before flag, which they work
    /// out from `phase` and `isBackwardPass` (see ``TimingProgress/isBeforeFlagSet``).
    @usableFromInline @inline(__always)
    func evaluate(clampedInput x: Double, phase: TimingPhase, isBackwardPass: Bool) -> Double {
        if case .linear = curve { return x }
        switch curve {
        case .linear:
            return x
        case .cubicBezier(let bezier):
            return Self.bezierOutput(bezier, x)
        case .steps(let count, let position):
            let beforeFlag = TimingProgress.beforeFlag(phase: phase, isBackwardPass: isBackwardPass)
            return Self.step(x, count: count, position: position, beforeFlag: beforeFlag)
        }
    }

    /// The Bézier solve, kept out of line so that the linear case inlines to nothing.
    @inline(never)
    static func bezierOutput(_ bezier: UnitBezier, _ x: Double) -> Double {
        bezier.y(forX: x)
    }

    /// CSS Easing Functions Level 1, "the step easing function", for `x` in [0, 1].
    static func step(_ x: Double, count: Int, position: StepPosition, beforeFlag: Bool) -> Double {
        let steps = Double(count)
        let scaled = x * steps
        var currentStep = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { currentStep += 1 }
        // Exactly on a step with the before flag set: the level before the step.
        if beforeFlag && scaled == scaled.rounded(.down) { currentStep -= 1 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = steps
        case .jumpNone: jumps = steps - 1
        case .jumpBoth: jumps = steps + 1
        }
        if currentStep < 0 { currentStep = 0 }
        if currentStep > jumps { currentStep = jumps }
        return currentStep / jumps
    }
}
