extension Layer {
    /// This layer's local time when its superlayer's time (the root time, for a root) is
    /// `parentTime`: `(parentTime − beginTime) · speed + timeOffset`, or `timeOffset` when `speed`
    /// is 0.
    public func localTime(fromParentTime parentTime: Double) -> Double {
        mappedTime(fromParentTime: parentTime)
    }

    /// ``localTime(fromParentTime:)``, inlined into the loops that evaluate many layers.
    @inline(__always)
    func mappedTime(fromParentTime parentTime: Double) -> Double {
        // The mapping as written, when it gives a finite time on a running layer: that can only
        // come from finite settings, so the careful form (which reads non-finite settings as their
        // defaults) would give the same. Every frame of every layer takes this path.
        let direct = (parentTime - beginTime) * speed + timeOffset
        if direct.isFinite && speed != 0 { return direct }
        return clock.localTime(fromParentTime: parentTime)
    }

    /// This layer's local time at root time `rootTime`, the mapping applied from the root down
    /// (`convertTime(rootTime, from: nil)`).
    ///
    /// A NaN root time gives NaN unless a frozen layer (speed 0) on the way fixes the time.
    public func localTime(atRootTime rootTime: Double) -> Double {
        let parentTime = superlayer?.localTime(atRootTime: rootTime) ?? rootTime
        return clock.localTime(fromParentTime: parentTime)
    }

    /// The root time at which this layer's local time is `localTime`
    /// (`convertTime(localTime, to: nil)`). Through a frozen layer (speed 0), which has no inverse,
    /// the result is that layer's `beginTime` mapped on upwards.
    public func rootTime(fromLocalTime localTime: Double) -> Double {
        var time = localTime
        var node: Layer? = self
        while let current = node {
            time = current.clock.parentTime(fromLocalTime: time)
            node = current.superlayer
        }
        return time
    }

    /// Converts `time` from the local time of `layer` (root time when `layer` is `nil`) to this
    /// layer's local time (`CALayer.convertTime(_:from:)`).
    ///
    /// Within one tree the conversion goes through the layers' deepest common ancestor, so frozen
    /// layers above it do not matter; between trees it goes through root time.
    public func convertTime(_ time: Double, from layer: Layer?) -> Double {
        guard let layer else { return localTime(atRootTime: time) }
        guard let ancestor = Layer.commonAncestor(self, layer) else {
            return localTime(atRootTime: layer.rootTime(fromLocalTime: time))
        }
        return localTime(fromAncestor: ancestor, time: layer.time(inAncestor: ancestor, fromLocalTime: time))
    }

    /// Converts `time` from this layer's local time to the local time of `layer` (root time when
    /// `layer` is `nil`) (`CALayer.convertTime(_:to:)`).
    public func convertTime(_ time: Double, to layer: Layer?) -> Double {
        guard let layer else { return rootTime(fromLocalTime: time) }
        return layer.convertTime(time, from: self)
    }

    /// The time in `ancestor`'s local time that corresponds to `localTime` in this layer.
    func time(inAncestor ancestor: Layer, fromLocalTime localTime: Double) -> Double {
        var time = localTime
        var node = self
        while node !== ancestor, let parent = node.superlayer {
            time = node.clock.parentTime(fromLocalTime: time)
            node = parent
        }
        return time
    }

    /// This layer's local time when `ancestor`'s local time is `time`.
    func localTime(fromAncestor ancestor: Layer, time: Double) -> Double {
        if self === ancestor { return time }
        guard let parent = superlayer else { return clock.localTime(fromParentTime: time) }
        return clock.localTime(fromParentTime: parent.localTime(fromAncestor: ancestor, time: time))
    }

    // MARK: Pause and resume

    /// Whether the layer's time is frozen (`speed == 0`).
    public var isPaused: Bool { speed == 0 }

    /// Freezes the layer (and so its animations and sublayers) at its local time at root time
    /// `rootTime`, as Apple's Technical Q&A QA1673 does it: `timeOffset = convertTime(now, from:
    /// nil)`, then `speed = 0`. The presentation does not jump. Does nothing if already paused.
    public func pause(atRootTime rootTime: Double) {
        guard speed != 0 else { return }
        let pausedTime = localTime(atRootTime: rootTime)
        guard pausedTime.isFinite else { return }
        speedBeforePause = clock.speed
        speed = 0
        timeOffset = pausedTime
    }

    /// Restarts a paused layer at root time `rootTime` from the local time it was paused at, as
    /// QA1673 does it: `speed = 1, timeOffset = 0, beginTime = 0`, then
    /// `beginTime = convertTime(now, from: nil) − pausedTime`. The presentation does not jump.
    ///
    /// The speed restored is the one the layer had when ``pause(atRootTime:)`` froze it (1 for a
    /// layer that was frozen by setting `speed` directly); for a speed `s` other than 1 the begin
    /// time is `t_parent − pausedTime / s`, which keeps the same continuity. Does nothing if the
    /// layer is not paused.
    public func resume(atRootTime rootTime: Double) {
        guard speed == 0 else { return }
        let pausedTime = timeOffset.isFinite ? timeOffset : 0
        let parentTime = superlayer?.localTime(atRootTime: rootTime) ?? rootTime
        guard parentTime.isFinite else { return }
        let resumedSpeed = speedBeforePause != 0 && speedBeforePause.isFinite ? speedBeforePause : 1
        speedBeforePause = 1
        speed = resumedSpeed
        timeOffset = 0
        beginTime = 0
        // convertTime(now, from: nil) with beginTime and timeOffset 0 is parentTime · speed.
        beginTime = resumedSpeed == 1 ? parentTime - pausedTime : parentTime - pausedTime / resumedSpeed
    }
}
