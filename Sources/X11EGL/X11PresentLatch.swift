#if EGLSurfaces && X11Backend
    /// How long before a refresh an X11 frame must reach the server to be shown at it: what a display
    /// link on an X11 window that starts its frames at the render deadline sets as its
    /// `presentationLatency`.
    ///
    /// ```swift
    /// let link = try DisplayLink(source: .x11(window))
    /// link.dispatch = .renderDeadline
    /// link.presentationLatency = X11PresentLatch.presentationLatency(refreshInterval: .milliseconds(16.667))
    /// ```
    ///
    /// The Present extension numbers a window's refreshes by the MSC it reads when a request arrives,
    /// and Xvfb's fake CRTC rounds that MSC to the nearest refresh: a frame (its PutImage and the
    /// NotifyMSC for the next MSC after it) that arrives in the second half of an interval is counted
    /// at the refresh after next. Under Xwayland in weston headless the cut falls at the same place. So
    /// the latch lies half an interval before each refresh (docs/gpu/x11-egl-pacing.md measures it,
    /// 1 ms steps after a refresh, on both servers), and a render deadline placed 1 ms before the
    /// refresh, the link's default, makes most frames a refresh late.
    public enum X11PresentLatch {
        /// What is added to half the interval: the swap's own time, the server's handling of it, and
        /// the scatter of the USTs the grid is fitted to (Xwayland stamps each when it handles the
        /// compositor's frame callback: about ±1 ms, docs/x11-ust-scatter.md).
        public static let margin = Duration.milliseconds(2)

        /// The presentation latency for a window refreshing every `refreshInterval`: half of it plus
        /// ``margin``.
        public static func presentationLatency(refreshInterval: Duration) -> Duration {
            refreshInterval / 2 + margin
        }
    }
#endif
