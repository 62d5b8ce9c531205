/// Which kind of source ticks a link.
public enum FrameSourceKind: String, Hashable, Sendable, CustomStringConvertible {
    /// A phase-locked timer on `CLOCK_MONOTONIC`.
    case timer
    /// The display's vertical blank, from the kernel through DRM.
    case drm
    /// Virtual time, advanced by hand (tests, offline rendering).
    case manual

    /// The kind's name.
    public var description: String { rawValue }
}
