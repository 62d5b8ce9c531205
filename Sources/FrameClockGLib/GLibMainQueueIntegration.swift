#if GLibMainLoop
    /// The dispatch main queue running from a GLib main context: what
    /// ``GLibMainQueue/integrate(context:priority:)`` returns.
    ///
    /// The integration lasts until ``cancel()``; dropping the object does not end it.
    public final class GLibMainQueueIntegration: Sendable {
        /// The context whose iterations drain the main queue.
        public let context: GLibMainContext
        /// The priority of the draining source among the context's sources.
        public let priority: GLibSourcePriority
        let source: MainQueueSource

        init(context: GLibMainContext, priority: GLibSourcePriority, source: MainQueueSource) {
            self.context = context
            self.priority = priority
            self.source = source
        }

        /// Whether the context still drains the main queue: false after ``cancel()``, or after the
        /// context was iterated by a thread other than the main one (the source then removes itself
        /// rather than drain on the wrong thread).
        public var isActive: Bool { source.isAttached }

        /// Removes the draining source from the context; the main queue then runs only from whatever
        /// else drains it. Callable from any thread; a second call does nothing. Afterwards
        /// ``GLibMainQueue/integrate(context:priority:)`` may be called again.
        public func cancel() {
            GLibMainQueue.end(self)
        }
    }
#endif
