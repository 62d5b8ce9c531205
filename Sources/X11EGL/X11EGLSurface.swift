#if EGLSurfaces && X11Backend
    internal import CEGL
    internal import SystemCalls
    public import X11
    internal import WaylandEGL

    /// An EGL window surface on an X11 window, with an OpenGL ES 3 context: what a front end draws
    /// into with GLES on FrameClock's own `X11Window`, or on a toolkit's window adopted by its XID.
    ///
    /// ```swift
    /// let window = try X11Window(connection: try X11Connection(), title: "clock", width: 256, height: 256)
    /// let gles = try X11EGLSurface(window: window)              // swap interval 0
    /// let link = try DisplayLink(source: .x11(window))
    /// link.dispatch = .renderDeadline
    /// try link.start { frame in
    ///     try? gles.makeCurrent()
    ///     draw(at: frame.targetTimestamp)                     // glClear, glDrawArrays, …
    ///     _ = try? gles.swapBuffers()                         // and the frame's presentation asked for
    /// }
    /// ```
    ///
    /// The EGL display is made on the window's own xcb connection (`eglGetPlatformDisplay` with
    /// `EGL_PLATFORM_XCB_EXT`), so what the driver sends for a swap and what the window asks of the
    /// Present extension after it reach the server in that order. The swap interval is 0 unless asked
    /// otherwise: the display link paces the frames.
    ///
    /// On the library's `X11Window` each ``swapBuffers()`` is followed by
    /// `X11Window.presentDrawnContent()`: a NotifyMSC for the next MSC whose completion is the frame's
    /// presentation in the link's timeline. This is what closes the feedback with Mesa's software
    /// driver (llvmpipe, `swrast`), which puts each frame on the window with PutImage and sends no
    /// PresentPixmap of its own, so no completion would otherwise name the frame (and which ignores
    /// `eglSwapInterval`: interval 1 does not wait for any refresh there). On an adopted window the
    /// link has no presentations (`.x11(display:window:)` presents nothing), and the swap sends
    /// nothing more.
    ///
    /// A context is current on one thread at a time: the surface releases it after making it, and
    /// ``makeCurrent()`` (or ``swapBuffers()``) makes it current on the thread that draws, the link's.
    /// Use the surface from one thread at a time. Close it before the connection; ``close()``
    /// terminates the EGL display of the connection, so a connection has one EGL surface at a time.
    public final class X11EGLSurface: @unchecked Sendable {
        // @unchecked: used from one thread at a time (see above); EGL and libxcb are thread-safe.

        /// The connection the EGL display is made on.
        public let connection: X11Connection
        /// The window's XID.
        public let windowID: UInt32
        /// The library's window, whose presentations each swap asks for; nil for an adopted window.
        public let window: X11Window?
        /// The surface's swap interval: 0 under a display link.
        public private(set) var swapInterval: Int32
        /// The serial of the presentation request the last ``swapBuffers()`` sent on the library's
        /// window (its Present completion carries it); nil on an adopted window or before a swap.
        public private(set) var lastPresentationSerial: UInt32?

        private let display: EGLDisplay
        private let context: EGLContext
        private let surface: EGLSurface
        private var isClosed = false

        /// A surface on the library's `window`: each ``swapBuffers()`` asks for the frame's
        /// presentation (`X11Window.presentDrawnContent()`). The window's pixmaps and
        /// `X11Window.present()` are not used with it.
        ///
        /// - Parameters:
        ///   - window: The window, mapped or not.
        ///   - swapInterval: `eglSwapInterval` for the surface: 0 (the default) when a display link
        ///     paces it.
        /// - Throws: ``X11EGLError/noDisplay(_:)`` without an EGL driver for X11,
        ///   ``X11EGLError/noMatchingConfig(_:)``, ``X11EGLError/noOpenGLES(_:)``,
        ///   ``X11EGLError/contextFailed(_:)``, ``X11EGLError/surfaceFailed(_:)``,
        ///   ``X11EGLError/makeCurrentFailed(_:)`` or ``X11EGLError/swapIntervalFailed(interval:_:)``,
        ///   each with `eglGetError`'s code; ``X11EGLError/x11(_:)`` when the connection failed.
        public convenience init(window: X11Window, swapInterval: Int32 = 0) throws(X11EGLError) {
            try self.init(
                connection: window.connection, xid: window.id, own: window, swapInterval: swapInterval)
        }

        /// A surface on a toolkit's window `windowID` (its XID), through `connection` (one of the
        /// front end's, to the window's display). A swap sends nothing but the driver's drawing.
        ///
        /// - Throws: as ``init(window:swapInterval:)``; ``X11EGLError/surfaceFailed(_:)`` when no
        ///   such window exists or its visual matches no config.
        public convenience init(connection: X11Connection, windowID: UInt32, swapInterval: Int32 = 0)
            throws(X11EGLError)
        {
            try self.init(connection: connection, xid: windowID, own: nil, swapInterval: swapInterval)
        }

        private init(connection: X11Connection, xid: UInt32, own: X11Window?, swapInterval: Int32)
            throws(X11EGLError)
        {
            if let failure = connection.failure { throw .x11(failure) }
            guard !connection.isClosed else { throw .x11(.closed("the X11 connection")) }
            self.connection = connection
            windowID = xid
            window = own
            self.swapInterval = swapInterval
            let platformAttributes: [EGLAttrib] = [
                EGLAttrib(EGL_PLATFORM_XCB_SCREEN_EXT), EGLAttrib(connection.screenNumber),
                EGLAttrib(EGL_NONE),
            ]
            guard
                let display = eglGetPlatformDisplay(
                    EGLenum(EGL_PLATFORM_XCB_EXT), UnsafeMutableRawPointer(connection.connection),
                    platformAttributes)
            else { throw .noDisplay(.current) }
            guard eglInitialize(display, nil, nil) == EGL_TRUE else { throw .noDisplay(.current) }
            do throws(X11EGLError) {
                guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw .noOpenGLES(.current) }
                let config = try Self.chooseConfig(display, visual: connection.rootVisual)
                let contextAttributes: [EGLint] = [
                    EGL_CONTEXT_MAJOR_VERSION, Self.glesMajorVersion, EGL_NONE,
                ]
                guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
                    throw .contextFailed(.current)
                }
                // The XCB platform's native window is a pointer to the xcb_window_t, read when the
                // surface is made.
                var nativeWindow = xid
                let made = withUnsafeMutablePointer(to: &nativeWindow) { xid in
                    eglCreatePlatformWindowSurface(display, config, UnsafeMutableRawPointer(xid), nil)
                }
                guard let made else {
                    let code = EGLErrorCode.current
                    eglDestroyContext(display, context)
                    throw .surfaceFailed(code)
                }
                self.display = display
                self.context = context
                surface = made
            } catch {
                eglTerminate(display)
                throw error
            }
            do throws(X11EGLError) {
                try makeCurrent()
                // The interval belongs to the surface current on the thread, so it is set here.
                try applySwapInterval(swapInterval)
                eglMakeCurrent(display, nil, nil, nil)
            } catch {
                close()
                throw error
            }
        }

        deinit {
            close()
        }

        /// The surface's width in pixels, as EGL sees the window now.
        public var width: Int { Int(query(EGL_WIDTH)) }
        /// The surface's height in pixels, as EGL sees the window now.
        public var height: Int { Int(query(EGL_HEIGHT)) }

        /// Makes the context current on the calling thread with the surface (nothing when it is
        /// already).
        ///
        /// - Throws: ``X11EGLError/makeCurrentFailed(_:)`` (the context current on another thread:
        ///   `EGL_BAD_ACCESS`) or ``X11EGLError/closed``.
        public func makeCurrent() throws(X11EGLError) {
            guard !isClosed else { throw .closed }
            guard eglGetCurrentContext() != context || eglGetCurrentSurface(EGL_DRAW) != surface else {
                return
            }
            guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
                throw .makeCurrentFailed(.current)
            }
        }

        /// Releases the context from the calling thread, so that another thread (a display link's)
        /// can make it current. Nothing when it is not current here.
        public func releaseCurrent() {
            guard !isClosed, eglGetCurrentContext() == context else { return }
            eglMakeCurrent(display, nil, nil, nil)
        }

        /// Sets the swap interval (`eglSwapInterval`), making the context current on the calling
        /// thread. 0 under a display link; 1 asks the driver to wait for a refresh, which Mesa's
        /// software driver on X11 does not do.
        ///
        /// - Throws: ``X11EGLError/swapIntervalFailed(interval:_:)``,
        ///   ``X11EGLError/makeCurrentFailed(_:)`` or ``X11EGLError/closed``.
        public func setSwapInterval(_ interval: Int32) throws(X11EGLError) {
            try makeCurrent()
            try applySwapInterval(interval)
        }

        /// Shows what was drawn: `eglSwapBuffers`, then, on the library's window, the request for the
        /// frame's presentation (`X11Window.presentDrawnContent()`). A connection that has failed (the
        /// X server gone) is not swapped on: the failure is thrown instead.
        ///
        /// - Returns: CLOCK_MONOTONIC in nanoseconds just before the swap.
        /// - Throws: ``X11EGLError/swapFailed(_:)``, ``X11EGLError/x11(_:)`` (the X server gone, the
        ///   window closed), ``X11EGLError/makeCurrentFailed(_:)`` or ``X11EGLError/closed``.
        @discardableResult
        public func swapBuffers() throws(X11EGLError) -> Int64 {
            try makeCurrent()
            // Never a swap on a connection that failed: Mesa 22's software driver would spin in it for
            // ever (its PutImage loop reads the connection's longest request as 0 and draws no rows).
            if let failure = connection.failure { throw .x11(failure) }
            let time = KernelClock.monotonicNanoseconds()
            guard eglSwapBuffers(display, surface) == EGL_TRUE else { throw .swapFailed(.current) }
            // Mesa's swap on a connection that fails meanwhile does not fail: the connection says it.
            if let failure = connection.failure { throw .x11(failure) }
            if let window {
                do throws(X11Error) {
                    lastPresentationSerial = try window.presentDrawnContent()
                } catch {
                    throw .x11(error)
                }
            }
            return time
        }

        /// Releases the context, destroys the surface and the context, and terminates the EGL
        /// display. Idempotent; the window and the connection stay open.
        public func close() {
            guard !isClosed else { return }
            isClosed = true
            if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
            eglDestroySurface(display, surface)
            eglDestroyContext(display, context)
            eglTerminate(display)
            eglReleaseThread()
        }

        // MARK: Private

        /// The OpenGL ES major version the context is made for.
        private static let glesMajorVersion: EGLint = 3
        /// How many configs are looked through for one of the window's visual.
        private static let configsConsidered = 64

        /// `eglSwapInterval` on the current surface.
        private func applySwapInterval(_ interval: Int32) throws(X11EGLError) {
            guard eglSwapInterval(display, interval) == EGL_TRUE else {
                throw .swapIntervalFailed(interval: interval, .current)
            }
            swapInterval = interval
        }

        /// The surface's `attribute` (0 once closed or when the query fails).
        private func query(_ attribute: EGLint) -> EGLint {
            guard !isClosed else { return 0 }
            var value: EGLint = 0
            return eglQuerySurface(display, surface, attribute, &value) == EGL_TRUE ? value : 0
        }

        /// An RGB 8-bit OpenGL ES 3 window config, the first of `visual` (the screen's root visual, the
        /// library's windows') when there is one.
        private static func chooseConfig(_ display: EGLDisplay, visual: UInt32) throws(X11EGLError)
            -> EGLConfig
        {
            let attributes: [EGLint] = [
                EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                EGL_NONE,
            ]
            var configs = [EGLConfig?](repeating: nil, count: configsConsidered)
            var count: EGLint = 0
            guard
                eglChooseConfig(display, attributes, &configs, EGLint(configsConsidered), &count) == EGL_TRUE,
                count > 0
            else { throw .noMatchingConfig(.current) }
            let found = configs.prefix(Int(count)).compactMap { $0 }
            let ofVisual = found.first { config in
                var visualID: EGLint = 0
                return eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visualID) == EGL_TRUE
                    && UInt32(bitPattern: visualID) == visual
            }
            guard let chosen = ofVisual ?? found.first else { throw .noMatchingConfig(.current) }
            return chosen
        }
    }
#endif
