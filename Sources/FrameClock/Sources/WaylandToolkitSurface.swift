/// A toolkit's Wayland surface for a display link: its `struct wl_display *` and
/// `struct wl_surface *`, as ``DisplayLink/Source/wayland(display:surface:)`` takes them.
///
/// The pointers stay the toolkit's: the link adopts the display on an event queue of its own and
/// wraps the surface there, so the toolkit's dispatch is undisturbed. Both must outlive the link:
/// invalidate the link before the toolkit destroys the surface or disconnects the display.
public struct WaylandToolkitSurface: @unchecked Sendable, Hashable {
    /// The toolkit's `struct wl_display *`.
    public let display: UnsafeMutableRawPointer
    /// The toolkit's `struct wl_surface *`, on that display.
    public let surface: UnsafeMutableRawPointer

    /// A toolkit's display and one of its surfaces.
    public init(display: UnsafeMutableRawPointer, surface: UnsafeMutableRawPointer) {
        self.display = display
        self.surface = surface
    }
}
