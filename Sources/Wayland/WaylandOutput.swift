/// A display the compositor shows surfaces on (`wl_output`), as it last described it.
public struct WaylandOutput: Sendable, Hashable {
    /// One video mode of the output (`wl_output.mode`).
    public struct Mode: Sendable, Hashable {
        /// Width in pixels.
        public var width: Int32
        /// Height in pixels.
        public var height: Int32
        /// Vertical refresh rate in millihertz (60 Hz is 60 000); 0 when the compositor does not say.
        public var refreshMillihertz: Int32
        /// Whether this is the output's current mode.
        public var isCurrent: Bool
        /// Whether this is the output's preferred mode.
        public var isPreferred: Bool

        /// The refresh interval in nanoseconds (1e12 / millihertz), or nil when the rate is unknown.
        public var refreshInterval: Int64? {
            refreshMillihertz > 0 ? 1_000_000_000_000 / Int64(refreshMillihertz) : nil
        }
    }

    /// The global's numeric name in the registry (stable while the output exists).
    public var globalName: UInt32
    /// The output's name (`wl_output.name`, version 4), such as `"headless"`; nil before version 4.
    public var name: String?
    /// The manufacturer, from `wl_output.geometry`.
    public var make: String
    /// The model, from `wl_output.geometry`.
    public var model: String
    /// The x coordinate of the output's top left corner in the compositor's global space
    /// (`wl_output.geometry`).
    public var x: Int32 = 0
    /// The y coordinate of the output's top left corner in the compositor's global space.
    public var y: Int32 = 0
    /// The scale factor (`wl_output.scale`); 1 until the compositor says otherwise.
    public var scale: Int32
    /// Every mode the compositor described, in the order it first described them.
    public var modes: [Mode]

    /// The mode flagged current, if any.
    public var currentMode: Mode? { modes.first { $0.isCurrent } }
    /// The mode flagged preferred, if any.
    public var preferredMode: Mode? { modes.first { $0.isPreferred } }

    /// The current mode's refresh rate in millihertz, or nil when the compositor names none.
    public var refreshMillihertz: Int? {
        guard let refresh = currentMode?.refreshMillihertz, refresh > 0 else { return nil }
        return Int(refresh)
    }

    /// The current mode's refresh interval in nanoseconds (nominal: what the compositor says), or nil
    /// when it names no refresh.
    public var refreshInterval: Int64? { currentMode?.refreshInterval }

    /// A short label for logs and reports: the output's name, else `"output <global name>"` (outputs
    /// before version 4 have no name, and a compositor's virtual monitors share make and model).
    public var label: String { name ?? "output \(globalName)" }
}

/// A global the compositor advertised in its registry.
public struct WaylandGlobal: Sendable, Hashable {
    /// The global's numeric name.
    public var name: UInt32
    /// The interface, such as `"wl_compositor"`.
    public var interface: String
    /// The highest version the compositor offers.
    public var version: UInt32
}
