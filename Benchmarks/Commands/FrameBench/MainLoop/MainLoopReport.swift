import Foundation

/// The Markdown of a `--main-loop` run.
struct MainLoopReport {
    let bench: MainLoopBench
    let figures: MainLoopFigures
    let machine: MachineInfo

    var markdown: String {
        let hops = [
            ("`GLibMainQueue.integrate()`, back to back", figures.burst),
            ("`GLibMainQueue.integrate()`, random phase", figures.spacedIntegrated),
            (
                "a GLib timeout draining every \(MainLoopBench.pollingMilliseconds) ms, random phase",
                figures.spacedPolled
            ),
        ]
        let frames = rateLabel
        let header =
            "| \(frames) link, \(bench.rounds) × \(MarkdownReport.format(bench.seconds, 1)) s each, alternated "
            + "| frames | lateness p50 | p99 | max | skipped |"
        var lines = [
            "# frame-bench --main-loop",
            "",
            "\(machine.date), \(machine.kernel), \(machine.cores) cores, clock source \(machine.clockSource).",
            "The main thread runs `g_main_loop_run`; a detached task hops with `await MainActor.run`.",
            "",
            "| `MainActor` hops drained by | hops | p50 | p99 | max |",
            "|---|---|---|---|---|",
        ]
        for (name, values) in hops {
            lines.append(
                "| \(name) | \(values.count) | \(Self.time(Self.percentile(values, 0.5))) | "
                    + "\(Self.time(Self.percentile(values, 0.99))) | \(Self.time(values.max() ?? .nan)) |")
        }
        lines += [
            "",
            "Hops in order: \(figures.hopsInOrder ? "yes" : "NO"); all on the main thread: "
                + "\(figures.hopsOnMainThread ? "yes" : "NO").",
            "",
            header,
            "|---|---|---|---|---|---|",
            row(
                "delivered on the GLib loop (`GLibFrameDelivery`)", figures.loopLateness, figures.loopSkipped),
            row("on its frame thread", figures.threadLateness, figures.threadSkipped),
            "",
            "Lateness: from the frame's planned start to its callback's start. Loop callbacks off the main "
                + "thread: \(figures.loopCallbacksOffMainThread).",
            "Ratio, loop / frame thread, at p50: \(latenessRatio(0.5)); at p99: \(latenessRatio(0.99)).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func latenessRatio(_ fraction: Double) -> String {
        let loop = Self.percentile(figures.loopLateness, fraction)
        return MarkdownReport.ratio(loop, Self.percentile(figures.threadLateness, fraction))
    }

    private var rateLabel: String {
        "\(MarkdownReport.format(bench.rate, bench.rate.rounded() == bench.rate ? 0 : 1)) Hz"
    }

    private func row(_ name: String, _ values: [Double], _ skipped: Int) -> String {
        "| \(name) | \(values.count) | \(Self.time(Self.percentile(values, 0.5))) | "
            + "\(Self.time(Self.percentile(values, 0.99))) | \(Self.time(values.max() ?? .nan)) | \(skipped) |"
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        LinksBench.percentile(values, fraction)
    }

    /// Microseconds as µs, or ms from one millisecond on.
    static func time(_ microseconds: Double) -> String {
        guard microseconds.isFinite else { return "—" }
        return microseconds >= 1000
            ? "\(MarkdownReport.format(microseconds / 1000, 2)) ms"
            : "\(MarkdownReport.format(microseconds, 0)) µs"
    }
}
