import Foundation

/// Everything one run of frame-bench measured: the JSON file's schema (see Benchmarks/Commands/FrameBench/README.md).
struct BenchReport: Codable, Sendable {
    var schemaVersion = 2
    var machine: MachineInfo
    var rateFramesPerSecond: Double
    var secondsPerRun: Double
    var rounds: Int
    var subjects: [Subject]
    var workloads: [Workload]
    var results: [SubjectFigures]
    var classicCase: [ClassicCaseRow]?
    /// Subjects left out and why.
    var notes: [String]

    func figures(_ subject: Subject, _ workload: Workload) -> SubjectFigures? {
        results.first { $0.subject == subject && $0.workload == workload }
    }
}

/// The 1 s timer with 1.5 s of work: each subject's first callback intervals in seconds.
struct ClassicCaseRow: Codable, Sendable {
    var subject: Subject
    var intervalsSeconds: [Double]
    var skippedReported: [Int]?
}

/// Writes a report as Markdown.
enum MarkdownReport {
    static func render(_ report: BenchReport) -> String {
        var out = "# frame-bench report\n\n"
        let machine = report.machine
        out += "| machine | |\n|---|---|\n"
        out +=
            "| kernel | \(machine.kernel) |\n| cores | \(machine.cores) |\n| clock source | \(machine.clockSource) |\n"
        out += "| default timer slack | \(machine.defaultTimerSlackNanoseconds) ns |\n"
        if let slack = machine.frameThreadTimerSlackNanoseconds {
            out += "| frame-thread timer slack | \(slack) ns |\n"
        }
        if let fifo = machine.schedFIFOGranted {
            out += "| SCHED_FIFO | \(fifo ? "granted" : "refused (\(machine.schedFIFORefusal ?? "?"))") |\n"
        }
        out += "| date | \(machine.date) |\n\n"
        out +=
            "Rate \(format(report.rateFramesPerSecond, 3)) Hz; each subject ran \(format(report.secondsPerRun, 1)) s per "
        out +=
            "workload per round, \(report.rounds) round(s), subjects and workloads interleaved. ×ref and ×cyclictest are "
        out +=
            "ratios to the reference `clock_nanosleep` loop and to cyclictest measured in the same run.\n\n"
        for note in report.notes { out += "> \(note)\n\n" }
        out += summary(report)
        for workload in report.workloads {
            out += "## Workload: \(workload.rawValue) (\(workload.summary))\n\n"
            out += table(report, workload)
            if workload == .heavy {
                out +=
                    "\nFirst intervals between callbacks, in frame intervals (work takes 1.5; 2.00 is the good outcome: "
                out += "one frame skipped and reported, the next on the grid):\n\n"
                for subject in report.subjects where !subject.isExternal {
                    guard let f = report.figures(subject, workload) else { continue }
                    out +=
                        "- `\(subject.rawValue)`: \(f.firstIntervals.map { format($0, 2) }.joined(separator: " "))\n"
                }
            }
            if workload == .lookup { out += lookups(report) }
            out += "\n"
        }
        if let classic = report.classicCase {
            out += "## The classic case: a 1 s timer whose callback works 1.5 s\n\n"
            out += "| subject | intervals between callbacks (s) | skippedFrames reported |\n|---|---|---|\n"
            for row in classic {
                out +=
                    "| \(row.subject.rawValue) | \(row.intervalsSeconds.map { format($0, 3) }.joined(separator: ", ")) | "
                out += "\(row.skippedReported.map { $0.map(String.init).joined(separator: ", ") } ?? "—") |\n"
            }
            out += "\n"
        }
        out += legend
        return out
    }

    static let legend = """
        ### How to read it
        - **late**: callback start minus the grid point it belongs to (display links: the frame's own timestamp;
          other loops: the latest point of an ideal grid started when the loop was armed; cyclictest: its own
          wake-up minus its deadline). A loop that drifts sweeps the whole interval, so its median approaches half
          an interval.
        - **—** in a percentile: too few frames for it. A percentile is shown where at least 5 frames lie above it
          (p90 needs 50 frames, p99 500, p99.9 5,000) and max with p99: from fewer, a p99 is only the largest of a
          handful of values, and says nothing of the tail.
        - **cyclictest** is the outside floor: the real-time world's own tool, at the same rate, priority and memory
          locking as a display link's frame thread, doing no work; its other columns do not apply (—).
        - **skipped**: whole intervals without a callback; display links also show what their frames reported.
        - **dup**: two callbacks in one interval; **bursts**: callbacks less than half an interval apart (catch-up).
        - **drift**: slope of the unwrapped phase error, in µs per second; 0 for a loop on an absolute grid.
        - **clock error**: what a clock face would draw (a naive loop samples the time when called; a display link
          draws `targetTimestamp`) minus the true time when that frame reaches the screen; **wrong second**: frames
          whose whole second differs from the true one at presentation.
        - **CPU** is the process's per frame, the workload's spinning included (cyclictest: its whole process).
        - **wake-ups/frame**: context switches, voluntary (a sleep ended) and involuntary (preempted), between the
          end of the first callback and the end of the last, per frame: the whole frame-bench process's, so that
          every thread a loop wakes on its way to the callback counts (a dispatch source's manager thread, a
          rehearsal before the deadline), while nothing else of frame-bench's runs then; cyclictest's measuring
          thread's own, read from /proc (its main thread wakes every 10 ms to print, which is not the timer's cost).

        """

