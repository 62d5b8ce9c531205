import ArgumentParser
import Foundation

/// `frame-bench --main-loop`: what a front end whose main thread runs a GLib main loop gets — hops to
/// `MainActor` through FrameClockGLib's integration against the 50 ms polling workaround, and a
/// link's callback lateness delivered on the loop against the same link on its frame thread, the
/// two alternated in rounds.
struct MainLoopBench {
    /// Back-to-back hops, as a burst of results comes back.
    static let burstHops = 1_000
    /// Hops at random phases of the polling period, as a program's events arrive.
    static let spacedHops = 100
    /// The polling workaround's period (SwiftCrossUI's GTK backend).
    static let pollingMilliseconds: UInt32 = 50

    let rate: Double
    let seconds: Double
    let rounds: Int
    let output: URL

    init(_ bench: FrameBench) {
        rate = bench.rate
        seconds = bench.duration ?? (bench.quick ? 2 : 10)
        rounds = bench.rounds ?? (bench.quick ? 1 : 2)
        output = URL(fileURLWithPath: bench.output, isDirectory: true)
    }

    /// Measures on the main thread (which it gives to the GLib loop until done), then writes and
    /// prints `main-loop.md`.
    func run() throws {
        let figures = try measure()
        let markdown = MainLoopReport(bench: self, figures: figures, machine: .current(frameThread: nil))
            .markdown
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try markdown.write(
                to: output.appendingPathComponent("main-loop.md"), atomically: true, encoding: .utf8)
        } catch {
            throw ValidationError("--output \(output.path) cannot be written: \(error.localizedDescription)")
        }
        print(markdown)
    }
}

/// What one `--main-loop` run measured, in microseconds.
struct MainLoopFigures: Sendable {
    var burst: [Double] = []
    var spacedIntegrated: [Double] = []
    var spacedPolled: [Double] = []
    var hopsInOrder = true
    var hopsOnMainThread = true
    var loopLateness: [Double] = []
    var threadLateness: [Double] = []
    var loopSkipped = 0
    var threadSkipped = 0
    var loopCallbacksOffMainThread = 0
}
