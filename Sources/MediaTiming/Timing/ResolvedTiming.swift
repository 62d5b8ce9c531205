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

    /// Whether the timing plays forwards (speed above 0) through iterations of finite duration: the
    /// timings the ``ActiveKernel``s evaluate.
    var playsForwardsWithFiniteIterations: Bool { speed > 0 && iterationDuration.isFinite }

    /// Whether the active interval has begun by `parentTime`, in the direction the animation plays
    /// (a frozen animation, speed 0, has begun whatever the time; a NaN time has not).
    func hasBegun(atParentTime parentTime: Double) -> Bool {
        if speed == 0 { return true }
        if parentTime.isNaN { return false }
        return !isBeforeBeginning(parentTime)
    }

    /// Whether the active interval is over at `parentTime` in the direction of play (whatever the
    /// fill): the time is at or past its end. Never for a NaN time, an endless active interval or a
    /// frozen timing that has not ended at its start.
    func hasEnded(atParentTime parentTime: Double) -> Bool {
        if speed == 0 { return !(0 < activeDuration) }
        if isBeforeBeginning(parentTime) { return false }
        return (parentTime - beginTime) * speed >= activeDuration && activeDuration.isFinite
    }

    /// The timing computation described on ``TimingParameters``.
    @inline(__always)
    func progress(atParentTime parentTime: Double) -> TimingProgress? {
        var interval = UnchangingInterval.everywhere
        return progress(atParentTime: parentTime, narrowing: &interval)
    }

    /// The timing computation described on ``TimingParameters``, which also narrows `interval` to
    /// parent times around `parentTime` at which the result is the same: everywhere for a frozen
    /// timing (speed 0), the whole stretch before the begin time, everything from `parentTime` on
    /// past the end (the phase cannot change again in the direction of play), `parentTime` alone
    /// inside the active interval, and nothing for a NaN time.
    @inline(__always)
    func progress(atParentTime parentTime: Double, narrowing interval: inout UnchangingInterval)
        -> TimingProgress?
    {
        // Step 1: active time, phase, fill. The before phase is decided by comparing the parent
        // time with the begin time rather than by the sign of the product below, which can
        // underflow to zero: the comparison is exact, so the interval of the before phase is too.
        let phase: TimingPhase
        let activeTime: Double
        if speed == 0 {
            // Frozen at the start of the active interval, whatever the parent time.
            guard 0 < activeDuration else { return afterPhase() }
            phase = .active
            activeTime = 0
        } else if isBeforeBeginning(parentTime) {
            interval.narrow(toBeforeBeginning: beginTime, speed: speed)
            guard fillsBackwards else { return nil }
            phase = .before
            activeTime = 0
        } else {
            let local = (parentTime - beginTime) * speed
            if local < activeDuration {
                interval.narrow(toJust: parentTime)
                phase = .active
                activeTime = local
            } else if local >= activeDuration && activeDuration.isFinite {
                interval.narrow(toAfterEnd: parentTime, speed: speed)
                return afterPhase()
            } else {
                interval = .nowhere
                return nil  // NaN, or an infinite time in an endless active interval
            }
        }
        return progress(phase: phase, offsetTime: activeTime + timeOffset)
    }

    /// Whether `parentTime` lies before the begin time in the direction of play (speed not 0).
    @inline(__always)
    private func isBeforeBeginning(_ parentTime: Double) -> Bool {
        if speed > 0 { return parentTime < beginTime }
        return parentTime > beginTime
    }

    /// The progress in the after phase (`nil` unless the timing fills forwards).
    @inline(__always)
    private func afterPhase() -> TimingProgress? {
        guard fillsForwards else { return nil }
        return progress(phase: .after, offsetTime: activeDuration + timeOffset)
    }

    /// Steps 2 and 3: the iteration and the progress within it at `offsetTime`, the active time
    /// plus the time offset.
    @inline(__always)
    private func progress(phase: TimingPhase, offsetTime: Double) -> TimingProgress? {
        if iterationDuration.isInfinite {
            return TimingProgress(phase: phase, iteration: 0, cycle: 0, progress: 0)
        }
        let overall =
            phase == .after
            ? endOverallProgress + timeOffset / iterationDuration
            : offsetTime / iterationDuration
        // The end of the active interval is the end of an iteration, not the start of the next.
        let endsIteration = phase == .after
        guard abs(overall) < WholeNumbers.exactLimit else {
            guard overall.isFinite else { return nil }
            // Past 2^52 iterations every value is whole: the progress is 0 (or 1 at the end).
            let iteration = endsIteration ? overall - 1 : overall
            return finished(phase: phase, iteration: iteration, simpleProgress: endsIteration ? 1 : 0)
        }
        // The iteration as an integer: the floor, its parity and its half without calls into the C
        // library (see ``WholeNumbers``).
        let truncated = Int64(overall)
        var whole = Double(truncated) > overall ? truncated - 1 : truncated
        var simpleProgress = overall - Double(whole)
        if simpleProgress == 0 && endsIteration {
            simpleProgress = 1
            whole -= 1
        }
        let isBackwardPass = autoreverses && whole & 1 != 0
        return TimingProgress(
            phase: phase, iteration: Double(whole), cycle: autoreverses ? Double(whole >> 1) : Double(whole),
            progress: isBackwardPass ? 1 - simpleProgress : simpleProgress, isBackwardPass: isBackwardPass)
    }

    /// The progress of an iteration too large for the integer path.
    private func finished(phase: TimingPhase, iteration: Double, simpleProgress: Double) -> TimingProgress {
        let isBackwardPass = autoreverses && WholeNumbers.isOdd(iteration)
        return TimingProgress(
            phase: phase, iteration: iteration,
            cycle: autoreverses ? WholeNumbers.floor(iteration / 2) : iteration,
            progress: isBackwardPass ? 1 - simpleProgress : simpleProgress, isBackwardPass: isBackwardPass)
    }
}
