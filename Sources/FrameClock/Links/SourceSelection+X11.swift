import Logging

#if X11Backend
    import X11

    extension SourceSelection {
        /// A driver on the Present completions of `window` on the X display `display` (`$DISPLAY` when
        /// nil), watched on a connection of the source's own; `own` is the library's window whose
        /// presents the source arms, nil for a toolkit's.
        static func x11Driver(
            display: String?, window: UInt32, own: X11Window?, options: FrameThreadOptions, logger: Logger,
            reason: FrameSourceInfo.Reason = .requested, configure: (X11TickSource) -> Void = { _ in }
        ) throws(DisplayLinkError) -> FrameDriver {
            let control = try ControlChannel()
            let watch: X11PresentWatch
            do {
                watch = try X11PresentWatch(display: display, window: window)
            } catch {
                throw .sourceUnavailable(error.description)
            }
            let source: X11TickSource
            do {
                source = try X11TickSource(watch: watch, window: own, control: control)
            } catch {
                watch.close()
                throw error
            }
            source.reason = reason
            configure(source)
            // After a failover (the window unmapped, the server restarted), the same window on the same
            // display is tried again: mapped again, the link is back on its Present completions.
            let displayName = watch.connection.displayName
            return FrameDriver(
                source: source, control: control, reason: reason, options: options, logger: logger,
                recovery: { control throws(DisplayLinkError) in
                    try recoveredSource(display: displayName, window: window, own: own, control: control)
                },
                recoveryInterval: X11TickSource.recoveryInterval)
        }

        /// The source on `window` again, after a failover, with short waits
        /// (``X11TickSource/recoveryTimeout``): it throws while the window cannot be used.
        static func recoveredSource(display: String, window: UInt32, own: X11Window?, control: ControlChannel)
            throws(DisplayLinkError) -> X11TickSource
        {
            let watch: X11PresentWatch
            do {
                watch = try X11PresentWatch(
                    display: display, window: window, timeout: X11TickSource.recoveryTimeout)
            } catch {
                throw .sourceUnavailable(error.description)
            }
            do {
                // Checked to advance: a server whose MSC is stuck would fail again at once.
                return try X11TickSource(
                    watch: watch, window: own, control: control, timeout: X11TickSource.recoveryTimeout,
                    checksAdvance: true)
            } catch {
                watch.close()
                throw error
            }
        }
    }
#endif
