extension LayerTree {
    /// Finds what happened to the watched layers' observed animations by ``currentTime`` and
    /// delivers it: delegates first, each completion right after the last stop it waited for, then
    /// the completions that became due outside an advance.
    func deliverAnimationEvents() {
        var events: [AnimationEvent] = []
        let layers = watchedLayers
        watchedLayers.removeAll(keepingCapacity: true)
        for layer in layers {
            let isStillObserved = layer.collectAnimationEvents(
                atLocalTime: layer.localTime(atRootTime: currentTime), into: &events)
            if isStillObserved {
                watchedLayers.append(layer)
            } else {
                layer.isWatchedForEvents = false
            }
        }
        for event in events {
            event.deliver()
        }
        let due = dueCompletions
        dueCompletions.removeAll()
        for completion in due {
            completion.run()
        }
    }
}
