/// The Markdown of an `--x11` run.
struct X11PacingReport {
    let frames: Int
    let rate: Double
    let server: String
    let runs: [X11PacingRun]
    /// The latch sweep: frames drawn at offsets after a refresh.
    let latch: [X11LatchOffset]
    let machine: MachineInfo

    /// The goal: the render deadline's start to presentation at most this share of swap
    /// interval 1's.
    static let latencyGoal = 0.5

    var markdown: String {
        var lines = [
            "# frame-bench --x11",
            "",
            "\(machine.date), \(machine.kernel), \(machine.cores) cores, clock source \(machine.clockSource).",
            "OpenGL ES (Mesa's EGL, platform XCB) on one \(X11Bench.windowSize) × \(X11Bench.windowSize) X11 window "
                + "of \(server), \(frames) frames each pacing (Mesa's swap interval 1: as many as it draws in "
                + "the same time), the timer loops at \(MarkdownReport.format(rate, 1)) Hz. Each swap is followed by "
                + "the window's Present NotifyMSC for the next MSC: its completion (MSC, UST) is the refresh "
                + "that shows the frame. Start: the frame's drawing start (the link's callback start, the "
                + "loop's iteration). Replaced: drawn, but the next frame completed at the same refresh. "
                + "Skipped: refreshes between two shown frames that showed no new one. Start → presentation "
                + "is over the shown frames; the last column over every frame drawn, to the refresh its "
                + "request completed at (a replaced frame's is the refresh that showed the next one).",
            "",
            "| pacing | drawn | shown | replaced | pending | skipped | gap p50 | gap p95 "
                + "| start → presentation p50 | p95 | every frame drawn, p50 |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for run in runs {
            let figures = run.figures
            lines.append(
                "| \(run.pacing.rawValue) | \(figures.drawnCount) | \(figures.shownCount) | \(figures.replaced) "
                    + "| \(figures.pending) | \(figures.skippedRefreshes) "
                    + "| \(Self.milliseconds(LinksBench.percentile(figures.gaps, 0.5))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(figures.gaps, 0.95))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(figures.latencies, 0.5))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(figures.latencies, 0.95))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(figures.allLatencies, 0.5))) |")
        }
        lines += linkSection
        let deadline = median(.linkAtLatch)
        for (reference, name) in [
            (X11PacingRun.Pacing.mesaSwapIntervalOne, "Mesa's swap interval 1"),
            (.swapAndWait, "the swap that waits for its refresh"),
        ] {
            guard let deadline, let driver = median(reference), driver > 0 else { continue }
            let ratio = deadline / driver
            lines += [
                "",
                "The render deadline (latch latency), start to presentation p50 \(Self.milliseconds(deadline)), is "
                    + "\(MarkdownReport.format(ratio, 2)) × \(name)'s (\(Self.milliseconds(driver))); the goal: at "
                    + "most \(MarkdownReport.format(Self.latencyGoal, 1)) × Mesa's swap interval 1 — "
                    + (ratio <= Self.latencyGoal ? "met" : "**not met**") + " against this reference.",
            ]
        }
        lines += latchSection
        return lines.joined(separator: "\n") + "\n"
    }

    /// The links' own view of their frames: what their start to presentation is made of.
    private var linkSection: [String] {
        let links = runs.filter { !$0.linkTimes.isEmpty }
        guard !links.isEmpty else { return [] }
        var lines = [
            "",
            "The links' frames as their timelines have them (p50): the callback's duration (draw and swap), "
                + "the duration the link predicted for it, and the callback's start to the frame's target.",
            "",
            "| pacing | callback | predicted | start → target |",
            "|---|---|---|---|",
        ]
        for run in links {
            lines.append(
                "| \(run.pacing.rawValue) | \(Self.milliseconds(LinksBench.percentile(run.linkTimes.map(\.callback), 0.5))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(run.linkTimes.map(\.predicted), 0.5))) "
                    + "| \(Self.milliseconds(LinksBench.percentile(run.linkTimes.map(\.startToTarget), 0.5))) |"
            )
        }
        return lines
    }

    /// Where the server latches: for each offset after a refresh, the frames shown at the next
    /// refresh and those a refresh later.
    private var latchSection: [String] {
        guard !latch.isEmpty else { return [] }
        var lines = [
            "",
            "## Where the server latches a frame",
            "",
            "After the completion of refresh m, wait until its UST plus the offset, draw and swap (the frame's "
                + "start), and see at which refresh the frame's request completes: m + 1 is in time. "
                + "\(latch.first.map { $0.inTime + $0.late } ?? 0) frames at each offset.",
            "",
            "| offset after the refresh | in time | a refresh late | start → presentation, mean |",
            "|---|---|---|---|",
        ]
        for step in latch {
            let mean =
                step.latencies.isEmpty
                ? Double.nan : step.latencies.reduce(0, +) / Double(step.latencies.count)
            lines.append(
                "| \(MarkdownReport.format(Double(step.offset) / 1e6, 0)) ms | \(step.inTime) | \(step.late) "
                    + "| \(Self.milliseconds(mean)) |")
        }
        // The latch: the first offset at which at least half the frames were late.
        if let cut = latch.first(where: { $0.late * 2 >= $0.inTime + $0.late }) {
            let lastInTime = latch.last { $0.offset < cut.offset }
            lines += [
                "",
                "Frames started \(MarkdownReport.format(Double(cut.offset) / 1e6, 0)) ms or more after a refresh "
                    + "are mostly shown a refresh late: the server latches a frame for the next refresh about "
                    + "\(MarkdownReport.format(Double(cut.offset) / 1e6, 0)) ms into a "
                    + "\(MarkdownReport.format(1000 / rate, 1)) ms interval"
                    + (lastInTime.map { step in
                        ", and frames started \(MarkdownReport.format(Double(step.offset) / 1e6, 0)) ms after it "
                            + "(\(step.inTime) of \(step.inTime + step.late) in time) were shown "
                            + "\(Self.milliseconds(LinksBench.percentile(step.latencies, 0.5))) after their start "
                            + "(p50): about the floor of start → presentation on this server"
                    } ?? "") + ".",
            ]
        }
        return lines
    }

    /// The p50 start to presentation of `pacing`'s shown frames.
    private func median(_ pacing: X11PacingRun.Pacing) -> Double? {
        guard let run = runs.first(where: { $0.pacing == pacing }) else { return nil }
        let value = LinksBench.percentile(run.figures.latencies, 0.5)
        return value.isFinite ? value : nil
    }

    private static func milliseconds(_ value: Double) -> String {
        value.isFinite ? MarkdownReport.format(value, 2) + " ms" : "–"
    }
}
