#if GLibMainLoop
    /// Why the dispatch main queue could not be integrated into a GLib main context.
    public enum GLibMainQueueError: Error, Equatable, Sendable {
        /// ``GLibMainQueue/integrate(context:priority:)`` was called off the process's main thread:
        /// the main queue can only be drained there.
        case notOnMainThread
        /// The main queue already runs from a context; cancel that integration first.
        case alreadyIntegrated
        /// libdispatch gave no descriptor for its main queue.
        case mainQueueHandleUnavailable(handle: Int32)
    }
#endif
