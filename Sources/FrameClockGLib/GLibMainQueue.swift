#if GLibMainLoop
    internal import CGLib
    import Synchronization

    /// The dispatch main queue, and so `MainActor`, run from a GLib main context.
    ///
    /// A program whose main thread runs a GLib main loop (`g_main_loop_run`, `g_application_run`)
    /// never returns to `dispatchMain()`, so nothing drains the main queue: `await MainActor.run`,
    /// `Task { @MainActor in … }` and `DispatchQueue.main.async` never run. Call
    /// ``integrate(context:priority:)`` once at start-up, on the main thread, before running the loop:
    ///
    /// ```swift
    /// let integration = try GLibMainQueue.integrate()
    /// g_application_run(app, argc, argv)  // or GLibMainLoop().run()
    /// integration.cancel()
    /// ```
    public enum GLibMainQueue {
        private static let current = Mutex<GLibMainQueueIntegration?>(nil)

        /// Makes `context` drain the dispatch main queue whenever it has work: a GSource on
        /// libdispatch's main-queue descriptor, with no polling and no timer.
        ///
        /// Nothing runs until a thread iterates `context`; integrating on a context that no thread
        /// runs returns at once. The context must be iterated by the main thread: if another thread
        /// iterates it, the source removes itself there (the integration ends, see
        /// ``GLibMainQueueIntegration/isActive``) instead of draining on the wrong thread.
        ///
        /// - Parameters:
        ///   - context: the context the main thread runs; GTK's and a plain `GMainLoop`'s is the default.
        ///   - priority: the draining source's priority; the default is that of input events.
        /// - Returns: the integration, which lasts until ``GLibMainQueueIntegration/cancel()``.
        /// - Throws: ``GLibMainQueueError/notOnMainThread`` off the main thread;
        ///   ``GLibMainQueueError/alreadyIntegrated`` while an earlier integration is active (on any
        ///   context: two would race to drain one queue).
        @discardableResult
        public static func integrate(
            context: GLibMainContext = .default, priority: GLibSourcePriority = .default
        ) throws(GLibMainQueueError) -> GLibMainQueueIntegration {
            guard frameclock_glib_is_main_thread() != 0 else { throw .notOnMainThread }
            return try current.withLock { current throws(GLibMainQueueError) in
                if let active = current, active.isActive { throw .alreadyIntegrated }
                let descriptor = _dispatch_get_main_queue_handle_4CF()
                guard descriptor >= 0 else { throw .mainQueueHandleUnavailable(handle: descriptor) }
                let source = MainQueueSource(descriptor: descriptor, context: context, priority: priority)
                let integration = GLibMainQueueIntegration(
                    context: context, priority: priority, source: source)
                current = integration
                return integration
            }
        }

        /// The active integration, if any.
        public static var integration: GLibMainQueueIntegration? {
            current.withLock { current in current?.isActive == true ? current : nil }
        }

        /// Ends the active integration, if any (``GLibMainQueueIntegration/cancel()``).
        public static func stop() {
            integration?.cancel()
        }

        static func end(_ integration: GLibMainQueueIntegration) {
            integration.source.destroy()
            current.withLock { current in
                if current === integration { current = nil }
            }
        }

        static func endAfterOffMainIteration() {
            current.withLock { current in current = nil }
        }
    }
#endif
