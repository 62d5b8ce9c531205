/// Stops the run with a message when an invariant is broken: libFuzzer reports the trap as a crash
/// and keeps the input that caused it.
func invariant(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if !condition { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// Whether two doubles are the same value: equal bit patterns, or both NaN.
func same(_ a: Double, _ b: Double) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}

func same(_ a: Point, _ b: Point) -> Bool { same(a.x, b.x) && same(a.y, b.y) }

func same(_ a: Rect, _ b: Rect) -> Bool {
    same(a.origin, b.origin) && same(a.size.width, b.size.width) && same(a.size.height, b.size.height)
}

func same(_ a: Color, _ b: Color) -> Bool {
    same(a.red, b.red) && same(a.green, b.green) && same(a.blue, b.blue) && same(a.alpha, b.alpha)
}

func same(_ a: Transform2D, _ b: Transform2D) -> Bool {
    same(a.a, b.a) && same(a.b, b.b) && same(a.c, b.c) && same(a.d, b.d) && same(a.tx, b.tx)
        && same(a.ty, b.ty)
}

/// The fields of two states that differ (NaN equals NaN), by name; empty when they are the same.
func differences(_ a: LayerState, _ b: LayerState) -> [String] {
    var names: [String] = []
    func note(_ name: String, _ isSame: Bool) { if !isSame { names.append(name) } }
    note("opacity", same(a.opacity, b.opacity))
    note("strokeStart", same(a.strokeStart, b.strokeStart))
    note("strokeEnd", same(a.strokeEnd, b.strokeEnd))
    note("lineWidth", same(a.lineWidth, b.lineWidth))
    note("bounds", same(a.bounds, b.bounds))
    note("position", same(a.position, b.position))
    note("anchorPoint", same(a.anchorPoint, b.anchorPoint))
    note("transform", same(a.transform, b.transform))
    note("isHidden", a.isHidden == b.isHidden)
    note("masksToBounds", a.masksToBounds == b.masksToBounds)
    note("cornerRadius", same(a.cornerRadius, b.cornerRadius))
    note("borderWidth", same(a.borderWidth, b.borderWidth))
    note("borderColor", same(a.borderColor, b.borderColor))
    note("backgroundColor", same(a.backgroundColor, b.backgroundColor))
    // A path is never animated: it is the model's, so equal or printed alike (NaN coordinates).
    note("path", a.path == b.path || "\(a.path)" == "\(b.path)")
    note("fillColor", same(a.fillColor, b.fillColor))
    note("fillRule", a.fillRule == b.fillRule)
    note("strokeColor", same(a.strokeColor, b.strokeColor))
    note("lineCap", a.lineCap == b.lineCap)
    note("lineJoin", a.lineJoin == b.lineJoin)
    note("miterLimit", same(a.miterLimit, b.miterLimit))
    note("string", a.string == b.string)
    note("fontFamily", a.fontFamily == b.fontFamily)
    note("isBold", a.isBold == b.isBold)
    note("fontSize", same(a.fontSize, b.fontSize))
    note("foregroundColor", same(a.foregroundColor, b.foregroundColor))
    note("alignment", a.alignment == b.alignment)
    return names
}

/// The animatable fields of a state that hold a NaN.
func fieldsWithNaN(_ state: LayerState, ignoringTransform: Bool) -> [String] {
    var names: [String] = []
    func note(_ name: String, _ value: some FuzzValue) { if value.hasNaN { names.append(name) } }
    note("opacity", state.opacity)
    note("strokeStart", state.strokeStart)
    note("strokeEnd", state.strokeEnd)
    note("lineWidth", state.lineWidth)
    note("miterLimit", state.miterLimit)
    note("fontSize", state.fontSize)
    note("position", state.position)
    note("anchorPoint", state.anchorPoint)
    note("bounds", state.bounds)
    note("backgroundColor", state.backgroundColor)
    note("fillColor", state.fillColor)
    note("strokeColor", state.strokeColor)
    note("foregroundColor", state.foregroundColor)
    if !ignoringTransform { note("transform", state.transform) }
    return names
}

/// What `TimingParameters` promises for any input: no progress, or a progress in [0, 1] with
/// finite iteration and cycle indices, in a phase that the fill mode allows.
func checkProgress(_ timing: TimingParameters, atParentTime time: Double) {
    guard let progress = timing.progress(atParentTime: time) else { return }
    let context = "timing \(timing) at \(time): \(progress)"
    invariant(progress.progress >= 0 && progress.progress <= 1, "progress outside [0, 1]: \(context)")
    invariant(progress.iteration.isFinite && progress.cycle.isFinite, "iteration not finite: \(context)")
    switch progress.phase {
    case .before:
        invariant(timing.fillMode.fillsBackwards, "before phase without a backwards fill: \(context)")
    case .after: invariant(timing.fillMode.fillsForwards, "after phase without a forwards fill: \(context)")
    case .active: break
    }
}

/// What `TimingFunction` promises: never NaN; inputs clamped to [0, 1] (NaN read as 0); 1 at 1,
/// and 0 at 0 except for steps that jump at the start; Bézier outputs inside the convex hull of
/// the control points' y values, with x solved to well within 1e-6; steps on their levels.
func checkTimingFunction(_ function: TimingFunction, inputs: [Double]) {
    let atZero = function.output(forInput: 0)
    invariant(function.output(forInput: 1) == 1, "\(function) at 1 is \(function.output(forInput: 1))")
    invariant(same(function.output(forInput: .nan), atZero), "\(function): NaN input not read as 0")
    invariant(
        same(function.output(forInput: -.infinity), atZero) && same(function.output(forInput: -1), atZero),
        "\(function): negative input not read as 0")
    invariant(same(function.output(forInput: .infinity), 1), "\(function): input above 1 not read as 1")
    switch function.curve {
    case .linear:
        for x in inputs { invariant(same(function.output(forInput: x), clamp(x)), "linear at \(x)") }
    case .cubicBezier(let bezier):
        invariant(atZero == 0, "\(function) at 0 is \(atZero)")
        let low = min(0, bezier.y1, bezier.y2)
        let high = max(1, bezier.y1, bezier.y2)
        let slack = 1e-9 * max(1, abs(bezier.y1), abs(bezier.y2))
        for x in inputs + [0.5, 1e-300, 1 - 1e-16] {
            let y = function.output(forInput: x)
            invariant(!y.isNaN, "\(function) at \(x) is NaN")
            invariant(
                y >= low - slack && y <= high + slack,
                "\(function) at \(x) is \(y), outside [\(low), \(high)]")
            let clamped = clamp(x)
            if clamped > 0 && clamped < 1 {
                let t = bezier.parameter(forX: clamped)
                invariant(t >= 0 && t <= 1, "\(function): parameter \(t) for x \(clamped)")
                invariant(
                    abs(bezier.x(at: t) - clamped) <= 1e-9,
                    "\(function): x(\(t)) = \(bezier.x(at: t)) for \(clamped)")
            }
        }
    case .steps(let count, let position):
        if position == .jumpEnd || position == .jumpNone { invariant(atZero == 0, "\(function) at 0") }
        let jumps = Double(count) + (position == .jumpBoth ? 1 : position == .jumpNone ? -1 : 0)
        for x in inputs {
            let y = function.output(forInput: x)
            invariant(y >= 0 && y <= 1, "\(function) at \(x) is \(y)")
            let level = y * jumps
            invariant(
                abs(level - level.rounded()) <= 1e-9 * jumps, "\(function) at \(x): \(y) is not a level")
        }
    }
}

private func clamp(_ x: Double) -> Double { x >= 0 ? min(x, 1) : 0 }
