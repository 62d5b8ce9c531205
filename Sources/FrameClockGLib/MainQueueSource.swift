#if GLibMainLoop
    internal import CGLib
    import Glibc

    /// The GSource that drains the dispatch main queue: it watches libdispatch's main-queue eventfd and,
    /// when it is readable, reads its counter (else the descriptor stays readable and the loop spins)
    /// and then drains the queue.
    final class MainQueueSource: @unchecked Sendable {
        // @unchecked: the source pointer never changes and g_source_destroy is thread-safe.

        private let source: UnsafeMutablePointer<GSource>

        /// Creates the source on `descriptor` and attaches it to `context`.
        init(descriptor: Int32, context: GLibMainContext, priority: GLibSourcePriority) {
            source = g_unix_fd_source_new(descriptor, G_IO_IN)
            g_source_set_priority(source, priority.rawValue)
            g_source_set_name(source, "FrameClockGLib: dispatch main queue")
            g_source_set_callback(source, unsafeBitCast(drainMainQueue, to: GSourceFunc.self), nil, nil)
            g_source_attach(source, context.pointer)
        }

        deinit {
            g_source_destroy(source)
            g_source_unref(source)
        }

        /// Whether the source is still attached (neither cancelled nor ended by an off-main iteration).
        var isAttached: Bool { g_source_is_destroyed(source) == 0 }

        /// Detaches the source: the context stops draining the main queue.
        func destroy() {
            g_source_destroy(source)
        }
    }

    private let sourceContinue: gboolean = 1
    private let sourceRemove: gboolean = 0

    /// The fd source's callback (a `GUnixFDSourceFunc`). Iterated off the main thread, it removes
    /// itself instead of draining there.
    private let drainMainQueue: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = {
        descriptor, _, _ in
        guard frameclock_glib_is_main_thread() != 0 else {
            GLibMainQueue.endAfterOffMainIteration()
            return sourceRemove
        }
        var counter: UInt64 = 0
        _ = read(descriptor, &counter, MemoryLayout<UInt64>.size)
        _dispatch_main_queue_callback_4CF(nil)
        return sourceContinue
    }
#endif
