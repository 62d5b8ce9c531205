// The sources a toolkit's own surface or window gives a link; the values they wrap are Sources/'s.
extension DisplayLink.Source {
    /// The frame callbacks of a toolkit's `wl_surface` on its `wl_display` (from an `OpaquePointer`,
    /// pass `UnsafeMutableRawPointer(pointer)`). The toolkit commits the surface in each frame's
    /// callback; the link has asked for that commit's frame callback and presentation feedback
    /// before the callback runs. See ``wayland(_:)`` for the grid, the targets and the fallback.
    public static func wayland(display: UnsafeMutableRawPointer, surface: UnsafeMutableRawPointer)
        -> DisplayLink.Source
    {
        .waylandToolkit(WaylandToolkitSurface(display: display, surface: surface))
    }
}

extension DisplayLink.Source {
    /// The refresh of a toolkit's X11 window, adopted by its XID on `display` (`$DISPLAY` when nil):
    /// ticks come from the Present extension (NotifyMSC for each wanted MSC, its completion's UST as
    /// the timestamp), MSC gaps are skipped refreshes, and the grid's interval is measured from the
    /// USTs. The window must be mapped. When it is unmapped or destroyed, or the X server goes away,
    /// the link goes on with a timer on the last grid; ``DisplayLink/sourceInfo`` says why. (Only with
    /// the `X11Backend` package trait; without it the link cannot be made.)
    public static func x11(display: String?, window: UInt32) -> DisplayLink.Source {
        .x11Toolkit(X11ToolkitWindow(display: display, window: window))
    }
}
