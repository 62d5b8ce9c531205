/// ``TimingParameters`` with the bad-input rules applied and the derived durations computed once,
/// ready to be evaluated every frame without further checks.
struct ResolvedTiming: Sendable, Hashable {
    /// Core Animation's duration for an animation whose duration is 0.
    static let defaultDuration = 0.25

    var beginTime: Double
    var speed: Double
    var timeOffset: Double
    var iterationDuration: Double
    var activeDuration: Double
    /// The overall progress (in iterations) at the end of the active interval, computed from the
    /// repeat count where possible so that whole counts stay whole: 3 × 0.1 s ends at exactly 3.
    var endOverallProgress: Double
    var autoreverses: Bool
    var fillsBackwards: Bool
    var fillsForwards: Bool

    init(_ timing: TimingParameters) {
        beginTime = timing.beginTime.isFinite ? timing.beginTime : 0
        speed = timing.speed.isFinite ? timing.speed : 1
        timeOffset = timing.timeOffset.isFinite ? timing.timeOffset : 0
        let duration = timing.duration > 0 ? timing.duration : Self.defaultDuration
        iterationDuration = duration
        autoreverses = timing.autoreverses
        let cycleDuration = timing.autoreverses ? 2 * duration : duration
        let repeatDuration = timing.repeatDuration > 0 ? timing.repeatDuration : 0
        let repeatCount = timing.repeatCount > 0 ? timing.repeatCount : 0
        let passesPerCycle = timing.autoreverses ? 2.0 : 1.0
        if repeatDuration > 0 {
            activeDuration = repeatDuration
            endOverallProgress = repeatDuration / duration
        } else if repeatCount > 0 {
            activeDuration = repeatCount * cycleDuration
            endOverallProgress = repeatCount * passesPerCycle
        } else {
            activeDuration = cycleDuration
            endOverallProgress = passesPerCycle
        }
        fillsBackwards = timing.fillMode.fillsBackwards
        fillsForwards = timing.fillMode.fillsForwards
    }

    /// The timing computation described on ``TimingParameters``.
    @inline(__always)
    func progress(atParentTime parentTime: Double) -> TimingProgress? {
        // Step 1: active time, phase, fill.
        let local = speed == 0 ? 0 : (parentTime - beginTime) * speed
        let phase: TimingPhase
        let activeTime: Double
        if local < 0 {
            guard fillsBackwards else { return nil }
            phase = .before
            activeTime = 0
        } else if local < activeDuration {
            phase = .active
            activeTime = local
        } else if local >= activeDuration && activeDuration.isFinite {
            guard fillsForwards else { return nil }
            phase = .after
            activeTime = activeDuration
        } else {
            return nil  // NaN, or an infinite time in an endless active interval
        }

        // Step 2: offset. Step 3: iteration and progress.
        let offsetTime = activeTime + timeOffset
        var iteration: Double
        var simpleProgress: Double
        if iterationDuration.isInfinite {
            iteration = 0
            simpleProgress = 0
        } else {
            let overall =
                phase == .after
                ? endOverallProgress + timeOffset / iterationDuration
                : offsetTime / iterationDuration
            guard overall.isFinite else { return nil }
            iteration = overall.rounded(.down)
            simpleProgress = overall - iteration
            if simpleProgress == 0 && phase == .after {
                // The end of the active interval is the end of an iteration, not the start of the next.
                simpleProgress = 1
                iteration -= 1
            }
        }
        let isBackwardPass = autoreverses && iteration.truncatingRemainder(dividingBy: 2) != 0
        let progress = isBackwardPass ? 1 - simpleProgress : simpleProgress
        let cycle = autoreverses ? (iteration / 2).rounded(.down) : iteration
        return TimingProgress(phase: phase, iteration: iteration, cycle: cycle, progress: progress)
    }
}
