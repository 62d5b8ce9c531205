import ArgumentParser
import Foundation

/// `frame-bench --x11`: OpenGL ES (Mesa's EGL) on one X11 window of the server `DISPLAY` names, paced
/// in turn by Mesa's swap interval 1, by a swap that waits for its refresh, by the naive timer loops,
/// and by a display link (at its tick, and at its render deadline): each frame's start to the Present
/// completion that shows it, the cadence of what was shown, and the refreshes skipped; then where in
/// an interval the server latches a frame for the next refresh (the floor of start to presentation).
struct X11Bench {
    /// Frames each pacing draws (Mesa's swap interval 1 draws for as long as the others take).
    static let framesPerPacing = 300
    /// The window's width and height in pixels.
    static let windowSize = 160

    let frames: Int
    let rate: Double
    let output: URL

    init(_ bench: FrameBench) {
        frames = bench.quick ? Self.framesPerPacing / 3 : Self.framesPerPacing
        rate = bench.rate
        output = URL(fileURLWithPath: bench.output, isDirectory: true)
    }

    /// Measures each pacing on the X server `DISPLAY` names, then writes and prints `x11.md`.
    func run() throws {
        #if EGLSurfaces && X11Backend
            let session = try X11PacingMeasurement(frames: frames, size: Self.windowSize, rate: rate)
                .measureEachPacing()
            let markdown = X11PacingReport(
                frames: frames, rate: rate, server: session.server, runs: session.runs, latch: session.latch,
                machine: .current(frameThread: nil)
            ).markdown
            do {
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                try markdown.write(
                    to: output.appendingPathComponent("x11.md"), atomically: true, encoding: .utf8)
            } catch {
                throw ValidationError(
                    "--output \(output.path) cannot be written: \(error.localizedDescription)")
            }
            print(markdown)
        #else
            throw ValidationError(
                "--x11 needs frame-bench built with the EGLSurfaces and X11Backend traits: "
                    + "swift build --traits default,EGLSurfaces --product frame-bench")
        #endif
    }
}
