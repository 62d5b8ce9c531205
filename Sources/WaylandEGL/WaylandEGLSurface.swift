#if EGLSurfaces
    internal import CEGL
    public import Wayland
    internal import SystemCalls

    /// An EGL window surface on a `WaylandWindow`, with an OpenGL ES 3 context: what a front
    /// end draws into with GLES instead of the window's shared-memory buffers.
    ///
    /// ```swift
    /// let window = try WaylandWindow(connection: connection, title: "clock", width: 256, height: 256)
    /// let gles = try WaylandEGLSurface(window: window)          // swap interval 0
    /// let link = try DisplayLink(source: .wayland(window))
    /// try link.start { frame in
    ///     try? gles.makeCurrent()
    ///     draw(at: frame.targetTimestamp)                     // glClear, glDrawArrays, …
    ///     _ = try? gles.swapBuffers()                         // the commit: carries callback and feedback
    /// }
    /// ```
    ///
    /// The surface is a `wl_egl_window` on the window's `wl_surface`, its EGL display made from the
    /// window's `wl_display` (`eglGetPlatformDisplay` with `EGL_PLATFORM_WAYLAND_KHR`). Its swap
    /// interval is 0 unless asked otherwise: the display link paces the frames, and each
    /// ``swapBuffers()`` is the commit that carries the frame callback and presentation feedback the
    /// link requested before the frame's callback (<doc:PacingGLESWithTheLink>). The window's own
    /// `WaylandWindow.draw(waitingUpTo:_:)` and `WaylandWindow.commit(damage:notBefore:)`
    /// are not used with it.
    ///
    /// To hide the window, `WaylandWindow.unmap()`: until `WaylandWindow.remap(timeout:)` returns,
    /// ``swapBuffers()`` swaps nothing and throws ``WaylandEGLError/windowHidden`` (a buffer on an
    /// unmapped surface is a protocol error); the first swap after it shows the window.
    ///
    /// A context is current on one thread at a time: the surface releases it after making it, and
    /// ``makeCurrent()`` (or ``swapBuffers()``) makes it current on the thread that draws, the link's.
    /// Use the surface from one thread at a time. Close it (or let it go) before the window's
    /// connection; ``close()`` terminates the EGL display of the connection, so a connection has one
    /// EGL surface at a time.
    public final class WaylandEGLSurface: @unchecked Sendable {
        // @unchecked: used from one thread at a time (see above); EGL itself is thread-safe.

        /// The window the surface draws on.
        public let window: WaylandWindow
        /// The swap interval the surface was made with: 0 under a display link.
        public let swapInterval: Int32
        /// The surface's width in pixels (the window's, until ``resize(width:height:)``).
        public private(set) var width: Int
        /// The surface's height in pixels.
        public private(set) var height: Int

        private let display: EGLDisplay
        private let context: EGLContext
        private let surface: EGLSurface
        private let nativeWindow: OpaquePointer
        private var isClosed = false

        /// Makes the EGL display, an OpenGL ES 3 context and a window surface of the window's size.
        ///
        /// - Parameters:
        ///   - window: The window; its surface gets no more shared-memory buffers.
        ///   - swapInterval: `eglSwapInterval` for the surface: 0 (the default) when a display link
        ///     paces it; 1 lets Mesa pace it on its own frame callbacks (the swap then blocks).
        /// - Throws: ``WaylandEGLError/noDisplay(_:)`` without an EGL driver for Wayland,
        ///   ``WaylandEGLError/noMatchingConfig(_:)``, ``WaylandEGLError/noOpenGLES(_:)``,
        ///   ``WaylandEGLError/contextFailed(_:)``, ``WaylandEGLError/surfaceFailed(_:)`` or
        ///   ``WaylandEGLError/makeCurrentFailed(_:)``, each with `eglGetError`'s code.
        public init(window: WaylandWindow, swapInterval: Int32 = 0) throws(WaylandEGLError) {
            self.window = window
            self.swapInterval = swapInterval
            width = window.width
            height = window.height
            guard
                let display = eglGetPlatformDisplay(
                    EGLenum(EGL_PLATFORM_WAYLAND_KHR), window.connection.displayPointer, nil)
            else { throw .noDisplay(.current) }
            guard eglInitialize(display, nil, nil) == EGL_TRUE else { throw .noDisplay(.current) }
            do throws(WaylandEGLError) {
                guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw .noOpenGLES(.current) }
                let config = try Self.chooseConfig(display)
                let contextAttributes: [EGLint] = [
                    EGL_CONTEXT_MAJOR_VERSION, Self.glesMajorVersion, EGL_NONE,
                ]
                guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
                    throw .contextFailed(.current)
                }
                guard
                    let nativeWindow = wl_egl_window_create(
                        OpaquePointer(window.surfacePointer), Int32(window.width), Int32(window.height))
                else {
                    eglDestroyContext(display, context)
                    throw .surfaceFailed(.current)
                }
                guard
                    let surface = eglCreatePlatformWindowSurface(
                        display, config, UnsafeMutableRawPointer(nativeWindow), nil)
                else {
                    let code = EGLErrorCode.current
                    wl_egl_window_destroy(nativeWindow)
                    eglDestroyContext(display, context)
                    throw .surfaceFailed(code)
                }
                self.display = display
                self.context = context
                self.surface = surface
                self.nativeWindow = nativeWindow
                window.attachBuffersExternally()
            } catch {
                eglTerminate(display)
                throw error
            }
            do throws(WaylandEGLError) {
                try makeCurrent()
                // The interval belongs to the surface current on the thread, so it is set here, once.
                eglSwapInterval(display, swapInterval)
                eglMakeCurrent(display, nil, nil, nil)
            } catch {
                close()
                throw error
            }
        }

        deinit {
            close()
        }

        /// Makes the context current on the calling thread with the surface (nothing when it is
        /// already).
        ///
        /// - Throws: ``WaylandEGLError/makeCurrentFailed(_:)`` (the context current on another
        ///   thread: `EGL_BAD_ACCESS`) or ``WaylandEGLError/closed``.
        public func makeCurrent() throws(WaylandEGLError) {
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

        /// Shows what was drawn: `eglSwapBuffers`, whose `wl_surface.commit` carries the frame
        /// callback and presentation feedback requested on the window's surface before it. With swap
        /// interval 0 it does not wait for the compositor.
        ///
        /// - Returns: CLOCK_MONOTONIC in nanoseconds just before the swap.
        /// - Throws: ``WaylandEGLError/swapFailed(_:)``, ``WaylandEGLError/makeCurrentFailed(_:)``,
        ///   ``WaylandEGLError/windowHidden`` (nothing swapped) or ``WaylandEGLError/closed``.
        @discardableResult
        public func swapBuffers() throws(WaylandEGLError) -> Int64 {
            try makeCurrent()
            guard window.mayAttachExternalBuffer else { throw .windowHidden }
            let time = KernelClock.monotonicNanoseconds()
            guard eglSwapBuffers(display, surface) == EGL_TRUE else { throw .swapFailed(.current) }
            window.externalBufferAttached()
            return time
        }

        /// Resizes the surface (`wl_egl_window_resize`): the next swap's buffer has the new size. Set
        /// the viewport (`glViewport`) to it before drawing the next frame.
        ///
        /// - Throws: ``WaylandEGLError/invalidSize(width:height:)`` or ``WaylandEGLError/closed``.
        public func resize(width: Int, height: Int) throws(WaylandEGLError) {
            guard !isClosed else { throw .closed }
            let range = 1...WaylandWindow.maximumDimension
            guard range.contains(width), range.contains(height) else {
                throw .invalidSize(width: width, height: height)
            }
            wl_egl_window_resize(nativeWindow, Int32(width), Int32(height), 0, 0)
            self.width = width
            self.height = height
        }

        /// Releases the context, destroys the surface, the context and the `wl_egl_window`, and
        /// terminates the EGL display. Idempotent; the window stays open.
        public func close() {
            guard !isClosed else { return }
            isClosed = true
            if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
            eglDestroySurface(display, surface)
            eglDestroyContext(display, context)
            wl_egl_window_destroy(nativeWindow)
            eglTerminate(display)
            eglReleaseThread()
        }

        // MARK: Private

        /// The OpenGL ES major version the context is made for.
        private static let glesMajorVersion: EGLint = 3

        /// The first config for an RGB 8-bit OpenGL ES 3 window surface.
        private static func chooseConfig(_ display: EGLDisplay) throws(WaylandEGLError) -> EGLConfig {
            let attributes: [EGLint] = [
                EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                EGL_NONE,
            ]
            var config: EGLConfig?
            var count: EGLint = 0
            guard eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0, let config
            else { throw .noMatchingConfig(.current) }
            return config
        }
    }
#endif
