#if EGLSurfaces && X11Backend
    public import WaylandEGL
    public import X11

    /// Why an EGL window surface on an X11 window could not be made or used.
    ///
    /// Each EGL case carries the `eglGetError` code of the call that failed; ``description`` is one
    /// sentence, then what to do.
    public enum X11EGLError: Error, Sendable, Hashable, CustomStringConvertible {
        /// No EGL display for the X11 connection: no EGL driver (libglvnd found no vendor, or the vendor
        /// has no XCB platform, `EGL_EXT_platform_xcb`), or initialising it failed.
        case noDisplay(EGLErrorCode)
        /// No config matches what the surface asks for (a window surface, RGB 8-bit, OpenGL ES 3, the
        /// window's visual).
        case noMatchingConfig(EGLErrorCode)
        /// The driver has no OpenGL ES API (`eglBindAPI(EGL_OPENGL_ES_API)` failed).
        case noOpenGLES(EGLErrorCode)
        /// The OpenGL ES 3 context could not be made.
        case contextFailed(EGLErrorCode)
        /// The EGL window surface could not be made on the window (no such window, another visual).
        case surfaceFailed(EGLErrorCode)
        /// The context could not be made current on the calling thread with the surface.
        case makeCurrentFailed(EGLErrorCode)
        /// `eglSwapBuffers` failed (the window gone).
        case swapFailed(EGLErrorCode)
        /// `eglSwapInterval` refused the interval.
        case swapIntervalFailed(interval: Int32, EGLErrorCode)
        /// The surface was used after ``X11EGLSurface/close()``.
        case closed
        /// The window's or the connection's own call failed (the X server gone, the window closed).
        case x11(X11Error)

        /// One sentence saying what happened, then what to do.
        public var description: String {
            switch self {
            case .noDisplay(let code):
                "no EGL display for the X11 connection (\(code)); install an EGL driver with X11 support (Mesa: libegl1-mesa-dev)"
            case .noMatchingConfig(let code):
                "no EGL config matches an RGB 8-bit OpenGL ES 3 window surface of the window's visual (\(code)); the driver cannot draw to this window"
            case .noOpenGLES(let code):
                "the EGL driver has no OpenGL ES API (\(code)); install Mesa's GLES (libgles2-mesa-dev)"
            case .contextFailed(let code):
                "the OpenGL ES 3 context could not be made (\(code)); the driver offers no OpenGL ES 3"
            case .surfaceFailed(let code):
                "the EGL window surface could not be made on the X11 window (\(code)); the window may not exist"
            case .makeCurrentFailed(let code):
                "the OpenGL ES context could not be made current (\(code)); is it current on another thread?"
            case .swapFailed(let code):
                "eglSwapBuffers failed (\(code)); the window or the X server is gone"
            case .swapIntervalFailed(let interval, let code):
                "eglSwapInterval(\(interval)) failed (\(code)); use 0 under a display link"
            case .closed:
                "the EGL window surface was closed; make a new one"
            case .x11(let error):
                "\(error)"
            }
        }
    }
#endif