    /// Whether `frames` samples say anything about `percentile`: at least 5 of them lie above it.
    static func supports(_ percentile: Double, frames: Int) -> Bool {
        Double(frames) * (1 - percentile / 100) >= 5 - 1e-9
    }

    /// A percentile's value, or "—" when the frames do not support it.
    static func percentile(_ value: Double, _ percentile: Double, frames: Int) -> String {
        supports(percentile, frames: frames) ? format(value, 1) : "—"
    }

    /// The ratios that the goals are stated in: each display link and the reference loop against
    /// cyclictest, under the idle workload (else the first one).
    static func summary(_ report: BenchReport) -> String {
        let workload = report.workloads.contains(.idle) ? Workload.idle : (report.workloads.first ?? .idle)
        var out = "## Summary: against cyclictest, the outside floor (\(workload.rawValue) workload)\n\n"
        guard let floor = report.figures(.cyclictest, workload) else {
            return out + "No cyclictest row in this run: no outside floor (see the warning above).\n\n"
        }
        out += "cyclictest: late p50 \(format(floor.latenessMicroseconds.p50, 1)) µs, p99 "
        out +=
            "\(percentile(floor.latenessMicroseconds.p99, 99, frames: floor.frames)) µs over \(floor.frames) frames.\n\n"
        out +=
            "| subject | late p50 × cyclictest | late p99 × cyclictest | wake-ups/frame |\n|---|---|---|---|\n"
        for subject in report.subjects where subject.isDisplayLink || subject == .reference {
            guard let f = report.figures(subject, workload) else { continue }
            let p99Supported = supports(99, frames: f.frames) && supports(99, frames: floor.frames)
            out +=
                "| \(subject.rawValue) | \(ratio(f.latenessMicroseconds.p50, floor.latenessMicroseconds.p50)) | "
            out +=
                p99Supported
                ? ratio(f.latenessMicroseconds.p99, floor.latenessMicroseconds.p99) : "— (too few frames)"
            out += " | \(f.wakeUpsPerFrame.map { format($0, 2) } ?? "—") |\n"
        }
        return out + "\n"
    }

    /// One workload's table.
    static func table(_ report: BenchReport, _ workload: Workload) -> String {
        let reference = report.figures(.reference, workload)
        let floor = report.figures(.cyclictest, workload)
        var out =
            "| subject | frames / nominal | late p50 µs | p90 | p99 | p99.9 | max | ×ref p50 | ×cyclictest p50 | skipped | "
        out +=
            "dup | bursts | drift µs/s | CPU µs/frame | wake-ups/frame | clock error p50 ms | p99 ms | wrong second |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        var tooFew = false
        for subject in report.subjects {
            guard let f = report.figures(subject, workload) else { continue }
            let late = f.latenessMicroseconds
            let n = f.frames
            tooFew = tooFew || !supports(99.9, frames: n)
            out +=
                "| \(subject.rawValue) | \(n) / \(f.nominalFrames) | \(percentile(late.p50, 50, frames: n)) | "
            out += "\(percentile(late.p90, 90, frames: n)) | \(percentile(late.p99, 99, frames: n)) | "
            out += "\(percentile(late.p999, 99.9, frames: n)) | \(percentile(late.max, 99, frames: n)) | "
            out += "\(ratio(late.p50, reference?.latenessMicroseconds.p50)) | "
            out += "\(ratio(late.p50, floor?.latenessMicroseconds.p50)) | "
            let wakeUps = f.wakeUpsPerFrame.map { format($0, 2) } ?? "—"
            if f.isFloor {
                out += "— | — | — | — | \(format(f.cpuMicrosecondsPerFrame, 0)) | \(wakeUps) | — | — | — |\n"
                continue
            }
            let skippedText =
                f.reportedSkips.map { "\(f.skippedIntervals) (reported \($0))" } ?? "\(f.skippedIntervals)"
            out +=
                "\(skippedText) | \(f.duplicates) | \(f.bursts) | \(format(f.driftMicrosecondsPerSecond, 1)) | "
            out += "\(format(f.cpuMicrosecondsPerFrame, 0)) | \(wakeUps) | "
            out +=
                "\(format(f.samplingErrorMilliseconds.p50, 2)) | \(format(f.samplingErrorMilliseconds.p99, 2)) | "
            out += "\(f.wrongSecondFrames) |\n"
        }
        if tooFew {
            out += "\n— in a percentile: too few frames for it (5 must lie above it; see How to read it).\n"
        }
        return out
    }

    /// The lookup workload's lookups per subject: how many, how long they blocked, where applied.
    static func lookups(_ report: BenchReport) -> String {
        var out = "\nLookups (the DNS server never answers; `getaddrinfo` gives up after its timeout):\n\n"
        for subject in report.subjects where !subject.isExternal {
            guard let lookups = report.figures(subject, .lookup)?.lookups else { continue }
            out +=
                "- `\(subject.rawValue)`: \(lookups.count) lookups (\(lookups.failed) failed), the longest "
            out += "\(format(lookups.longestMilliseconds, 0)) ms; \(lookups.applied)\n"
        }
        return out
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "—" }
        return String(format: "%.\(digits)f", value)
    }

    static func ratio(_ value: Double, _ reference: Double?) -> String {
        guard let reference, reference > 0 else { return "—" }
        return format(value / reference, 2)
    }
}
