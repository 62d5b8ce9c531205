#if canImport(Glibc)
    import Glibc
#endif

extension DisplayLink {
    /// Starts calling `callback` once a frame on the main actor: for a link on a ``LoopFrameSource``
    /// made on the main thread, whose loop (a GTK program's GLib main loop, an SDL loop) dispatches
    /// it there. The callback then uses `MainActor` state — the toolkit's widgets, the app's model —
    /// directly, without a hop.
    ///
    /// ```swift
    /// @MainActor final class ClockView { var angle = 0.0 }
    /// let source = try LoopFrameSource(framesPerSecond: 60)   // on the main thread
    /// let link = try DisplayLink(source: .loop(source))
    /// try link.startOnMainActor { frame in view.angle = angle(at: frame.targetTimestamp) }
    /// ```
    ///
    /// - Throws: ``DisplayLinkError/notOnLoopThread`` when the link is not on a loop source made on
    ///   the main thread (its frames would come on another thread), or as ``start(_:)``.
    public func startOnMainActor(_ callback: @escaping @MainActor (Frame) -> Void) throws(DisplayLinkError) {
        guard driver.dispatchesOnMainThreadLoop else { throw .notOnLoopThread }
        try start { frame in
            // The loop source dispatches on its own thread only, and that is the main thread.
            MainActor.assumeIsolated { callback(frame) }
        }
    }
}
