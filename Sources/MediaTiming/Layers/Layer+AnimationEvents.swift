extension Layer {
    /// Appends the starts and stops of the observed animations at local time `localTime` to
    /// `events`, each once; returns whether any observed animation has yet to stop.
    func collectAnimationEvents(atLocalTime localTime: Double, into events: inout [AnimationEvent]) -> Bool {
        events.append(contentsOf: pendingObservedStops)
        pendingObservedStops.removeAll()
        var isStillObserved = false
        for index in animationRecords.indices {
            guard var observation = animationRecords[index].observation else { continue }
            let record = animationRecords[index]
            func event(_ kind: AnimationEvent.Kind) -> AnimationEvent {
                AnimationEvent(
                    kind: kind, layer: self, key: record.key, animation: record.animation,
                    observation: observation)
            }
            if !observation.hasReportedStart && record.timing.hasBegun(atParentTime: localTime) {
                observation.hasReportedStart = true
                events.append(event(.started))
            }
            if observation.hasReportedStart && record.timing.hasEnded(atParentTime: localTime) {
                events.append(event(.stopped(finished: true)))
                animationRecords[index].observation = nil
            } else {
                animationRecords[index].observation = observation
                isStillObserved = true
            }
        }
        return isStillObserved
    }
}
