extension FuzzScene {
    mutating func setClock(_ input: inout FuzzInput) {
        let layer = layers[layerIndex(&input)]
        switch input.byte() % 3 {
        case 0: layer.beginTime = input.double(tame: tame)
        case 1:
            if tame {
                layer.speed =
                    input.byte() % 8 == 0 ? input.pick([.nan, .infinity, 0]) : Double(input.int8()) / 16
            } else {
                layer.speed = input.wildDouble()
            }
        default: layer.timeOffset = input.double(tame: tame)
        }
    }

    /// QA1673's pause: the layer freezes at its local time at that instant, with no jump.
    mutating func pause(_ input: inout FuzzInput) {
        let layer = layers[layerIndex(&input)]
        let time = input.rootTime(tame: tame)
        let wasPaused = layer.speed == 0
        let local = layer.localTime(atRootTime: time)
        let offset = layer.timeOffset
        layer.pause(atRootTime: time)
        if wasPaused || !local.isFinite {
            invariant(same(layer.timeOffset, offset), "pause changed a layer it should leave alone")
            return
        }
        invariant(layer.speed == 0 && layer.isPaused, "pause did not freeze the layer")
        invariant(same(layer.localTime(atRootTime: time), local), "pause made the local time jump")
        invariant(same(layer.localTime(atRootTime: time + 1000), local), "a paused layer's time moves")
    }

    /// QA1673's resume: the layer runs again from the local time it was paused at.
    mutating func resume(_ input: inout FuzzInput) {
        let layer = layers[layerIndex(&input)]
        let time = input.rootTime(tame: tame)
        let wasPaused = layer.speed == 0
        let pausedTime = layer.timeOffset.isFinite ? layer.timeOffset : 0
        let parentTime = layer.superlayer?.localTime(atRootTime: time) ?? time
        layer.resume(atRootTime: time)
        guard wasPaused && parentTime.isFinite else {
            invariant(layer.speed == 0 || !wasPaused, "resume changed a layer it should leave alone")
            return
        }
        invariant(layer.speed != 0 && layer.speed.isFinite, "resume left the layer frozen")
        guard tame else { return }
        let speed = layer.speed
        let local = layer.localTime(atRootTime: time)
        let scale = (abs(parentTime) + abs(pausedTime / speed)) * max(1, abs(speed)) + abs(pausedTime)
        invariant(
            abs(local - pausedTime) <= 1e-12 * scale + 1e-300,
            "resume jumped: local time \(local) instead of \(pausedTime) (speed \(speed), parent \(parentTime))"
        )
    }
}
