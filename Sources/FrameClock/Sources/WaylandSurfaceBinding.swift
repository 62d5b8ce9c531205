#if WaylandBackend
    internal import SystemCalls
    import SystemPackage
    import Wayland

    /// The surface a Wayland tick source ticks on: the library's window, or a toolkit's surface adopted
    /// on a connection (and event queue) of the source's own. Its events are timed on
    /// `CLOCK_MONOTONIC` and waited for in `poll` (``WaylandFrameTiming/nextEvent(timeout:wakingOn:)``).
    final class WaylandSurfaceBinding: WaylandSurfaceEvents {
        /// Frame callbacks and presentation feedback on the surface.
        let timing: WaylandFrameTiming
        /// The connection the surface is on.
        let connection: WaylandConnection
        /// The surface's name in descriptions, such as "Wayland window 'clock'".
        let name: String
        /// The library's window, kept alive while the source uses it (its owner closes it).
        private let window: WaylandWindow?
        /// Whether ``close()`` closes the timing and the connection (made for a toolkit's surface).
        private let ownsConnection: Bool

        /// The library's window: the front end draws and commits it; the source only watches it.
        init(window: WaylandWindow) {
            self.window = window
            timing = window.frameTiming
            connection = window.connection
            name = "Wayland window '\(window.title)'"
            ownsConnection = false
        }

        /// A toolkit's surface on the toolkit's display: the source adopts both on a private event
        /// queue, so the toolkit's own dispatch never sees the source's callbacks and feedback.
        ///
        /// - Throws: ``DisplayLinkError/sourceUnavailable(_:)`` when the display cannot be adopted (it
        ///   is broken, or the compositor does not answer) or the surface cannot be wrapped.
        init(toolkit: WaylandToolkitSurface) throws(DisplayLinkError) {
            let connection: WaylandConnection
            do {
                connection = try WaylandConnection(adopting: toolkit.display)
            } catch {
                throw .sourceUnavailable("the toolkit's Wayland display cannot be used: \(error)")
            }
            do {
                timing = try WaylandFrameTiming(connection: connection, adoptingSurface: toolkit.surface)
            } catch {
                connection.close()
                throw .sourceUnavailable("the toolkit's Wayland surface cannot be used: \(error)")
            }
            self.connection = connection
            window = nil
            name = "Wayland surface (a toolkit's)"
            ownsConnection = true
        }

        /// The compositor's outputs, as it last described them.
        var outputs: [WaylandOutput] { connection.outputs }

        /// The outputs the library's window is on; empty for a toolkit's surface (its `enter` and
        /// `leave` go to the toolkit).
        var enteredOutputs: [WaylandOutput] { window?.outputs ?? [] }

        /// The latest presentation of the surface that its frame timing received.
        var latestPresentation: WaylandPresentedFrame? { timing.latestPresentation }

        /// Why the surface gets no presentation feedback, or nil when it does.
        var feedbackUnavailable: String? {
            connection.supportsPresentationFeedback
                ? nil : WaylandError.missingGlobal(interface: "wp_presentation", version: 1).description
        }

        var commitTiming: String? {
            guard let support = window?.commitTimingSupport, support.commitTiming || support.fifo else {
                return nil
            }
            return support.description
        }

        func requestFrameCallback() throws(WaylandError) -> UInt64 {
            try timing.requestFrameCallback()
        }

        func requestPresentationFeedback() throws(WaylandError) -> UInt64 {
            try timing.requestPresentationFeedback()
        }

        func monotonicNanoseconds() -> Int64 {
            KernelClock.monotonicNanoseconds()
        }

        /// Waits in `poll` on the connection and `control`'s eventfd, for at most the time left until
        /// `deadline`.
        func nextEvent(until deadline: Int64, wakingOn control: ControlChannel) -> WaylandFrameEvent {
            timing.nextEvent(
                timeout: Duration(nanoseconds: max(0, deadline - KernelClock.monotonicNanoseconds())),
                wakingOn: FileDescriptor(rawValue: control.fd))
        }

        /// The connection's failure (a protocol error, the compositor gone), in words.
        var connectionFailure: String? {
            connection.failure?.description
        }

        /// Stops watching the surface; a toolkit's surface's wrapper and the source's connection are
        /// closed (the toolkit's display stays connected), the library's window is left to its owner.
        func close() {
            guard ownsConnection else { return }
            timing.close()
            connection.close()
        }
    }
#endif
