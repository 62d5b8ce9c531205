import Logging
internal import SystemCalls

#if DRMBackend
    internal import DRM
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a requested ``DisplayLink/Source`` into a driver, with the reason for the choice.
enum SourceSelection {
    /// The driver for `source`. `.automatic` without a DRM display looks at the Wayland compositor
    /// `waylandDisplay` names (`$WAYLAND_DISPLAY` by default) for its output's refresh.
    static func driver(
        for source: DisplayLink.Source, options: FrameThreadOptions, logger: Logger,
        waylandDisplay: String? = waylandDisplayVariable
    ) throws(DisplayLinkError) -> FrameDriver {
        switch source {
        case .manual(let manual):
            return manual.driver
        case .shared(let shared):
            return shared.driver
        case .loop(let loop):
            guard !loop.isClosed else { throw .sourceUnavailable("the loop source was closed") }
            return loop.driver
        case .timer(let framesPerSecond, let precision):
            return try timerDriver(
                period: FramePeriod(framesPerSecond: framesPerSecond), precision: precision,
                reason: .requested, options: options, logger: logger)
        case .drm(let device, let crtc):
            return try drmDriver(
                device: device, crtc: crtc, reason: .requested, options: options, logger: logger)
        case .automatic(let fallbackFramesPerSecond):
            // An invalid fallback rate is an error whether or not a display is found.
            let fallbackPeriod = try FramePeriod(framesPerSecond: fallbackFramesPerSecond)
            do {
                return try drmDriver(
                    device: nil, crtc: nil, reason: .automaticFoundDisplay, options: options, logger: logger)
            } catch .drmUnavailable(let why, _) {
                logger.info("no DRM vblank source: \(why); using the timer")
                return try automaticTimerDriver(
                    fallback: fallbackPeriod, noDisplay: why, waylandDisplay: waylandDisplay,
                    options: options, logger: logger)
            }
        #if WaylandBackend
            case .wayland(let window):
                return try waylandDriver(
                    surface: WaylandSurfaceBinding(window: window), options: options, logger: logger)
        #endif
        case .waylandToolkit(let toolkit):
            #if WaylandBackend
                return try waylandDriver(
                    surface: WaylandSurfaceBinding(toolkit: toolkit), options: options, logger: logger)
            #else
                _ = toolkit
                throw .sourceUnavailable(Self.notCompiledIn("Wayland", trait: "WaylandBackend"))
            #endif
        #if X11Backend
            case .x11(let window):
                return try x11Driver(
                    display: window.connection.displayName, window: window.id, own: window,
                    options: options, logger: logger)
        #endif
        case .x11Toolkit(let toolkit):
            #if X11Backend
                return try x11Driver(
                    display: toolkit.display, window: toolkit.window, own: nil, options: options,
                    logger: logger)
            #else
                _ = toolkit
                throw .sourceUnavailable(Self.notCompiledIn("X11", trait: "X11Backend"))
            #endif
        }
    }

    /// Why a backend's source cannot be used: this build of FrameClock does not have it.
    static func notCompiledIn(_ backend: String, trait: String) -> String {
        "FrameClock was built without its \(backend) backend (the \(trait) package trait is off)"
    }

