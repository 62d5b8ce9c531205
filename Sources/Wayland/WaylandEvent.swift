/// The events this module tells apart, an enum of named opcodes per interface: each event's place
/// among its interface's events in the protocol's XML (`wayland.xml`, `xdg-shell.xml`,
/// `presentation-time.xml`).
///
/// ```swift
/// switch WaylandEvent.Surface(rawValue: opcode) {
/// case .enter?: ...
/// case .leave?: ...
/// case nil: break
/// }
/// ```
///
/// The interfaces with one event (`wl_callback.done`, `wl_buffer.release`, ...) need no name for it.
enum WaylandEvent {
    /// `wl_registry`.
    enum Registry: UInt32, CaseIterable {
        /// Name, interface, version.
        case global = 0
        /// Name.
        case globalRemove = 1
    }

    /// `wl_surface`.
    enum Surface: UInt32, CaseIterable {
        /// An output.
        case enter = 0
        /// An output.
        case leave = 1
    }

    /// `wl_output`.
    enum Output: UInt32, CaseIterable {
        /// X, y, physical width, physical height, subpixel, make, model, transform.
        case geometry = 0
        /// Flags, width, height, refresh.
        case mode = 1
        /// The events before it are one change.
        case done = 2
        case scale = 3
        case name = 4
        case description = 5
    }

    /// `xdg_toplevel`.
    enum XdgToplevel: UInt32, CaseIterable {
        /// Width, height, states.
        case configure = 0
        case close = 1
    }

    /// `wp_presentation_feedback`.
    enum PresentationFeedback: UInt32, CaseIterable {
        /// The output, before `presented`.
        case syncOutput = 0
        /// Seconds (high, low), nanoseconds, refresh, sequence (high, low), flags.
        case presented = 1
        case discarded = 2
    }
}
