extension Layer {
    /// Adds `animation` under `key` (replacing any animation with that key), as
    /// `CALayer.add(_:forKey:)` does.
    ///
    /// The layer keeps a copy. As in Core Animation, an animation whose `beginTime` is 0 begins
    /// now: its begin time is fixed to this layer's local time at `rootTime`, the front end's
    /// current time. A non-zero `beginTime` is kept as given, in this layer's local time (to begin
    /// a second from now, use `layer.convertTime(now, from: nil) + 1`). If the local time at
    /// `rootTime` is not finite, the begin time stays 0.
    ///
    /// Animations apply in the order they were added: a later non-additive animation of the same
    /// property overrides an earlier one; an additive one adds to it.
    public func add<Value>(
        _ animation: BasicAnimation<Value>, forKey key: String?, atRootTime rootTime: Double
    ) {
        var copy = animation
        copy.timing.beginTime = fixedBeginTime(copy.timing.beginTime, atRootTime: rootTime)
        attach(copy, key: key)
    }

    /// Adds a keyframe animation under `key`, with the same rules as the basic-animation overload.
    public func add<Value>(
        _ animation: KeyframeAnimation<Value>, forKey key: String?, atRootTime rootTime: Double
    ) {
        var copy = animation
        copy.timing.beginTime = fixedBeginTime(copy.timing.beginTime, atRootTime: rootTime)
        attach(copy, key: key)
    }

    /// Adds a spring animation under `key`, with the same rules as the basic-animation overload.
    public func add<Value>(
        _ animation: SpringAnimation<Value>, forKey key: String?, atRootTime rootTime: Double
    ) {
        var copy = animation
        copy.timing.beginTime = fixedBeginTime(copy.timing.beginTime, atRootTime: rootTime)
        attach(copy, key: key)
    }

    /// Adds a group of animations under `key`, with the same rules as the basic-animation overload
    /// for the group's own begin time (its children's begin times are in the group's time and are
    /// kept as given).
    public func add(_ group: AnimationGroup, forKey key: String?, atRootTime rootTime: Double) {
        var copy = group
        copy.timing.beginTime = fixedBeginTime(copy.timing.beginTime, atRootTime: rootTime)
        attach(copy, key: key)
    }

    /// The animation added under `key`, with its begin time as fixed when it was added, or `nil`.
    /// Cast it to the concrete type to read its values (`as? BasicAnimation<Double>`,
    /// `as? AnimationGroup`).
    public func animation(forKey key: String) -> (any TimedAnimation)? {
        animationRecords.last { $0.key == key }?.animation
    }

    /// The keys of the keyed animations, in the order they apply.
    public var animationKeys: [String] {
        animationRecords.compactMap(\.key)
    }

    /// How many animations the layer holds, keyed or not.
    public var animationCount: Int { animationRecords.count }

    /// Removes the animation with `key`, if any. Unless a call of
    /// ``takeStoppedAnimations(atLocalTime:)`` has already reported its end, the next one reports it
    /// as stopped before it finished.
    public func removeAnimation(forKey key: String) {
        if removeRecords(where: { $0.key == key }) { rebuildProgram() }
    }

    /// Removes every animation, keyed or not (reported as ``removeAnimation(forKey:)`` says).
    public func removeAllAnimations() {
        removeRecords(where: { _ in true })
        rebuildProgram()
    }

    /// Removes the records that match, noting those whose end was not reported as stopped early;
    /// returns whether any was removed.
    @discardableResult
    private func removeRecords(where matches: (AnimationRecord) -> Bool) -> Bool {
        let countBefore = animationRecords.count
        for record in animationRecords where matches(record) && !record.hasReportedEnd {
            pendingStops.append(PendingStop(key: record.key, animation: record.animation))
        }
        animationRecords.removeAll(where: matches)
        return animationRecords.count != countBefore
    }

    private func fixedBeginTime(_ beginTime: Double, atRootTime rootTime: Double) -> Double {
        guard beginTime == 0 else { return beginTime }
        let now = localTime(atRootTime: rootTime)
        return now.isFinite ? now : 0
    }

    private func attach(_ animation: some TimedAnimation & ProgramEmitting, key: String?) {
        if let key { removeRecords(where: { $0.key == key }) }
        animationRecords.append(AnimationRecord(key: key, animation: animation, emit: animation.emit(into:)))
        rebuildProgram()
    }

    /// Called whenever the list of animations changes: compiles it again, and takes a new revision
    /// so that presentation caches refill from the model (a field whose last animation was removed
    /// must return to its model value).
    private func rebuildProgram() {
        var builder = ProgramBuilder()
        for record in animationRecords { record.emit(&builder) }
        program.replace(with: builder)
        modelRevision = ModelRevision.next()
    }
}
