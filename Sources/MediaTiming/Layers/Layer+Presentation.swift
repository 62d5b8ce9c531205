extension Layer {
    /// The presentation state when this layer's local time is `localTime`: the model state with
    /// every animation applied in order. Animations that do not apply at that time leave the model
    /// value; at a NaN local time only frozen animations (speed 0) apply. Does not allocate (it copies the whole state; see
    /// ``updatePresentation(_:atLocalTime:)`` for the incremental form).
    public func presentation(atLocalTime localTime: Double) -> LayerState {
        var state = storedModel
        applyAnimations(to: &state, model: nil, atLocalTime: localTime)
        return state
    }

    /// Brings `cache` to the presentation state at `localTime`, rewriting only what animations
    /// drive unless the model changed since the cache was last updated from this layer: the
    /// form of ``presentation(atLocalTime:)`` for renderers that evaluate many layers every frame.
    /// Does not allocate.
    public func updatePresentation(_ cache: inout PresentationCache, atLocalTime localTime: Double) {
        if cache.sourceRevision == modelRevision {
            // Only animated fields can differ from the model: each field's first animation reads
            // the model value beneath it, so the fields need not be reset first.
            withUnsafePointer(to: &storedModel) { model in
                applyAnimations(to: &cache.state, model: model, atLocalTime: localTime)
            }
        } else {
            cache.state = storedModel
            cache.sourceRevision = modelRevision
            applyAnimations(to: &cache.state, model: nil, atLocalTime: localTime)
        }
    }

    /// The presentation state at root time `rootTime` (the layer's local time is computed from the
    /// root down): Core Animation's `presentation()` layer, as a value.
    public func presentation(atRootTime rootTime: Double) -> LayerState {
        presentation(atLocalTime: localTime(atRootTime: rootTime))
    }

    /// One property's presentation value at root time `rootTime`.
    public func presentationValue<Value>(of property: LayerProperty<Value>, atRootTime rootTime: Double)
        -> Value
    {
        property.read(presentation(atRootTime: rootTime))
    }

    /// One property's model value.
    public func modelValue<Value>(of property: LayerProperty<Value>) -> Value {
        property.read(model)
    }

    /// Applies the animations in order. With `model`, the first animation on each field takes the
    /// value beneath it from the model rather than from `state`; at a NaN time none applies, so
    /// animated fields are reset to the model.
    @inline(__always)
    func applyAnimations(
        to state: inout LayerState, model: UnsafePointer<LayerState>?, atLocalTime localTime: Double
    ) {
        // Pointers rather than copies: passing the stored tables by value would retain every
        // array in them on each call.
        withUnsafePointer(to: &animationTables) { tables in
            attachedAnimations.withUnsafeBufferPointer { animations in
                for index in animations.indices {
                    animations[index].apply(to: &state, tables: tables, model: model, atLayerTime: localTime)
                }
            }
        }
    }
}
