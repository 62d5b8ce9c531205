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
