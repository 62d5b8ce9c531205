extension WaylandEvent {
    /// `wl_seat`.
    enum Seat: UInt32, CaseIterable {
        /// A bit mask of ``WaylandSeatCapabilities``.
        case capabilities = 0
        /// The seat's name, from version 2.
        case name = 1
    }

    /// `wl_pointer`.
    enum Pointer: UInt32, CaseIterable {
        /// Serial, surface, x, y (fixed).
        case enter = 0
        /// Serial, surface.
        case leave = 1
        /// Time, x, y (fixed).
        case motion = 2
        /// Serial, time, button, state.
        case button = 3
        /// Time, axis, value (fixed).
        case axis = 4
        /// The events before it are one change, from version 5.
        case frame = 5
        /// Time, axis: a scroll axis stopped, from version 5.
        case axisStop = 7
    }

    /// `wl_keyboard`.
    enum Keyboard: UInt32, CaseIterable {
        /// Format, file descriptor, size.
        case keymap = 0
        /// Serial, surface, keys held.
        case enter = 1
        /// Serial, surface.
        case leave = 2
        /// Serial, time, key, state.
        case key = 3
    }

    /// `wl_touch`.
    enum Touch: UInt32, CaseIterable {
        /// Serial, time, surface, id, x, y (fixed).
        case down = 0
        /// Serial, time, id.
        case up = 1
        /// Time, id, x, y (fixed).
        case motion = 2
        /// The events before it are one change.
        case frame = 3
        /// The compositor took every active point away.
        case cancel = 4
    }
}
