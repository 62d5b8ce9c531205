/// A toolkit's X11 window for a display link: the X display it is on and its XID, as
/// ``DisplayLink/Source/x11(display:window:)`` takes them — what SDL (`SDL_SysWMinfo`'s
/// `info.x11.window`) and GLFW (`glfwGetX11Window`) expose.
///
/// The link opens a connection of its own to the display and watches the window there (the
/// Present extension's NotifyMSC and completions, and whether it is mapped); the toolkit's
/// connection and event masks are untouched.
public struct X11ToolkitWindow: Hashable, Sendable {
    /// The X display's name (`:0`); nil for `$DISPLAY`.
    public let display: String?
    /// The window's XID.
    public let window: UInt32

    /// A toolkit's window `window` on the X display `display` (`$DISPLAY` when nil).
    public init(display: String?, window: UInt32) {
        self.display = display
        self.window = window
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
