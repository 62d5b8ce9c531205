extension FuzzScene {
    mutating func addBasicAnimation(_ input: inout FuzzInput) {
        let index = layerIndex(&input)
        switch input.pick(FuzzProperty.allCases) {
        case .opacity: addBasic(.opacity, \.opacity, index, &input)
        case .strokeStart: addBasic(.strokeStart, \.strokeStart, index, &input)
        case .strokeEnd: addBasic(.strokeEnd, \.strokeEnd, index, &input)
        case .lineWidth: addBasic(.lineWidth, \.lineWidth, index, &input)
        case .miterLimit: addBasic(.miterLimit, \.miterLimit, index, &input)
        case .fontSize: addBasic(.fontSize, \.fontSize, index, &input)
        case .position: addBasic(.position, \.position, index, &input)
        case .anchorPoint: addBasic(.anchorPoint, \.anchorPoint, index, &input)
        case .boundsSize: addBasic(.boundsSize, \.bounds.size, index, &input)
        case .bounds: addBasic(.bounds, \.bounds, index, &input)
        case .backgroundColor: addBasic(.backgroundColor, \.backgroundColor, index, &input)
        case .fillColor: addBasic(.fillColor, \.fillColor, index, &input)
        case .strokeColor: addBasic(.strokeColor, \.strokeColor, index, &input)
        case .foregroundColor: addBasic(.foregroundColor, \.foregroundColor, index, &input)
        case .transform: addBasic(.transform, \.transform, index, &input)
        }
    }

    mutating func addKeyframeAnimation(_ input: inout FuzzInput) {
        let index = layerIndex(&input)
        switch input.pick(FuzzProperty.allCases) {
        case .opacity: addKeyframe(.opacity, \.opacity, index, &input)
        case .strokeStart: addKeyframe(.strokeStart, \.strokeStart, index, &input)
        case .strokeEnd: addKeyframe(.strokeEnd, \.strokeEnd, index, &input)
        case .lineWidth: addKeyframe(.lineWidth, \.lineWidth, index, &input)
        case .miterLimit: addKeyframe(.miterLimit, \.miterLimit, index, &input)
        case .fontSize: addKeyframe(.fontSize, \.fontSize, index, &input)
        case .position: addKeyframe(.position, \.position, index, &input)
        case .anchorPoint: addKeyframe(.anchorPoint, \.anchorPoint, index, &input)
        case .boundsSize: addKeyframe(.boundsSize, \.bounds.size, index, &input)
        case .bounds: addKeyframe(.bounds, \.bounds, index, &input)
        case .backgroundColor: addKeyframe(.backgroundColor, \.backgroundColor, index, &input)
        case .fillColor: addKeyframe(.fillColor, \.fillColor, index, &input)
        case .strokeColor: addKeyframe(.strokeColor, \.strokeColor, index, &input)
        case .foregroundColor: addKeyframe(.foregroundColor, \.foregroundColor, index, &input)
        case .transform: addKeyframe(.transform, \.transform, index, &input)
        }
    }

    private mutating func addBasic<Value: FuzzValue>(
        _ property: LayerProperty<Value>, _ field: WritableKeyPath<LayerState, Value>, _ index: Int,
        _ input: inout FuzzInput
    ) {
        let flags = input.byte()
        var animation = BasicAnimation(
            property: property,
            fromValue: flags & 1 != 0 ? Value.make(&input, tame: tame) : nil,
            toValue: flags & 2 != 0 ? Value.make(&input, tame: tame) : nil,
            byValue: flags & 4 != 0 ? Value.make(&input, tame: tame) : nil,
            timing: input.timing(tame: tame), timingFunction: input.timingFunction(tame: tame))
        animation.isAdditive = flags & 8 != 0
        animation.isCumulative = flags & 16 != 0
        animation.isRemovedOnCompletion = flags & 32 == 0
        attach(animation, key: input.pick(Self.keys), field: field, index: index)
    }

    private mutating func addKeyframe<Value: FuzzValue>(
        _ property: LayerProperty<Value>, _ field: WritableKeyPath<LayerState, Value>, _ index: Int,
        _ input: inout FuzzInput
    ) {
        let values = (0..<Int(input.byte() % 7)).map { _ in Value.make(&input, tame: tame) }
        let keyTimes = makeKeyTimes(valueCount: values.count, &input)
        let timingFunctions: [TimingFunction]? =
            input.bool()
            ? (0..<max(0, values.count - 2 + Int(input.byte() % 3))).map { _ in
                input.timingFunction(tame: tame)
            }
            : nil
        let mode = input.pick(CalculationMode.allCases)
        let expected = expectedKeyframeError(
            valueCount: values.count, keyTimes: keyTimes, timingFunctionCount: timingFunctions?.count,
            mode: mode)
        let made: KeyframeAnimation<Value>
        do {
            made = try KeyframeAnimation(
                property: property, values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                calculationMode: mode, timing: input.timing(tame: tame),
                timingFunction: input.timingFunction(tame: tame))
            invariant(
                expected == nil,
                "KeyframeAnimation accepted bad keyframes (expected \(String(describing: expected)))")
        } catch {
            invariant(
                sameError(error, expected),
                "KeyframeAnimation threw \(error), expected \(String(describing: expected))")
            return
        }
        var animation = made
        let flags = input.byte()
        animation.isAdditive = flags & 1 != 0
        animation.isCumulative = flags & 2 != 0
        animation.isRemovedOnCompletion = flags & 4 == 0
        let fraction = input.wildDouble()
        let sample = animation.keyframeValue(atFraction: fraction)
        invariant(!tame || !sample.hasNaN, "keyframe value at \(fraction) is NaN")
        attach(animation, key: input.pick(Self.keys), field: field, index: index)
    }

    /// Key times: none, sorted fractions, or arbitrary doubles, one per value or one more or fewer.
    private func makeKeyTimes(valueCount: Int, _ input: inout FuzzInput) -> [Double]? {
        let count = max(0, valueCount - 1 + Int(input.byte() % 3))
        switch input.byte() % 3 {
        case 0: return nil
        case 1:
            return (0..<count).map { _ in Double(input.byte()) / 255 }.sorted()
        default:
            return (0..<count).map { _ in input.wildDouble() }
        }
    }

    /// Whether two keyframe errors are the same (a NaN key time equals a NaN key time).
    private func sameError(_ error: KeyframeAnimationError, _ expected: KeyframeAnimationError?) -> Bool {
        if case .keyTimeOutOfRange(let index, let keyTime) = error,
            case .keyTimeOutOfRange(let expectedIndex, let expectedKeyTime) = expected
        {
            return index == expectedIndex && same(keyTime, expectedKeyTime)
        }
        return error == expected
    }

    /// The error `KeyframeAnimation` must throw for these keyframes, from its documentation.
    private func expectedKeyframeError(
        valueCount: Int, keyTimes: [Double]?, timingFunctionCount: Int?, mode: CalculationMode
    ) -> KeyframeAnimationError? {
        if valueCount == 0 { return .noValues }
        if mode == .paced { return nil }
        if mode == .linear, let timingFunctionCount, timingFunctionCount != valueCount - 1 {
            return .timingFunctionCountMismatch(expected: valueCount - 1, actual: timingFunctionCount)
        }
        guard let keyTimes else { return nil }
        let allowed = mode == .discrete ? [valueCount, valueCount + 1] : [valueCount]
        if !allowed.contains(keyTimes.count) {
            return .keyTimeCountMismatch(valueCount: valueCount, keyTimeCount: keyTimes.count)
        }
        for (index, keyTime) in keyTimes.enumerated() {
            if !(keyTime >= 0 && keyTime <= 1) { return .keyTimeOutOfRange(index: index, keyTime: keyTime) }
            if index > 0 && keyTime < keyTimes[index - 1] { return .keyTimesNotSorted(index: index) }
        }
        return nil
    }

    /// Adds the animation to the layer and to the shadow record, as the layer documents it: a
    /// begin time of 0 becomes the layer's local time now; a key replaces the animation under it.
    private mutating func attach<Animation: LayerAnimation>(
        _ animation: Animation, key: String?, field: WritableKeyPath<LayerState, Animation.Value>, index: Int
    ) {
        guard shadows[index].count < Self.maxAnimationsPerLayer || key != nil else { return }
        let layer = layers[index]
        var stored = animation
        if stored.timing.beginTime == 0 {
            let local = layer.localTime(atRootTime: now)
            stored.timing.beginTime = local.isFinite ? local : 0
        }
        layer.add(animation, now: now, key: key)
        if let key {
            shadows[index].removeAll { $0.key == key }
            let kept = layer.animation(forKey: key)
            invariant(kept != nil, "no animation under key \(key)")
            invariant(
                same(kept?.timing.beginTime ?? .nan, stored.timing.beginTime),
                "begin time fixed as \(String(describing: kept?.timing.beginTime)), not \(stored.timing.beginTime)"
            )
        }
        shadows[index].append(ShadowAnimation(stored, key: key, field: field))
        checkAnimationList(index)
    }

    mutating func removeAnimation(_ input: inout FuzzInput) {
        let index = layerIndex(&input)
        if input.byte() % 4 == 0 {
            layers[index].removeAllAnimations()
            shadows[index].removeAll()
        } else {
            let key = input.pick(["a", "b", "c", "d"])
            layers[index].removeAnimation(forKey: key)
            shadows[index].removeAll { $0.key == key }
        }
        checkAnimationList(index)
    }

    /// The layer's keys and count match the shadow record.
    func checkAnimationList(_ index: Int) {
        let layer = layers[index]
        invariant(layer.animationCount == shadows[index].count, "animationCount \(layer.animationCount)")
        invariant(
            layer.animationKeys == shadows[index].compactMap(\.key), "animationKeys \(layer.animationKeys)")
    }
}

extension Layer {
    /// `add(_:forKey:atRootTime:)` for either kind of animation.
    fileprivate func add<Animation: LayerAnimation>(_ animation: Animation, now: Double, key: String?) {
        if let basic = animation as? BasicAnimation<Animation.Value> {
            add(basic, forKey: key, atRootTime: now)
        } else if let keyframe = animation as? KeyframeAnimation<Animation.Value> {
            add(keyframe, forKey: key, atRootTime: now)
        } else {
            invariant(false, "unknown animation kind")
        }
    }
}
