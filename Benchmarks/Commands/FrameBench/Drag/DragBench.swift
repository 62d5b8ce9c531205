import Foundation
import WestonFixture

/// `frame-bench --drag`: constant-speed drags injected into a weston headless of its own (the input
/// injector module, as the tests use it), from a pointer and a touch screen at 125 and 90 Hz, each
/// handled by the link's resampling and per event; reports the dragged object's step variation
/// (judder) and the input's latency to presentation.
struct DragBench {
    /// The devices and rates each handling is measured with.
    static let cases: [(ScriptedDrag.Device, Double)] = [
        (.pointer, 125), (.pointer, 90), (.touch, 125), (.touch, 90),
    ]

    /// Why the drag cannot be measured, in one sentence.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// weston's repaint window unless `--repaint-window` says otherwise: the tests' (repaints just
    /// before each vblank), in milliseconds.
    static let defaultRepaintWindow = 16
    /// The widest repaint window weston accepts, in milliseconds.
    static let widestRepaintWindow = 1000

    let output: URL
    let rounds: Int
    let repaintWindow: Int
    /// Whether the links start each frame at its render deadline.
    let renderDeadline: Bool
    /// Whether the windows read only the events' milliseconds (no `zwp_input_timestamps_v1`).
    let millisecondInputTimes: Bool

    init(_ bench: FrameBench) throws {
        output = URL(fileURLWithPath: bench.output, isDirectory: true)
        rounds = bench.roundCount(default: 1)
        guard (0...Self.widestRepaintWindow).contains(bench.repaintWindow) else {
            throw Failure(
                "--repaint-window \(bench.repaintWindow) is not 0 to \(Self.widestRepaintWindow) ms")
        }
        repaintWindow = bench.repaintWindow
        renderDeadline = bench.renderDeadline
        millisecondInputTimes = bench.millisecondInputTimes
    }

    /// Measures every case `rounds` times, handlings alternating, then writes and prints `drag.md`,
    /// and writes each drag's frames (``DragFrameTable``) and its link's timeline beside it.
    ///
    /// - Throws: ``Failure`` when weston or its injector cannot be started, or a window is never shown.
    func run() throws {
        let injector: WestonInputInjector
        do {
            injector = try WestonInputInjector(repaintWindow: repaintWindow)
        } catch {
            throw Failure(
                "--drag needs weston headless and its input injector (apt-get install weston libweston-10-dev): \(error)"
            )
        }
        var results: [DragResult] = []
        var tables: [(name: String, csv: String)] = []
        for round in 1...rounds {
            for (device, rate) in Self.cases {
                for handling in DragHandling.allCases {
                    FileHandle.standardError.write(
                        Data("round \(round): \(device) at \(Int(rate)) Hz, \(handling.rawValue)\n".utf8))
                    let result = try DragMeasurement(
                        injector: injector, device: device, rate: rate, handling: handling,
                        dispatch: renderDeadline ? .renderDeadline : .afterVBlank,
                        millisecondInputTimes: millisecondInputTimes
                    ).run()
                    results.append(result)
                    let names = result.tableNames(round: round)
                    tables += [(names.frames, result.frameTable), (names.timeline, result.timelineTable)]
                }
            }
        }
        let markdown = DragReport(
            results: results, machine: .current(frameThread: nil), repaintWindow: repaintWindow,
            renderDeadline: renderDeadline, millisecondInputTimes: millisecondInputTimes
        ).markdown
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try markdown.write(
                to: output.appendingPathComponent("drag.md"), atomically: true, encoding: .utf8)
            for table in tables {
                try table.csv.write(
                    to: output.appendingPathComponent(table.name), atomically: true, encoding: .utf8)
            }
        } catch {
            throw Failure("--output \(output.path) cannot be written: \(error.localizedDescription)")
        }
        print(markdown)
    }
}
