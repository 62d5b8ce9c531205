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
            return FrameDriver(
                source: source, control: control, reason: reason, options: options, logger: logger)
        }
    }
#endif
