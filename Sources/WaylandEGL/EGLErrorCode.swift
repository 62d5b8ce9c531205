#if EGLSurfaces
    internal import CEGL

    /// An EGL error code, as `eglGetError` returned it right after the call that failed.
    public struct EGLErrorCode: Sendable, Hashable, CustomStringConvertible {
        /// The raw code (`EGL_SUCCESS` is 0x3000, the errors 0x3001 to 0x300E).
        public let rawValue: Int32

        /// A code as `eglGetError` returns it.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The calling thread's last EGL error (`eglGetError`, which also clears it).
        package static var current: EGLErrorCode { EGLErrorCode(rawValue: eglGetError()) }

        /// The code's EGL name, such as `EGL_BAD_MATCH`, or its value in hexadecimal.
        public var description: String {
            switch rawValue {
            case EGL_SUCCESS: "EGL_SUCCESS"
            case EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED"
            case EGL_BAD_ACCESS: "EGL_BAD_ACCESS"
            case EGL_BAD_ALLOC: "EGL_BAD_ALLOC"
            case EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE"
            case EGL_BAD_CONFIG: "EGL_BAD_CONFIG"
            case EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT"
            case EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE"
            case EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY"
            case EGL_BAD_MATCH: "EGL_BAD_MATCH"
            case EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP"
            case EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW"
            case EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
            case EGL_BAD_SURFACE: "EGL_BAD_SURFACE"
            case EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST"
            default: "EGL error 0x" + String(rawValue, radix: 16, uppercase: true)
            }
        }
    }
#endif
