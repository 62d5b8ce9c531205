/// The evaluation form of a ``SpringAnimation``: its endpoints as a basic animation's, and the
/// spring's motion over the iteration's duration in seconds.
struct SpringCurve<Value: Interpolatable>: ProgressEvaluating {
    var endpoints: BasicCurve<Value>
    var motion: SpringMotion
    /// The length of one iteration in seconds: the progress is turned into the time the spring has
    /// been moving.
    var iterationDuration: Double

    var composition: AnimationComposition { endpoints.composition }

    @inline(__always)
    func value(for progress: TimingProgress, autoreverses: Bool, underlying: Value) -> Value {
        let eased = endpoints.timingFunction.output(for: progress)
        // (An endless iteration has progress 0 throughout: the spring stays at its start.)
        let time = eased == 0 ? 0 : eased * iterationDuration
        return endpoints.value(
            atFraction: motion.fraction(at: time), cycle: progress.cycle, autoreverses: autoreverses,
            underlying: underlying)
    }
}
