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
    ///
    /// `delegate` hears the animation start and stop (see ``AnimationDelegate``) when the layer is
    /// in a ``LayerTree``; the animation also counts for the completions of the tree's open
    /// transactions.
    public func add<Value>(
        _ animation: BasicAnimation<Value>, forKey key: String?, atRootTime rootTime: Double,
        delegate: (any AnimationDelegate)? = nil
    ) {
        insert(animation, forKey: key, atRootTime: rootTime, delegate: delegate)
    }

    /// Adds a keyframe animation under `key`, with the same rules as the basic-animation overload.
    public func add<Value>(
        _ animation: KeyframeAnimation<Value>, forKey key: String?, atRootTime rootTime: Double,
        delegate: (any AnimationDelegate)? = nil
    ) {
        insert(animation, forKey: key, atRootTime: rootTime, delegate: delegate)
    }

    /// Adds a spring animation under `key`, with the same rules as the basic-animation overload.
    public func add<Value>(
        _ animation: SpringAnimation<Value>, forKey key: String?, atRootTime rootTime: Double,
        delegate: (any AnimationDelegate)? = nil
    ) {
        insert(animation, forKey: key, atRootTime: rootTime, delegate: delegate)
    }

    /// Adds a group of animations under `key`, with the same rules as the basic-animation overload
    /// for the group's own begin time (its children's begin times are in the group's time and are
    /// kept as given).
    public func add(
        _ group: AnimationGroup, forKey key: String?, atRootTime rootTime: Double,
        delegate: (any AnimationDelegate)? = nil
    ) {
        insert(group, forKey: key, atRootTime: rootTime, delegate: delegate)
    }

    // MARK: Now

    /// Adds `animation` under `key` at the current media time of the ``LayerTree`` the layer is in
    /// (the time of its open transactions, else its ``LayerTree/currentTime``): Core Animation's
    /// `add(_:forKey:)`, whose "now" is `CACurrentMediaTime()`. For a layer in no tree, "now" is
    /// root time 0. Otherwise as ``add(_:forKey:atRootTime:delegate:)-(BasicAnimation<Value>,_,_,_)``.
    public func add<Value>(
        _ animation: BasicAnimation<Value>, forKey key: String?, delegate: (any AnimationDelegate)? = nil
    ) {
        insert(animation, forKey: key, atRootTime: currentRootTime, delegate: delegate)
    }

    /// Adds a keyframe animation under `key` at the current media time of the layer's tree.
    public func add<Value>(
        _ animation: KeyframeAnimation<Value>, forKey key: String?, delegate: (any AnimationDelegate)? = nil
    ) {
        insert(animation, forKey: key, atRootTime: currentRootTime, delegate: delegate)
    }

    /// Adds a spring animation under `key` at the current media time of the layer's tree.
    public func add<Value>(
        _ animation: SpringAnimation<Value>, forKey key: String?, delegate: (any AnimationDelegate)? = nil
    ) {
        insert(animation, forKey: key, atRootTime: currentRootTime, delegate: delegate)
    }

    /// Adds a group of animations under `key` at the current media time of the layer's tree.
    public func add(_ group: AnimationGroup, forKey key: String?, delegate: (any AnimationDelegate)? = nil) {
        insert(group, forKey: key, atRootTime: currentRootTime, delegate: delegate)
    }

    /// The ``LayerTree`` this layer is in: the one its root layer hosts, if any.
    public var layerTree: LayerTree? { rootLayer.hostingTree }

    /// The root time "now" means for this layer: its tree's (see ``LayerTree``), else 0.
    var currentRootTime: Double { layerTree?.now ?? 0 }

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
        for record in animationRecords where matches(record) {
            if !record.hasReportedEnd {
                pendingStops.append(PendingStop(key: record.key, animation: record.animation))
            }
            if let observation = record.observation {
                pendingObservedStops.append(
                    AnimationEvent(
                        kind: .stopped(finished: false), layer: self, key: record.key,
                        animation: record.animation,
                        observation: observation))
            }
        }
        animationRecords.removeAll(where: matches)
        return animationRecords.count != countBefore
    }

    /// Fixes the begin time of a copy of `animation` and attaches it, observed by `delegate` and the
    /// open transactions' completions of the layer's tree.
    func insert(
        _ animation: some TimedAnimation & ProgramEmitting, forKey key: String?, atRootTime rootTime: Double,
        delegate: (any AnimationDelegate)?
    ) {
        var copy = animation
        if copy.timing.beginTime == 0 {
            let now = localTime(atRootTime: rootTime)
            copy.timing.beginTime = now.isFinite ? now : 0
        }
        if let key { removeRecords(where: { $0.key == key }) }
        var record = AnimationRecord(key: key, animation: copy, emit: copy.emit(into:))
        if let tree = layerTree {
            let completions = tree.countAnimationForOpenCompletions()
            if delegate != nil || !completions.isEmpty {
                record.observation = AnimationObservation(delegate: delegate, completions: completions)
                tree.watch(self)
            }
        }
        animationRecords.append(record)
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
