import CGLFW
import FrameClock
import Synchronization

/// Draws the run's frames in the link's callbacks: the first makes GLFW's context current on the
/// frame thread (swap interval 0: the link paces), each clears to a colour that tells the time and
/// swaps, and the last lets the context go, so that the main thread may close the window. Callbacks
/// after the last draw nothing.
final class GLFWFrameDrawer: Sendable {
    /// What the link did with one frame.
    struct Record: Sendable {
        var sequence: UInt64
        var timestamp: MonotonicInstant
        var target: MonotonicInstant
        /// The source the frame came from (the surface, or the timer while its callbacks stopped).
        var kind: FrameSourceKind
    }

    private let window: GLFWWindowHandle
    private let frames: Int
    private let state = Mutex<[Record]>([])
    /// The seconds one turn of the colour takes.
    static let colourPeriodSeconds = 4.0

    init(window: GLFWWindowHandle, frames: Int) {
        self.window = window
        self.frames = frames
    }

    /// The frames drawn so far.
    var records: [Record] { state.withLock { $0 } }
    /// How many frames were drawn.
    var drawn: Int { state.withLock { $0.count } }

    /// Draws `frame`, delivered by a source of `kind`, unless the run's frames are all drawn.
    func frame(_ frame: Frame, kind: FrameSourceKind) {
        let index = state.withLock { records -> Int? in
            guard records.count < frames else { return nil }
            records.append(
                Record(
                    sequence: frame.sequence, timestamp: frame.timestamp, target: frame.targetTimestamp,
                    kind: kind))
            return records.count - 1
        }
        guard let index else { return }
        if index == 0 {
            glfwMakeContextCurrent(window.window)
            glfwSwapInterval(0)
        }
        let turn =
            Double(frame.targetTimestamp.nanoseconds % 1_000_000_000_000) / 1e9 / Self.colourPeriodSeconds
        let phase = Float(turn - turn.rounded(.down))
        glClearColor(phase, 1 - phase, 0.5, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glfwSwapBuffers(window.window)
        if index == frames - 1 { glfwMakeContextCurrent(nil) }
    }
}
