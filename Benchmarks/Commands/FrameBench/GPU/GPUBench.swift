import ArgumentParser
import Foundation

/// `frame-bench --gpu`: an OpenGL ES window (Mesa's EGL) paced three ways in one compositor session —
/// by the driver's swap interval 1 alone, by a display link at its tick, and by the link at its
/// render deadline — with each frame's start to presentation, and the frames that missed their
/// target or were discarded.
struct GPUBench {
    /// Frames each pacing draws.
    static let framesPerPacing = 300
    /// The window's width and height in pixels.
    static let windowSize = 256

    let frames: Int
    let output: URL

    init(_ bench: FrameBench) {
        frames = bench.quick ? Self.framesPerPacing / 3 : Self.framesPerPacing
        output = URL(fileURLWithPath: bench.output, isDirectory: true)
    }

    /// Measures each pacing on the compositor `WAYLAND_DISPLAY` names, then writes and prints `gpu.md`.
    func run() throws {
        #if EGLSurfaces
            let runs = try GPUMeasurement(frames: frames, size: Self.windowSize).measureEachPacing()
            let markdown = GPUReport(frames: frames, runs: runs, machine: .current(frameThread: nil)).markdown
            do {
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                try markdown.write(
                    to: output.appendingPathComponent("gpu.md"), atomically: true, encoding: .utf8)
            } catch {
                throw ValidationError(
                    "--output \(output.path) cannot be written: \(error.localizedDescription)")
            }
            print(markdown)
        #else
            throw ValidationError(
                "--gpu needs frame-bench built with the EGLSurfaces trait: "
                    + "swift build --traits default,EGLSurfaces --product frame-bench")
        #endif
    }
}
