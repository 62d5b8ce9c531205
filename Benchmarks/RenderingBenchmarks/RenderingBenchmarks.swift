import Benchmark
import LayerRendering
import MediaTiming

/// Microbenchmarks of the drawing clock-demo does per frame in a 100 × 40-cell terminal:
/// `swift package benchmark --target RenderingBenchmarks` (release build). One iteration is one
/// frame: the seconds ring moved on by a 60 Hz frame, then Cairo, then the terminal encoding.
///
/// `TerminalFrameEncoder.swift` here is a link to clock-demo's own encoder (an executable's code
/// cannot be imported), so that what is measured is what the demo runs.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 30,
        maxDuration: .seconds(3), maxIterations: 2_000)

    // Cairo alone: the face drawn into a reused 100 × 80-pixel bitmap (100 × 40 half-block cells).
    Benchmark("Cairo: clock face into a reused 100 × 80 bitmap (100 × 40 cells)") { benchmark in
        let frame = try ClockFrame()
        for _ in benchmark.scaledIterations {
            frame.advance()
            try frame.draw()
        }
        blackHole(frame.bitmap.pixels[frame.bitmap.width * 40 + 50])
    }

    // LayerRendering's whole-image encoding (a String of half blocks and 24-bit colours) of an
    // already drawn face, as clock-demo used it before it had an encoder of its own.
    Benchmark("Terminal encoding: TerminalImage.halfBlocks, whole 100 × 80 bitmap") { benchmark in
        let frame = try ClockFrame()
        try frame.draw()
        for _ in benchmark.scaledIterations {
            blackHole(TerminalImage.halfBlocks(of: frame.bitmap))
        }
    }

    // clock-demo's encoder, steady state: each iteration encodes the next frame of the moving ring
    // (drawn ahead, outside the measurement), sending only the cells that changed.
    Benchmark("Terminal encoding: clock-demo's encoder, changed cells of a 60 Hz frame") { benchmark in
        let frame = try ClockFrame()
        var encoder = TerminalFrameEncoder()
        var frames: [Bitmap] = []
        for _ in 0..<120 {
            frame.advance()
            try frame.draw()
            frames.append(frame.bitmap)
        }
        for bitmap in frames { encoder.encode(bitmap, status: "status") }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            encoder.encode(frames[index], status: "status")
            index = (index + 1) % frames.count
            blackHole(encoder.bytes.count)
        }
        benchmark.stopMeasurement()
    }

    // Both, as clock-demo's terminal display does each frame.
    Benchmark("Frame: Cairo and clock-demo's encoder, 100 × 40 cells") { benchmark in
        let frame = try ClockFrame()
        var encoder = TerminalFrameEncoder()
        for _ in benchmark.scaledIterations {
            frame.advance()
            try frame.draw()
            encoder.encode(frame.bitmap, status: "status")
            blackHole(encoder.bytes.count)
        }
    }
}

/// A clock face the size of a 100 × 40-cell terminal and the bitmap it is drawn into, reused
/// from frame to frame as clock-demo reuses them.
private final class ClockFrame {
    let face = ClockFace(size: Size(width: 100, height: 80))
    var bitmap: Bitmap
    private var frame = 0
    /// The labels of a minute, made up front so that the loop measures drawing, not formatting.
    private let labels = (0..<60).map { "12:00:\($0 < 10 ? "0" : "")\($0)" }

    init() throws {
        bitmap = try Bitmap(width: 100, height: 80)
        face.show(secondsIntoMinute: 0, label: labels[0])
    }

    /// Moves the ring on by one 60 Hz frame; the label changes once a second.
    func advance() {
        frame = (frame + 1) % 3600
        face.show(
            secondsIntoMinute: Double(frame) / 60, label: frame % 60 == 0 ? labels[frame / 60] : nil)
    }

    func draw() throws {
        try face.render(into: &bitmap)
    }
}
