extension WaylandConnection {
    /// Sends each input event for the surface whose proxy is `surface` to `handler` (nil: to no one).
    /// Call holding the lock.
    func setInputHandlerLocked(
        surface: OpaquePointer, _ handler: (@Sendable (WaylandInputEvent) -> Void)?
    ) {
        inputHandlers[surface] = handler
    }

    /// Forgets a surface that is being destroyed: its handler, and the seats' focus and gestures on it.
    /// Call holding the lock.
    func forgetInputSurfaceLocked(_ surface: OpaquePointer) {
        inputHandlers[surface] = nil
        for seat in seats.values { seat.forget(surface: surface) }
    }

    /// Hands `event` to the handler of `surface`; counts it as undelivered when there is none (the
    /// surface is gone, or the event names no surface). Call holding the lock (a seat's dispatch).
    func deliverInputLocked(_ event: WaylandInputEvent, to surface: OpaquePointer?) {
        guard let surface, let handler = inputHandlers[surface] else {
            undeliveredInputEvents += 1
            return
        }
        handler(event)
    }

    /// The number of the next seat bound: one more than the highest so far.
    func nextSeatNumber() -> UInt32 {
        seats.values.map { $0.number + 1 }.max() ?? 0
    }

    /// The names of the seats bound (`wl_seat.name`, else "seat <number>"), in the order bound.
    public var seatNames: [String] {
        lock.withLock { seats.values.sorted { $0.number < $1.number }.map(\.name) }
    }

    /// How many input events arrived for a surface that had no input handler (one destroyed, or one
    /// whose window never asked for input).
    public var undeliveredInputEventCount: Int { lock.withLock { undeliveredInputEvents } }
}
