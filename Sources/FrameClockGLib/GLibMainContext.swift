#if GLibMainLoop
    internal import CGLib

    /// A GLib main context: the set of sources one thread's main loop polls and dispatches.
    ///
    /// A GTK program's main thread runs ``default`` (through `g_application_run`), and so does a plain
    /// `g_main_loop_run(g_main_loop_new(NULL, FALSE))`. The object holds a reference to the context for
    /// as long as it lives.
    public final class GLibMainContext: @unchecked Sendable {
        // @unchecked: GLib's main-context calls used here (ref, unref, iteration, source attachment)
        // are documented thread-safe; the pointer itself never changes.

        /// The `GMainContext *` this object holds a reference to, for an adopter's own GLib calls.
        public let pointer: OpaquePointer

        /// The global default context (`g_main_context_default()`): the one GTK and a plain
        /// `GMainLoop` created with a `NULL` context run.
        public static let `default` = GLibMainContext(retaining: g_main_context_default())

        /// A new context that no thread runs until one iterates it (`g_main_context_new()`).
        public init() {
            pointer = g_main_context_new()
        }

        /// Wraps a context an adopter already has (from its own GLib or GTK bindings), taking a
        /// reference of its own.
        ///
        /// - Parameter pointer: a valid `GMainContext *`.
        public init(retaining pointer: OpaquePointer) {
            self.pointer = g_main_context_ref(pointer)
        }

        deinit {
            g_main_context_unref(pointer)
        }

        /// Runs one iteration of the context on the calling thread (`g_main_context_iteration`).
        ///
        /// - Parameter mayBlock: whether to wait for a source to become ready when none is.
        /// - Returns: whether a source was dispatched.
        @discardableResult
        public func iterate(mayBlock: Bool) -> Bool {
            g_main_context_iteration(pointer, mayBlock ? 1 : 0) != 0
        }
    }
#endif
