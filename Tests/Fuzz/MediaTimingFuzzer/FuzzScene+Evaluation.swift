extension FuzzScene {
    /// Evaluates every layer at root time `time` in every way the model offers and checks that
    /// they agree: the full presentation, the one through root time, the presentation cache, and
    /// the fuzzer's own fold of the animations through their public `value(atParentTime:…)`.
    mutating func evaluate(atRootTime time: Double) {
        for index in layers.indices {
            let layer = layers[index]
            let local = layer.localTime(atRootTime: time)
            if time.isFinite { invariant(!local.isNaN, "finite root time \(time) gave a NaN local time") }

            let full = layer.presentation(atLocalTime: local)
            let throughRoot = layer.presentation(atRootTime: time)
            invariant(
                differences(full, throughRoot).isEmpty,
                "presentation(atRootTime:) differs in \(differences(full, throughRoot))")

            layer.updatePresentation(&caches[index], atLocalTime: local)
            let cached = caches[index].state
            invariant(
                differences(cached, full).isEmpty,
                "the presentation cache differs in \(differences(cached, full)) at local time \(local)")

            var reference = layer.modelState
            for shadow in shadows[index] {
                shadow.apply(&reference, local)
                checkProgress(shadow.timing, atParentTime: local)
            }
            invariant(
                differences(reference, full).isEmpty,
                "the animations applied one by one differ in \(differences(reference, full)) at local time \(local)"
            )

            if tame {
                let exempt = shadows[index].contains(where: \.isCumulativeTransform)
                let nanFields = fieldsWithNaN(full, ignoringTransform: exempt)
                invariant(nanFields.isEmpty, "NaN from tame input in \(nanFields) at local time \(local)")
            }
            checkTimeConversions(index, atRootTime: time)
            if layer is ShapeLayer {
                checkPath(full.path, from: full.strokeStart, to: full.strokeEnd)
            }
        }
    }

    /// `convertTime` against `localTime(atRootTime:)`, to and from the layer itself, to and from
    /// another layer; a finite time never converts to NaN.
    func checkTimeConversions(_ index: Int, atRootTime time: Double) {
        let layer = layers[index]
        let other = layers[(index + 1) % layers.count]
        invariant(
            same(layer.convertTime(time, from: nil), layer.localTime(atRootTime: time)),
            "convertTime(from: nil)")
        invariant(same(layer.convertTime(time, from: layer), time), "convertTime from the layer itself")
        invariant(same(layer.convertTime(time, to: layer), time), "convertTime to the layer itself")
        let fromOther = layer.convertTime(time, from: other)
        let toOther = layer.convertTime(time, to: other)
        let toRoot = layer.convertTime(time, to: nil)
        invariant(same(toRoot, layer.rootTime(fromLocalTime: time)), "convertTime(to: nil)")
        if time.isFinite {
            invariant(
                !fromOther.isNaN && !toOther.isNaN && !toRoot.isNaN, "a finite time \(time) converted to NaN")
        }
    }

    /// A timing function from the input, checked at inputs from the input.
    mutating func probeTimingFunction(_ input: inout FuzzInput) {
        let function = input.timingFunction(tame: false)
        let inputs = (0..<4).map { _ in input.wildDouble() } + (0..<4).map { _ in Double(input.byte()) / 255 }
        checkTimingFunction(function, inputs: inputs)
        if case .cubicBezier = function.curve, let points = function.controlPoints {
            invariant(
                (0...1).contains(points.0.x) && (0...1).contains(points.1.x), "control point x outside [0, 1]"
            )
        }
    }

    /// Timing parameters from the input, checked at times from the input.
    mutating func probeTimingParameters(_ input: inout FuzzInput) {
        let timing = input.timing(tame: input.bool())
        for _ in 0..<4 {
            checkProgress(timing, atParentTime: input.wildDouble())
        }
        let active = timing.activeDuration
        invariant(active >= 0, "active duration \(active)")  // 0 only by underflow
        invariant(timing.iterationDuration > 0, "iteration duration \(timing.iterationDuration)")
    }
}
