extension Layer {
    /// The action for setting the property named `key`, looked up as Core Animation's
    /// `action(forKey:)` does: the ``delegate``'s answer, else ``actions``[`key`], else `nil` (the
    /// implicit basic animation).
    public func action(forKey key: String) -> LayerAction? {
        if let answer = delegate?.action(for: self, forKey: key) { return answer }
        return actions[key]
    }

    /// Sets `property` to `newValue` by `apply`, animating the change when the layer is in a
    /// ``LayerTree`` whose transaction allows actions: the implicit animation is a basic animation
    /// keyed by the property's name, from the value presented now to `newValue`, with the
    /// transaction's duration and timing function (or the action the layer's lookup gives).
    func change<Value>(
        _ property: LayerProperty<Value>, to newValue: Value, by apply: (inout LayerState) -> Void
    ) {
        guard let tree = layerTree, !tree.disableActions else {
            apply(&model)
            return
        }
        let action = action(forKey: property.name)
        if case .noAnimation? = action {
            apply(&model)
            return
        }
        let rootTime = tree.now
        let presented = presentationValue(of: property, atRootTime: rootTime)
        apply(&model)
        guard case .animation(let custom)? = action else {
            // Nothing moves and nothing is in flight: no animation to add.
            if presented == newValue && animation(forKey: property.name) == nil { return }
            var implicit = BasicAnimation(
                property: property, fromValue: presented, toValue: newValue,
                timingFunction: tree.animationTimingFunction)
            implicit.duration = tree.animationDuration
            insert(implicit, forKey: property.name, atRootTime: rootTime, delegate: nil)
            return
        }
        guard var animation = custom as? any TimedAnimation & ProgramEmitting else { return }
        if animation.timing.duration == 0 { animation.timing.duration = tree.animationDuration }
        if var basic = animation as? BasicAnimation<Value>, basic.property == property,
            basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil
        {
            basic.fromValue = presented
            basic.toValue = newValue
            animation = basic
        }
        insert(animation, forKey: property.name, atRootTime: rootTime, delegate: nil)
    }
}
