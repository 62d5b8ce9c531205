/// The evaluation form of an animation kind: from a timing progress to a value.
///
/// Conformers hold only what evaluation reads (values, timing function, composition flags) and
/// none of the animation's descriptive parts, so that the per-frame path copies little.
protocol ProgressEvaluating<Value> {
    associatedtype Value: Interpolatable

    var composition: AnimationComposition { get }

    /// The value at `progress` (already computed from the timing), over `underlying`, the value
    /// beneath the animation. `autoreverses` tells where a repeat cycle ends.
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value
}

extension ProgressEvaluating {
    /// Applies the timing, then the value step; `underlying` when the timing has no effect.
    @inline(__always)
    func evaluate(timing: ResolvedTiming, atParentTime parentTime: Double, underlying: Value) -> Value {
        guard let progress = timing.progress(atParentTime: parentTime),
            !(composition.isRemovedOnCompletion && progress.phase == .after)
        else { return underlying }
        return value(for: progress, autoreverses: timing.autoreverses, underlying: underlying)
    }
}
