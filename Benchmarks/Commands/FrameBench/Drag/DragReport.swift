import WestonFixture

/// The Markdown of a `--drag` run.
struct DragReport {
    let results: [DragResult]
    let machine: MachineInfo
    /// weston's repaint window, in milliseconds, and when the links started their frames.
    let repaintWindow: Int
    let renderDeadline: Bool
    /// Whether the windows read only the events' milliseconds.
    let millisecondInputTimes: Bool

    /// The goals: the resampled step varies by under this fraction of its mean, and input to
    /// present is under this many frame intervals at p50.
    static let variationGoal = 0.05
    static let latencyGoalIntervals = 2.0

    var markdown: String {
        var lines = [
            "# frame-bench --drag",
            "",
            "\(machine.date), \(machine.kernel), \(machine.cores) cores, clock source \(machine.clockSource).",
            "A 2 s constant-speed drag (\(Int(ScriptedDrag.speed)) px/s, each sample stamped with the "
                + "nanosecond it is due at, read by the window "
                + (millisecondInputTimes
                    ? "as Wayland's 32-bit milliseconds only" : "to the nanosecond (zwp_input_timestamps_v1)")
                + ") injected into weston headless (repaint-window \(repaintWindow)) through the test "
                + "suite's input injector, into a \(DragMeasurement.windowWidth) × \(DragMeasurement.windowHeight) "
                + "window whose display link draws and commits each frame"
                + (renderDeadline ? ", starting it at its render deadline" : "")
                + ". Judged over the drag's middle "
                + "(150 ms in from either end).",
            "",
            "- Step variation: the dragged object's step from frame to frame (frames one interval apart), "
                + "its standard deviation over its mean. A constant-speed drag on an even display should "
                + "step evenly.",
            "- Shown position's age: the presentation less the instant the shown position stands for "
                + "(the sampling time, or the newest event's time): how far the object trails the finger.",
            "- Event to present: each motion event's time to the presentation of the first frame that "
                + "used it (the timeline's input latency, per event).",
            "- Dropped: frames of the middle the compositor never showed because a later commit replaced "
                + "them before its repaint (a late frame on a loaded machine); no feedback: frames the "
                + "compositor never answered, which should not happen.",
            "",
            "- Of which sampling, and position error: the step's two sources, each over the mean step. "
                + "Sampling: the drag's own motion between the instants two frames' positions stand for, "
                + "which varies as the frames' callbacks start early or late. Position error: each "
                + "position against the drag at its instant, which the input's times decide.",
            "",
            "| device | rate | handling | interval | steps | step variation | of which sampling "
                + "| position error | shown age p50 | p99 "
                + "| event → present p50 | p99 | events sent / used | dropped | no feedback |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for result in results {
            let intervals = { (value: Double) in
                "\(MarkdownReport.format(value, 1)) ms (\(MarkdownReport.format(value / result.interval, 2)))"
            }
            lines.append(
                "| \(result.device) | \(Int(result.rate)) Hz | \(result.handling.rawValue) "
                    + "| \(MarkdownReport.format(result.interval, 2)) ms | \(result.steps) "
                    + "| \(MarkdownReport.format(result.stepVariation * 100, 1)) % "
                    + "| \(MarkdownReport.format(result.samplingVariation * 100, 1)) % "
                    + "| \(MarkdownReport.format(result.positionError * 100, 2)) % "
                    + "| \(intervals(LinksBench.percentile(result.shownAges, 0.5))) "
                    + "| \(intervals(LinksBench.percentile(result.shownAges, 0.99))) "
                    + "| \(intervals(LinksBench.percentile(result.eventLatencies, 0.5))) "
                    + "| \(intervals(LinksBench.percentile(result.eventLatencies, 0.99))) "
                    + "| \(result.eventsSent) / \(result.eventsUsed) | \(result.dropped) | \(result.unanswered) |"
            )
        }
        lines += ["", "Latencies in ms, and in frame intervals in parentheses.", ""] + verdict
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per goal: met or not, by the resampled runs' worst figure.
    private var verdict: [String] {
        let resampled = results.filter { $0.handling == .resampled }
        let perEvent = results.filter { $0.handling == .perEvent }
        guard !resampled.isEmpty else { return [] }
        let worstVariation = resampled.map(\.stepVariation).max() ?? .nan
        let bestPerEvent = perEvent.map(\.stepVariation).min() ?? .nan
        let worstLatency =
            resampled.map { LinksBench.percentile($0.eventLatencies, 0.5) / $0.interval }.max() ?? .nan
        return [
            "- Resampled step variation, worst run: \(MarkdownReport.format(worstVariation * 100, 1)) % "
                + "(goal under \(MarkdownReport.format(Self.variationGoal * 100, 0)) %: "
                + (worstVariation < Self.variationGoal ? "met" : "**not met**")
                + "); per event, best run: \(MarkdownReport.format(bestPerEvent * 100, 1)) %.",
            "- Resampled event to present p50, worst run: \(MarkdownReport.format(worstLatency, 2)) intervals "
                + "(goal under \(MarkdownReport.format(Self.latencyGoalIntervals, 0)): "
                + (worstLatency < Self.latencyGoalIntervals ? "met" : "**not met**") + ").",
        ]
    }
}
