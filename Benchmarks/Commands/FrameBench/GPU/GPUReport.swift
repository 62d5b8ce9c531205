/// The Markdown of a `--gpu` run.
struct GPUReport {
    let frames: Int
    let runs: [GPUPacingRun]
    let machine: MachineInfo

    /// The issue's goal: the render deadline's start to presentation at most this share of swap
    /// interval 1's.
    static let latencyGoal = 0.5

    var markdown: String {
        var lines = [
            "# frame-bench --gpu",
            "",
            "\(machine.date), \(machine.kernel), \(machine.cores) cores, clock source \(machine.clockSource).",
            "OpenGL ES (Mesa's EGL) on a \(GPUBench.windowSize) × \(GPUBench.windowSize) Wayland window, "
                + "\(frames) frames each pacing, one compositor session. Start to presentation runs from "
                + "the frame's drawing start (the callback's start; the loop's iteration for swap interval "
                + "1) to the compositor's presentation time. Late: shown half a refresh or more after "
                + "the link's target. Swap interval 1 predicts nothing.",
            "",
            "| pacing | presented | late | discarded | pending | start → presentation p50 | p99 "
                + "| \\|presented − target\\| p50 | p95 |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for run in runs {
            let predicted = !run.predictionErrors.isEmpty
            lines.append(
                "| \(run.pacing.rawValue) | \(run.latencies.count) | \(predicted ? "\(run.late)" : "–") "
                    + "| \(run.discarded) | \(run.pending) "
                    + "| \(Self.milliseconds(LinksBench.percentile(run.latencies, 0.5))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(run.latencies, 0.99))) "
                    + "| \(predicted ? Self.milliseconds(LinksBench.percentile(run.predictionErrors, 0.5)) : "–") "
                    + "| \(predicted ? Self.milliseconds(LinksBench.percentile(run.predictionErrors, 0.95)) : "–") |"
            )
        }
        if let ratio {
            lines += [
                "",
                "The render deadline's start to presentation, p50, is \(MarkdownReport.format(ratio, 2)) of "
                    + "swap interval 1's (the goal: at most \(MarkdownReport.format(Self.latencyGoal, 1)); "
                    + (ratio <= Self.latencyGoal ? "met" : "**not met**") + ").",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The render deadline's p50 start to presentation over swap interval 1's.
    var ratio: Double? {
        func median(_ pacing: GPUPacingRun.Pacing) -> Double? {
            runs.first { $0.pacing == pacing }.map { LinksBench.percentile($0.latencies, 0.5) }
        }
        guard let deadline = median(.linkAtRenderDeadline), let driver = median(.swapIntervalOne),
            deadline.isFinite, driver.isFinite, driver > 0
        else { return nil }
        return deadline / driver
    }

    private static func milliseconds(_ value: Double) -> String {
        value.isFinite ? MarkdownReport.format(value, 2) + " ms" : "–"
    }
}
