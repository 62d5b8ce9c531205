extension WaylandWindow {
    /// Sends every input event of the connection's seats for the window's surface to `handler`
    /// (replacing any handler set before; nil stops them): pointer enter, leave, motion, buttons,
    /// axes and frames, touch downs, ups, motion, frames and cancels, keys.
    ///
    /// The handler runs on whichever thread dispatches the connection's events (a display link's
    /// frame thread, or a caller of ``WaylandFrameTiming/nextEvent(timeout:wakingOn:)``), holding the
    /// connection's lock: it must not call back into the connection. A display link made on the
    /// window sets it to post to the link's input queue.
    public func setInputHandler(_ handler: (@Sendable (WaylandInputEvent) -> Void)?) {
        connection.lock.withLock {
            guard isOpenLocked else { return }
            connection.setInputHandlerLocked(surface: OpaquePointer(surfacePointer), handler)
        }
    }
}
