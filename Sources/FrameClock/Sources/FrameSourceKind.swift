/// Which kind of source ticks a link.
public enum FrameSourceKind: String, Hashable, Sendable, CustomStringConvertible {
    /// A phase-locked timer on `CLOCK_MONOTONIC`.
    case timer
    /// The display's vertical blank, from the kernel through DRM.
    case drm
    /// Virtual time, advanced by hand (tests, offline rendering).
    case manual
    /// A Wayland surface's frame callbacks, on the grid of the compositor's presentation times.
    case wayland
    /// An X11 window's refresh, as the Present extension reports it (its MSC and UST).
    case x11
    /// A phase-locked timer on `CLOCK_MONOTONIC` whose frames a loop the front end runs dispatches on
    /// its own thread (``LoopFrameSource``).
    case loop

    /// The kind's name.
    public var description: String { rawValue }
}
