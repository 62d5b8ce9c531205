import CGLFW
import FrameClock
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// glfw-clock: a window GLFW made (its own Wayland surface and EGL context), adopted by a display
// link with `.wayland(display:surface:)` as an adopter of GLFW would: each frame cleared to a colour
// that tells the time and swapped by glfwSwapBuffers (swap interval 0) in the link's callback, on
// the frame thread. Prints the frames' figures; exits 1 when a frame's target was not after the one
// before, or the frames did not all come.

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

let options: GLFWClockOptions
do {
    options = try GLFWClockOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printToStandardError("glfw-clock: \(error)\n\(GLFWClockOptions.usage)")
    exit(2)
}

do {
    let run = try GLFWClockRun(frames: options.frames)
    let figures = try run.run()
    for line in figures.lines { print(line) }
    guard figures.targetsNotAfter.isEmpty else {
        printToStandardError("glfw-clock: FAILED: a frame's target was not after the one before")
        exit(1)
    }
    print("glfw-clock: every target after the one before")
} catch {
    printToStandardError("glfw-clock: \(error)")
    exit(1)
}
