import Benchmark
import DemoClockFace
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
    let drawn = LiveFrames(encoding: false)
    Benchmark(
        "Cairo: clock face into a reused 100 × 80 bitmap (100 × 40 cells)",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                try drawn.next()
            }
        },
        setup: { try drawn.prepare() })

    // LayerRendering's whole-image encoding (a String of half blocks and 24-bit colours) of an
    // already drawn face, as clock-demo used it before it had an encoder of its own.
    let still = RingFrames()
    Benchmark(
        "Terminal encoding: TerminalImage.halfBlocks, whole 100 × 80 bitmap",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TerminalImage.halfBlocks(of: still.frames[0]))
            }
        },
        setup: { try still.prepare() })

    // clock-demo's encoder, steady state: each iteration encodes the next of a minute's frames of
    // the moving ring (drawn by the setup hook, outside the samples), sending the changed cells.
    let ring = RingFrames()
    Benchmark(
        "Terminal encoding: clock-demo's encoder, changed cells of a 60 Hz frame",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                ring.encodeNext()
            }
            blackHole(ring.encoder.bytes.count)
        },
        setup: { try ring.prepare() })

    // Both, as clock-demo's terminal display does each frame (the encoder kept from sample to
    // sample, as the demo keeps it from frame to frame).
    let live = LiveFrames(encoding: true)
    Benchmark(
        "Frame: Cairo and clock-demo's encoder, 100 × 40 cells",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                try live.next()
            }
            blackHole(live.encoder.bytes.count)
        },
        setup: { try live.prepare() })
}

/// A minute of the ring's frames, drawn up front, and the encoder that has sent the first round.
/// The benchmark runner calls setup and samples one after another on one task.
private final class RingFrames: @unchecked Sendable {
    var frames: [Bitmap] = []
    var encoder = TerminalFrameEncoder()
    private var index = 0

    func prepare() throws {
        let frame = try ClockFrame()
        frames = []
        for _ in 0..<3600 {
            frame.advance()
            try frame.draw()
            frames.append(frame.bitmap)
        }
        for bitmap in frames.prefix(60) { encoder.encode(bitmap, status: "status") }
        index = 60
    }

    func encodeNext() {
        encoder.encode(frames[index], status: "status")
        index = (index + 1) % frames.count
    }
}

/// A face drawn (and, with `encoding`, encoded) frame after frame, as clock-demo does.
private final class LiveFrames: @unchecked Sendable {
    private let encoding: Bool
    private var frame: ClockFrame?
    var encoder = TerminalFrameEncoder()

    init(encoding: Bool) { self.encoding = encoding }

    func prepare() throws {
        let frame = try ClockFrame()
        for _ in 0..<60 { try step(frame) }
        self.frame = frame
    }

    func next() throws {
        if let frame { try step(frame) }
    }

    private func step(_ frame: ClockFrame) throws {
        frame.advance()
        try frame.draw()
        if encoding { encoder.encode(frame.bitmap, status: "status") }
    }
}

/// A clock face the size of a 100 × 40-cell terminal and the bitmap it is drawn into, reused
/// from frame to frame as clock-demo reuses them.
private final class ClockFrame: @unchecked Sendable {
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