    /// `$WAYLAND_DISPLAY`, or nil when it is unset or empty.
    static var waylandDisplayVariable: String? {
        guard let value = getenv("WAYLAND_DISPLAY"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// `.automatic`'s timer when no DRM display can be used: at the refresh of the Wayland
    /// compositor's output (the fastest of several) when `waylandDisplay` names one that answers,
    /// else at `fallback`.
    static func automaticTimerDriver(
        fallback: FramePeriod, noDisplay: String, waylandDisplay: String?, options: FrameThreadOptions,
        logger: Logger
    ) throws(DisplayLinkError) -> FrameDriver {
        let (period, reason) = automaticTimerRate(
            fallback: fallback, noDisplay: noDisplay, waylandDisplay: waylandDisplay, logger: logger)
        return try timerDriver(
            period: period, precision: .standard, reason: reason, options: options, logger: logger)
    }

    /// The rate of `.automatic`'s timer, and why: the Wayland output's refresh where one answers,
    /// else `fallback` (always `fallback` without the Wayland backend: no output to ask).
    static func automaticTimerRate(
        fallback: FramePeriod, noDisplay: String, waylandDisplay: String?, logger: Logger
    ) -> (FramePeriod, FrameSourceInfo.Reason) {
        #if WaylandBackend
            guard let waylandDisplay else { return (fallback, .noDisplay(noDisplay)) }
            let answer: (FramePeriod, FrameSourceInfo.Reason)
            switch WaylandOutputProbe.outputRate(display: waylandDisplay) {
            case .success(let rate):
                if let outputPeriod = try? FramePeriod(
                    numerator: 1_000_000_000_000, denominator: Int64(rate.millihertz))
                {
                    answer = (
                        outputPeriod,
                        rate.outputCount > 1
                            ? .waylandFastestOutput(
                                output: rate.output, millihertz: rate.millihertz,
                                outputCount: rate.outputCount,
                                noDisplay: noDisplay)
                            : .waylandOutputRate(
                                output: rate.output, millihertz: rate.millihertz, noDisplay: noDisplay)
                    )
                } else {
                    answer = (fallback, .noDisplay(noDisplay))
                }
            case .failure(let why):
                answer = (
                    fallback,
                    .noDisplay(
                        "\(noDisplay); no Wayland output rate (WAYLAND_DISPLAY=\(waylandDisplay)): \(why)")
                )
            }
            logger.info("\(answer.1)")
            return answer
        #else
            return (fallback, .noDisplay(noDisplay))
        #endif
    }

    #if WaylandBackend
        /// A driver on a Wayland surface's frame callbacks.
        static func waylandDriver(
            surface: WaylandSurfaceBinding, options: FrameThreadOptions, logger: Logger,
            configure: (WaylandTickSource<WaylandSurfaceBinding>) -> Void = { _ in }
        ) throws(DisplayLinkError) -> FrameDriver {
            let control: ControlChannel
            do {
                control = try ControlChannel()
            } catch {
                surface.close()
                throw error
            }
            let source = WaylandTickSource(surface: surface, control: control)
            configure(source)
            return FrameDriver(
                source: source, control: control, reason: source.reason, options: options, logger: logger)
        }

    #endif

    #if DRMBackend
        /// A driver on the vblank of `crtc` on `device` (the first card with a lit CRTC when nil).
        static func drmDriver(
            device: String?, crtc: UInt32?, reason: FrameSourceInfo.Reason, options: FrameThreadOptions,
            logger: Logger
        ) throws(DisplayLinkError) -> FrameDriver {
            let control = try ControlChannel()
            let source = try openSource(path: device, crtcID: crtc, control: control)
            // After a failover, the same device node and CRTC are tried again (a display switched off
            // and on, a device unplugged and plugged back in).
            let path = source.system.path
            let crtcID = source.crtcID
            return FrameDriver(
                source: source, control: control, reason: reason, options: options, logger: logger,
                recovery: { control throws(DisplayLinkError) in
                    try openSource(path: path, crtcID: crtcID, control: control)
                })
        }

        /// A DRM source on the lit CRTC `crtcID` of `path` (the first lit one of the first card when
        /// nil), its device open.
        static func openSource(path: String?, crtcID: UInt32?, control: ControlChannel)
            throws(DisplayLinkError)
            -> DRMTickSource<DRMDevice>
        {
            let display: DRMDisplay
            do {
                display = try DRMDisplay.open(path: path, crtcID: crtcID, directory: drmDirectory)
            } catch {
                throw .drmUnavailable(reason: error.failureReason ?? "\(error)", errno: error.errno)
            }
            do {
                return try DRMTickSource(display: display, control: control)
            } catch {
                display.device.close()
                throw error
            }
        }

        /// Where DRM device nodes are looked for (`FRAMECLOCK_DRM_DIR` overrides /dev/dri, for tests).
        static var drmDirectory: String {
            getenv("FRAMECLOCK_DRM_DIR").map { String(cString: $0) } ?? "/dev/dri"
        }

    #else
        /// Without the DRM backend: `.drm` is unavailable, and `.automatic` says why it uses a timer.
        static func drmDriver(
            device: String?, crtc: UInt32?, reason: FrameSourceInfo.Reason, options: FrameThreadOptions,
            logger: Logger
        ) throws(DisplayLinkError) -> FrameDriver {
            throw .drmUnavailable(reason: notCompiledIn("DRM", trait: "DRMBackend"), errno: nil)
        }
    #endif

    /// A timer driver whose grid starts now.
    static func timerDriver(
        period: FramePeriod, precision: TimerPrecision, reason: FrameSourceInfo.Reason,
        options: FrameThreadOptions,
        logger: Logger
    ) throws(DisplayLinkError) -> FrameDriver {
        let control = try ControlChannel()
        let grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: KernelClock.monotonicNanoseconds(), period: period)
        let timer = try TimerTickSource(grid: grid, precision: precision, control: control)
        return FrameDriver(source: timer, control: control, reason: reason, options: options, logger: logger)
    }
}
