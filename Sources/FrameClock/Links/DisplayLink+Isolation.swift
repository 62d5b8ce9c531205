extension DisplayLink {
    /// Starts calling `callback` once a frame, isolated to `scene`: an actor whose executor is this
    /// link's ``executor``. Scene code then needs neither `@Sendable` state nor a lock — the callback
    /// and the actor's methods run on the frame thread, never at once, and the compiler checks that
    /// scene state stays there.
    ///
    /// ```swift
    /// actor Scene {
    ///     let link: DisplayLink
    ///     let ring = ShapeLayer()                 // not Sendable: it belongs to the actor
    ///     nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }
    ///     init(link: DisplayLink) { self.link = link }
    ///     func draw(at time: MonotonicInstant) { ... }
    ///     func apply(_ status: String) { ... }    // awaited from any task: runs between frames
    /// }
    /// let scene = Scene(link: link)
    /// try link.start(isolatedTo: scene) { scene, frame in scene.draw(at: frame.targetTimestamp) }
    /// ```
    ///
    /// - Throws: ``DisplayLinkError/notOnThisExecutor`` when `scene` does not run on this link's
    ///   executor, or as ``start(_:)``.
    public func start<Scene: Actor>(
        isolatedTo scene: Scene, _ callback: @escaping @Sendable (isolated Scene, Frame) -> Void
    ) throws(DisplayLinkError) {
        try start(entering(scene, callback))
    }

    /// `body` as a closure that runs isolated to `scene` on the frame thread: what an isolated frame
    /// callback or input handler is made of.
    ///
    /// - Throws: ``DisplayLinkError/notOnThisExecutor`` when `scene` does not run on this link's
    ///   executor.
    func entering<Scene: Actor, Argument>(
        _ scene: Scene, _ body: @escaping @Sendable (isolated Scene, Argument) -> Void
    ) throws(DisplayLinkError) -> @Sendable (Argument) -> Void {
        guard Self.isSame(scene.unownedExecutor, executor.asUnownedSerialExecutor()) else {
            throw .notOnThisExecutor
        }
        // The frame thread is the actor's executor: running there is the actor's isolation. The
        // executor checks that (its `checkIsolated`: the thread is its dispatcher, an atomic load)
        // and the body is entered as `assumeIsolated` enters its operation — the same function
        // without the `isolated` parameter's annotation — because the runtime's own check on the
        // way in (`swift_task_isCurrentExecutor`) costs far more than that load, on the path to every
        // callback (docs/frame-bench/latency-on-demand/report.md).
        let executor = executor
        let entered = unsafeBitCast(body, to: (@Sendable (Scene, Argument) -> Void).self)
        return { argument in
            executor.checkIsolated()
            entered(scene, argument)
        }
    }

    /// Whether two unowned executors are the same executor (the same object behind them).
    static func isSame(_ first: UnownedSerialExecutor, _ second: UnownedSerialExecutor) -> Bool {
        withUnsafeBytes(of: first) { firstBytes in
            withUnsafeBytes(of: second) { secondBytes in
                firstBytes.load(as: UInt.self) == secondBytes.load(as: UInt.self)
            }
        }
    }
}
