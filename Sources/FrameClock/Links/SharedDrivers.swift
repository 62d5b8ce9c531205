import Logging

/// The frame threads links share by default: one driver per requested display (or timer rate) and
/// thread options, as links on one run loop share it on every platform.
///
/// A driver stays here only while links hold it (weakly referenced); the first link made for a key
/// opens it, and the thread ends when its last link leaves, as a link's own thread does.
enum SharedDrivers {
    /// What makes two requests one frame thread.
    enum Key: Hashable {
        case timer(FramePeriod, TimerPrecision)
        case drm(device: String?, crtc: UInt32?)
        case automatic(fallback: FramePeriod)
    }

    private struct Entry {
        weak var driver: FrameDriver?
    }

    /// The source's key and the thread settings that must match for links to share a thread.
    private struct RegistryKey: Hashable {
        var key: Key
        var realtimePriority: Int32?
        var latencyOnDemand: Bool
        var latencyDevicePath: String
    }

    private static let registry = Locked<[RegistryKey: Entry]>([:])

    /// The key of a source links may share, or nil for one they do not (a manual or explicitly
    /// shared source has its own driver already; a Wayland surface is one window's).
    static func key(for source: DisplayLink.Source) throws(DisplayLinkError) -> Key? {
        switch source {
        case .timer(let framesPerSecond, let precision):
            return .timer(try FramePeriod(framesPerSecond: framesPerSecond), precision)
        case .drm(let device, let crtc):
            return .drm(device: device, crtc: crtc)
        case .automatic(let fallbackFramesPerSecond):
            return .automatic(fallback: try FramePeriod(framesPerSecond: fallbackFramesPerSecond))
        case .manual, .shared, .loop, .waylandToolkit, .x11Toolkit:
            return nil
        #if WaylandBackend
            case .wayland:
                return nil
        #endif
        #if X11Backend
            case .x11:
                return nil
        #endif
        }
    }

    /// A driver for `source` with a join reserved for the caller's link: the running one for the
    /// same key and options, or a new one, made by `make`, that later links will share.
    static func driver(
        for key: Key, options: FrameThreadOptions, make: () throws(DisplayLinkError) -> FrameDriver
    ) throws(DisplayLinkError) -> FrameDriver {
        let registryKey = RegistryKey(
            key: key, realtimePriority: options.realtimePriority, latencyOnDemand: options.latencyOnDemand,
            latencyDevicePath: options.latencyDevicePath)
        if let driver = registry.withLock({ $0[registryKey]?.driver }), driver.reserveJoin() {
            return driver
        }
        // Opened outside the registry's lock (a DRM device, a Wayland probe take time).
        let made = try make()
        _ = made.reserveJoin()
        let chosen = registry.withLock { entries -> FrameDriver in
            // Another thread may have opened one meanwhile: join it and drop ours.
            if let existing = entries[registryKey]?.driver, existing.reserveJoin() { return existing }
            entries = entries.filter { $0.value.driver != nil }
            entries[registryKey] = Entry(driver: made)
            return made
        }
        if chosen !== made { made.close() }
        return chosen
    }
}
