#if GLibMainLoop
    internal import CGLib

    /// A plain GLib main loop (`GMainLoop`) for command-line tools and tests.
    ///
    /// A GTK program runs its own loop (`g_application_run`) and needs none of this:
    /// ``GLibMainQueue/integrate(context:priority:)`` works with whatever loop runs the context.
    public final class GLibMainLoop: @unchecked Sendable {
        // @unchecked: g_main_loop_quit and g_main_loop_is_running are thread-safe, the pointers never
        // change, and run() is documented for one thread at a time.

        private let loop: OpaquePointer
        /// The context the loop runs.
        public let context: GLibMainContext

        /// A loop on `context`, not yet running.
        ///
        /// - Parameter context: the context ``run()`` iterates; the default one unless given.
        public init(context: GLibMainContext = .default) {
            self.context = context
            loop = g_main_loop_new(context.pointer, 0)
        }

        deinit {
            g_main_loop_unref(loop)
        }

        /// Runs the loop on the calling thread until ``quit()`` (`g_main_loop_run`).
        public func run() {
            g_main_loop_run(loop)
        }

        /// Ends the loop's current run, or its next one if it is not running yet. Callable from any
        /// thread: the quit is an idle source on the loop's context, so it is never lost to a race with
        /// ``run()`` starting.
        public func quit() {
            let idle = g_idle_source_new()
            g_source_set_priority(idle, GLibSourcePriority.high.rawValue)
            g_source_set_callback(
                idle, quitLoop, UnsafeMutableRawPointer(g_main_loop_ref(loop)), unrefLoop)
            g_source_attach(idle, context.pointer)
            g_source_unref(idle)
        }

        /// Whether a thread is running the loop now.
        public var isRunning: Bool { g_main_loop_is_running(loop) != 0 }
    }

    private let quitLoop: @convention(c) (gpointer?) -> gboolean = { loop in
        g_main_loop_quit(OpaquePointer(loop))
        return 0
    }

    private let unrefLoop: @convention(c) (gpointer?) -> Void = { loop in
        g_main_loop_unref(OpaquePointer(loop))
    }
#endif
