#if GLibMainLoop
    internal import CGLib
    import FrameClock
    import Synchronization

    /// A `LoopFrameSource` dispatched from a GLib main context: a `GSource` on the
    /// source's descriptor, at GTK's redraw priority unless told otherwise, so that frames come on
    /// the thread that runs the context's loop — the main thread of a GTK program — beside the
    /// toolkit's own frame clock.
    ///
    /// ```swift
    /// let source = try LoopFrameSource(framesPerSecond: 60)      // on the main thread
    /// let delivery = try GLibFrameDelivery(source)              // on the default main context
    /// let link = try DisplayLink(source: .loop(source))
    /// try link.startOnMainActor { frame in view.advance(to: frame.targetTimestamp) }
    /// GLibMainLoop().run()
    /// ```
    ///
    /// What GLib does not do, this says plainly: a context that no thread runs dispatches nothing
    /// (the links get no frames, and their stall reports say the loop was busy); a context whose
    /// loop has quit dispatches again only when it is run again. A context run on a thread other
    /// than the source's never calls a callback there: the delivery ends at the first dispatch and
    /// ``failure`` says why.
    public final class GLibFrameDelivery: @unchecked Sendable {
        // @unchecked: the source pointer never changes, g_source_destroy is thread-safe, and the
        // failure is behind a lock.

        /// The loop source this delivery dispatches.
        public let source: LoopFrameSource
        /// The context it is attached to.
        public let context: GLibMainContext
        /// Its priority among the context's sources.
        public let priority: GLibSourcePriority
        private let gsource: UnsafeMutablePointer<GSource>
        private let dispatcher: Dispatcher

        /// Attaches `source` to `context` at `priority`.
        ///
        /// - Throws: ``GLibFrameDeliveryError/alreadyDelivered`` when the source is already
        ///   dispatched from a context (two would each take frames the other expects).
        public init(
            _ source: LoopFrameSource, context: GLibMainContext = .default,
            priority: GLibSourcePriority = .redraw
        ) throws(GLibFrameDeliveryError) {
            guard Dispatcher.claim(source) else { throw .alreadyDelivered }
            self.source = source
            self.context = context
            self.priority = priority
            dispatcher = Dispatcher(source: source)
            gsource = g_unix_fd_source_new(source.fileDescriptor, G_IO_IN)
            g_source_set_priority(gsource, priority.rawValue)
            g_source_set_name(gsource, "FrameClockGLib: frames of a loop source")
            let box = Unmanaged.passRetained(dispatcher).toOpaque()
            g_source_set_callback(
                gsource, unsafeBitCast(dispatchFrames, to: GSourceFunc.self), box, releaseDispatcher)
            g_source_attach(gsource, context.pointer)
        }

        deinit {
            end()
            g_source_unref(gsource)
        }

        /// Whether the context still dispatches the source.
        public var isActive: Bool { g_source_is_destroyed(gsource) == 0 }

        /// Why the delivery ended by itself (the context was run on another thread), or nil.
        public var failure: DisplayLinkError? { dispatcher.failure.withLock { $0 } }

        /// Takes the source out of the context: no more frames come from it. Idempotent, from any
        /// thread; the source can then be delivered again, from this context or another.
        public func end() {
            g_source_destroy(gsource)
            dispatcher.releaseClaim()
        }
    }

    /// Why a loop source cannot be delivered from a GLib context.
    public enum GLibFrameDeliveryError: Error, Equatable, Sendable {
        /// The source is already dispatched from a context: end that ``GLibFrameDelivery`` first.
        case alreadyDelivered
    }

    /// What the `GSource`'s callback holds: the loop source and what went wrong.
    private final class Dispatcher: Sendable {
        let source: LoopFrameSource
        let failure = Mutex<DisplayLinkError?>(nil)
        /// The sources delivered from a context now (by object identity).
        private static let delivered = Mutex<Set<ObjectIdentifier>>([])

        /// Whether this delivery still holds its source's claim (given back once).
        private let holdsClaim = Atomic<Bool>(true)

        init(source: LoopFrameSource) {
            self.source = source
        }

        static func claim(_ source: LoopFrameSource) -> Bool {
            delivered.withLock { $0.insert(ObjectIdentifier(source)).inserted }
        }

        /// Lets the source be delivered again (by a later delivery); idempotent.
        func releaseClaim() {
            guard holdsClaim.exchange(false, ordering: .acquiringAndReleasing) else { return }
            _ = Self.delivered.withLock { $0.remove(ObjectIdentifier(source)) }
        }
    }

    private let sourceContinue: gboolean = 1
    private let sourceRemove: gboolean = 0

    private let dispatchFrames: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = {
        _, _, box in
        guard let box else { return sourceRemove }
        let dispatcher = Unmanaged<Dispatcher>.fromOpaque(box).takeUnretainedValue()
        do throws(DisplayLinkError) {
            try dispatcher.source.dispatch()
            return sourceContinue
        } catch {
            dispatcher.failure.withLock { $0 = error }
            dispatcher.releaseClaim()
            return sourceRemove
        }
    }

    private let releaseDispatcher: @convention(c) (gpointer?) -> Void = { box in
        guard let box else { return }
        Unmanaged<Dispatcher>.fromOpaque(box).release()
    }
#endif
