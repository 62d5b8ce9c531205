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
    /// The scale factor (`wl_output.scale`); 1 until the compositor says otherwise.
    public var scale: Int32
    /// Every mode the compositor described, in the order it first described them.
    public var modes: [Mode]

    /// The mode flagged current, if any.
    public var currentMode: Mode? { modes.first { $0.isCurrent } }
    /// The mode flagged preferred, if any.
    public var preferredMode: Mode? { modes.first { $0.isPreferred } }
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
