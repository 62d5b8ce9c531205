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
    /// When neither the model nor the animations can have changed what the cache holds (the layer
    /// is paused at the same time, or every animation is outside its active interval with nothing
    /// in it that depends on the time), the update returns at once. Does not allocate.
    public func updatePresentation(_ cache: inout PresentationCache, atLocalTime localTime: Double) {
        update(&cache, atLocalTime: localTime)
    }

    /// ``updatePresentation(_:atLocalTime:)``, inlined into the loops that update many caches.
    @inline(__always)
    func update(_ cache: inout PresentationCache, atLocalTime localTime: Double) {
        guard cache.sourceRevision == modelRevision else {
            refill(&cache, atLocalTime: localTime)
            return
        }
        if cache.unchanged.contains(localTime) { return }
        // Only animated fields can differ from the model: each field's first animation reads the
        // model value beneath it, so the fields need not be reset first.
        cache.unchanged = withUnsafePointer(to: &storedModel) { model in
            applyAnimations(to: &cache.state, model: UnsafeRawPointer(model), atLocalTime: localTime)
        }
    }

    /// Copies the model into `cache` and applies the animations: the first update of a cache from
    /// this layer, or the first since the model or the animations changed.
    @inline(never)
    private func refill(_ cache: inout PresentationCache, atLocalTime localTime: Double) {
        cache.state = storedModel
        cache.sourceRevision = modelRevision
        cache.unchanged = applyAnimations(to: &cache.state, model: nil, atLocalTime: localTime)
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
    /// animated fields are reset to the model. Returns the local times around `localTime` at which
    /// the result is the same.
    @discardableResult @inline(__always)
    func applyAnimations(
        to state: inout LayerState, model: UnsafeRawPointer?, atLocalTime localTime: Double
    ) -> UnchangingInterval {
        withUnsafeMutablePointer(to: &state) { state in
            var run = ProgramRun(state: UnsafeMutableRawPointer(state), model: model)
            run.run(program, atLocalTime: localTime)
            return run.unchanged
        }
    }
}

extension Layer {
    /// Brings `caches[index]` to the presentation state of `layers[index]` for every index, at
    /// `parentTime` in the layers' superlayer's time (each layer's local time is computed from
    /// it): ``updatePresentation(_:atLocalTime:)`` for a whole list of sibling layers, such as a
    /// layer's ``sublayers``, as a renderer evaluates them every frame. `caches` grows to the
    /// number of layers if it is shorter (the only time this allocates); caches beyond it are left
    /// alone.
    ///
    /// ```swift
    /// var caches: [PresentationCache] = []
    /// // each frame:
    /// Layer.updatePresentations(of: root.sublayers, into: &caches, atParentTime: root.localTime(atRootTime: now))
    /// ```
    public static func updatePresentations<Element: Layer>(
        of layers: [Element], into caches: inout [PresentationCache], atParentTime parentTime: Double
    ) {
        if caches.count < layers.count {
            caches.append(contentsOf: repeatElement(PresentationCache(), count: layers.count - caches.count))
        }
        layers.withUnsafeBufferPointer { layers in
            caches.withUnsafeMutableBufferPointer { caches in
                for index in layers.indices {
                    // The array holds every layer for the whole loop: no reference counting per layer.
                    Unmanaged.passUnretained(layers[index])._withUnsafeGuaranteedRef { layer in
                        layer.update(
                            &caches[index], atLocalTime: layer.mappedTime(fromParentTime: parentTime))
                    }
                }
            }
        }
    }
}
