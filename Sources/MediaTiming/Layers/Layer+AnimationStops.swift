extension Layer {
    /// Reports the animations of this layer that stopped since the previous call: those whose
    /// active interval has ended by local time `localTime` (in the direction they play, whatever
    /// their fill mode or ``TimedAnimation/isRemovedOnCompletion``), and those removed or replaced
    /// before a call saw them end. Call it once per frame with the local time the frame is
    /// evaluated at (as ``updatePresentation(_:atLocalTime:)`` is called) to learn, at that frame,
    /// what Core Animation tells an animation's delegate in `animationDidStop(_:finished:)`.
    ///
    /// Each stop is reported once. The result depends only on the local times of the calls and on
    /// the animations added and removed between them: a frame that jumps past an animation's whole
    /// interval reports it, a paused layer whose time stands before an animation's end never does,
    /// and an animation whose end is reported and whose layer's time later goes back before that
    /// end (by scrubbing the time offset) is reported again when it ends again. Removals come first,
    /// in the order they happened, then finished animations in the order they apply. Endless
    /// animations never finish, and a NaN time reports only removals. Allocates only when there is
    /// something to report.
    public func takeStoppedAnimations(atLocalTime localTime: Double) -> [AnimationStop] {
        var stops: [AnimationStop] = []
        appendStoppedAnimations(atLocalTime: localTime, to: &stops)
        return stops
    }

    /// ``takeStoppedAnimations(atLocalTime:)`` for this layer and every layer below it, at root time
    /// `rootTime` (each layer's local time computed from the root down), depth first, a layer
    /// before its sublayers and sublayers back to front. The call to make once per frame beside
    /// drawing the tree with the same root time.
    public func takeStoppedAnimations(inTreeAtRootTime rootTime: Double) -> [AnimationStop] {
        var stops: [AnimationStop] = []
        appendStoppedAnimationsInTree(atLocalTime: localTime(atRootTime: rootTime), to: &stops)
        return stops
    }

    private func appendStoppedAnimationsInTree(atLocalTime localTime: Double, to stops: inout [AnimationStop])
    {
        appendStoppedAnimations(atLocalTime: localTime, to: &stops)
        for sublayer in sublayers {
            sublayer.appendStoppedAnimationsInTree(
                atLocalTime: sublayer.localTime(fromParentTime: localTime), to: &stops)
        }
    }

    private func appendStoppedAnimations(atLocalTime localTime: Double, to stops: inout [AnimationStop]) {
        for removed in pendingStops {
            stops.append(
                AnimationStop(
                    layer: self, key: removed.key, animation: removed.animation, isFinished: false,
                    localTime: localTime))
        }
        if !pendingStops.isEmpty { pendingStops.removeAll() }
        // A NaN time says nothing about where the animations are: it changes nothing.
        guard !localTime.isNaN else { return }
        for index in animationRecords.indices {
            let hasEnded = animationRecords[index].timing.hasEnded(atParentTime: localTime)
            guard hasEnded != animationRecords[index].hasReportedEnd else { continue }
            animationRecords[index].hasReportedEnd = hasEnded
            if hasEnded {
                let record = animationRecords[index]
                stops.append(
                    AnimationStop(
                        layer: self, key: record.key, animation: record.animation, isFinished: true,
                        localTime: localTime))
            }
        }
    }
}
