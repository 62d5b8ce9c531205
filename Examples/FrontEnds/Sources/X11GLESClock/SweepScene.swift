import CGLES
import X11EGL

/// What each frame draws: the window cleared to a colour that sweeps once a second, and a bar that
/// crosses it once a second, both at the frame's target time (so a repeated or skipped frame shows).
enum SweepScene {
    /// How long one sweep takes, in nanoseconds.
    static let sweepNanoseconds: Int64 = 1_000_000_000
    /// The bar's width as a share of the window's.
    static let barShare = 8

    /// Draws the frame for `time` (CLOCK_MONOTONIC nanoseconds) into the current surface `gles`.
    static func draw(_ gles: X11EGLSurface, at time: Int64) {
        let width = GLsizei(gles.width)
        let height = GLsizei(gles.height)
        let fraction = Float(time % sweepNanoseconds) / Float(sweepNanoseconds)
        glViewport(0, 0, width, height)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(fraction, 0.3, 1 - fraction, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(Float(width) * fraction), 0, max(1, width / GLsizei(barShare)), height)
        glClearColor(1, 1, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
    }
}
