extension DisplayLink {
    /// Sets the input handler (see ``InputQueue/setHandler(_:)``) isolated to `scene`: an actor whose
    /// executor is this link's ``executor``, as ``start(isolatedTo:_:)`` takes. The handler then
    /// updates the scene's state — a drag's offset, a velocity tracker — without a lock, in the frame,
    /// just before the frame's callback reads that state.
    ///
    /// ```swift
    /// try link.setInputHandler(isolatedTo: scene) { scene, batch in scene.handle(batch) }
    /// try link.start(isolatedTo: scene) { scene, frame in scene.draw(at: frame.targetTimestamp) }
    /// ```
    ///
    /// - Throws: ``DisplayLinkError/notOnThisExecutor`` when `scene` does not run on this link's
    ///   executor.
    public func setInputHandler<Scene: Actor>(
        isolatedTo scene: Scene, _ handler: @escaping @Sendable (isolated Scene, InputBatch) -> Void
    ) throws(DisplayLinkError) {
        input.setHandler(try entering(scene, handler))
    }
}
