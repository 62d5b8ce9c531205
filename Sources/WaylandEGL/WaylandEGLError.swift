#if EGLSurfaces
    import Wayland

    /// Why an EGL window surface could not be made or used.
    ///
    /// Each case names what is missing and carries the `eglGetError` code of the call that failed;
    /// ``description`` is one sentence, then what to do.
    public enum WaylandEGLError: Error, Sendable, Hashable, CustomStringConvertible {
        /// No EGL display for the window's `wl_display`: no EGL driver (libglvnd found no vendor, or
        /// the vendor has no Wayland platform), or initialising it failed.
        case noDisplay(EGLErrorCode)
        /// The driver offers OpenGL ES, but no config matches what the surface asks for (a window
        /// surface, RGBA 8-bit, OpenGL ES 3).
        case noMatchingConfig(EGLErrorCode)
        /// The driver has no OpenGL ES API (`eglBindAPI(EGL_OPENGL_ES_API)` failed).
        case noOpenGLES(EGLErrorCode)
        /// The OpenGL ES 3 context could not be made.
        case contextFailed(EGLErrorCode)
        /// The `wl_egl_window` or the EGL window surface on it could not be made.
        case surfaceFailed(EGLErrorCode)
        /// The context could not be made current on the calling thread with the surface.
        case makeCurrentFailed(EGLErrorCode)
        /// `eglSwapBuffers` failed (the window gone, the connection lost).
        case swapFailed(EGLErrorCode)
        /// The window is hidden (`WaylandWindow.unmap()`): a buffer on an unmapped surface is a
        /// protocol error, so nothing is swapped until `WaylandWindow.remap(timeout:)`.
        case windowHidden
        /// A size out of range; the text says which.
        case invalidSize(width: Int, height: Int)
        /// The surface was used after ``WaylandEGLSurface/close()``.
        case closed
        /// The window's own call failed (its connection lost, the window closed).
        case wayland(WaylandError)

        /// One sentence saying what happened, then what to do.
        public var description: String {
            switch self {
            case .noDisplay(let code):
                "no EGL display for the Wayland connection (\(code)); install an EGL driver with Wayland support (Mesa: libegl1-mesa-dev)"
            case .noMatchingConfig(let code):
                "no EGL config matches an RGBA 8-bit OpenGL ES 3 window surface (\(code)); the driver cannot draw to this window"
            case .noOpenGLES(let code):
                "the EGL driver has no OpenGL ES API (\(code)); install Mesa's GLES (libgles2-mesa-dev)"
            case .contextFailed(let code):
                "the OpenGL ES 3 context could not be made (\(code)); the driver offers no OpenGL ES 3"
            case .surfaceFailed(let code):
                "the EGL window surface could not be made on the window (\(code)); the window may be closed"
            case .makeCurrentFailed(let code):
                "the OpenGL ES context could not be made current (\(code)); is it current on another thread?"
            case .swapFailed(let code):
                "eglSwapBuffers failed (\(code)); the window or its connection is gone"
            case .invalidSize(let width, let height):
                "an EGL window surface is 1 to \(WaylandWindow.maximumDimension) pixels wide and high, not \(width) × \(height)"
            case .windowHidden:
                "the window is hidden, so nothing was swapped; remap it (WaylandWindow.remap) to draw again"
            case .closed:
                "the EGL window surface was closed; make a new one"
            case .wayland(let error):
                "\(error)"
            }
        }
    }
#endif
