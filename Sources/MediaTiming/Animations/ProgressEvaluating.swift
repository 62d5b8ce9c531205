/// The evaluation step shared by the animation kinds: from a timing progress to a value.
protocol ProgressEvaluating<Value>: LayerAnimation {
    /// The value at `progress` (already computed from the timing), over `underlying`, the value
    /// beneath the animation. `autoreverses` tells where a repeat cycle ends.
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value
}

extension ProgressEvaluating {
    /// Applies the timing, then the value step; the model value when the timing has no effect.
    func evaluate(timing resolved: ResolvedTiming, atParentTime parentTime: Double, underlying: Value)
        -> Value
    {
        guard let progress = resolved.progress(atParentTime: parentTime),
            !(isRemovedOnCompletion && progress.phase == .after)
        else { return underlying }
        return value(for: progress, autoreverses: resolved.autoreverses, underlying: underlying)
    }

    /// Adds the cumulative offset and the underlying value to a value computed within one cycle.
    @inline(__always)
    func combined(
        _ value: Value, cycleEndValue: Value, cycle: Double, underlying: Value
    ) -> Value {
        var result = value
        if isCumulative && cycle != 0 {
            result = result.adding(cycleEndValue.scaled(by: cycle))
        }
        if isAdditive {
            result = underlying.adding(result)
        }
        return result
    }
}
