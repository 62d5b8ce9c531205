import CGLFW
import FrameClock
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One run of glfw-clock: GLFW's window adopted by a display link, its first `frames` frames drawn
/// and swapped on the frame thread while the main thread waits for GLFW's events.
final class GLFWClockRun {
    /// Why a run could not be made or did not finish.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The window's side, in pixels.
    static let size: Int32 = 256
    /// How long each frame may take before the run gives up: a compositor at 10 Hz is slower than
    /// any a check runs under.
    static let frameTimeout: Duration = .milliseconds(100)
    /// How long the run waits beyond the frames' time (the window's mapping, the first frames).
    static let startTimeout: Duration = .seconds(5)
    /// How long the last frames' presentation feedback is waited for.
    static let settleTime: Duration = .milliseconds(300)
    /// How long each wait for GLFW's events lasts, in seconds: short, so that the end is seen soon.
    static let eventWaitSeconds = 0.02

    private let frames: Int
    private let window: GLFWWindowHandle

    /// Initialises GLFW and opens its window (OpenGL ES 2).
    init(frames: Int) throws(Failure) {
        self.frames = frames
        guard glfwInit() == GLFW_TRUE else {
            throw Failure(
                description: "glfwInit failed: \(GLFWWindowHandle.lastError()) "
                    + "(glfw-clock needs GLFW's Wayland build and WAYLAND_DISPLAY naming a running compositor)"
            )
        }
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 2)
        guard let window = glfwCreateWindow(Self.size, Self.size, "glfw-clock", nil, nil) else {
            let why = GLFWWindowHandle.lastError()
            glfwTerminate()
            throw Failure(description: "glfwCreateWindow failed: \(why)")
        }
        self.window = GLFWWindowHandle(window: window)
    }

    deinit {
        glfwDestroyWindow(window.window)
        glfwTerminate()
    }

    /// Runs the link until `frames` frames were drawn and their feedback came, and returns what it
    /// did with them. (The window is never hidden here: GLFW 3.3 hides a Wayland window by
    /// destroying its shell surface on the main thread while the frame thread swaps, which
    /// corrupts libwayland's state; a front end hides its window between frames.)
    func run() throws(Failure) -> GLFWClockFigures {
        guard let display = glfwGetWaylandDisplay(), let surface = glfwGetWaylandWindow(window.window) else {
            throw Failure(
                description: "GLFW gave no Wayland display or surface (is it GLFW's Wayland build?)")
        }
        showFirstFrame()
        let link: DisplayLink
        let drawer = GLFWFrameDrawer(window: window, frames: frames)
        do {
            link = try DisplayLink(
                source: .wayland(
                    display: UnsafeMutableRawPointer(display), surface: UnsafeMutableRawPointer(surface)))
            link.timelineCapacity = frames + DisplayLink.defaultTimelineCapacity
            try link.start { [link] frame in drawer.frame(frame, kind: link.sourceInfo.kind) }
        } catch {
            throw Failure(description: "display link: \(error)")
        }
        defer { link.invalidate() }
        let clock = ContinuousClock()
        let giveUpAt = clock.now + Self.frameTimeout * frames + Self.startTimeout
        while drawer.drawn < frames, clock.now < giveUpAt, glfwWindowShouldClose(window.window) == GLFW_FALSE
        {
            glfwWaitEventsTimeout(Self.eventWaitSeconds)
        }
        let settleBy = clock.now + Self.settleTime
        while clock.now < settleBy { glfwWaitEventsTimeout(Self.eventWaitSeconds) }
        let records = drawer.records
        guard records.count == frames else {
            throw Failure(description: "only \(records.count) of \(frames) frames came")
        }
        return GLFWClockFigures(records: records, timeline: link.timeline.entries)
    }
}

extension GLFWClockRun {
    /// How long the window's first frame and configuration are waited for before the link starts.
    static let mapTime: Duration = .milliseconds(200)

    /// Draws and swaps the first frame on this thread and handles GLFW's events for ``mapTime``: the
    /// window is mapped and configured (GLFW resizes its EGL window on a configure) before the
    /// frame thread draws.
    func showFirstFrame() {
        glfwMakeContextCurrent(window.window)
        glfwSwapInterval(0)
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glfwSwapBuffers(window.window)
        glfwMakeContextCurrent(nil)
        let clock = ContinuousClock()
        let until = clock.now + Self.mapTime
        while clock.now < until { glfwWaitEventsTimeout(Self.eventWaitSeconds) }
    }
}

/// GLFW's window, handed to the frame thread: GLFW lets any thread make its context current and
/// swap it, and the run makes sure only one does at a time.
struct GLFWWindowHandle: @unchecked Sendable {
    let window: OpaquePointer

    /// GLFW's description of its last error.
    static func lastError() -> String {
        var text: UnsafePointer<CChar>?
        let code = glfwGetError(&text)
        return text.map { String(cString: $0) } ?? "error \(code)"
    }
}
