import Foundation

/// Everything one run of frame-bench measured: the JSON file's schema (see Benchmarks/Commands/FrameBench/README.md).
struct BenchReport: Codable, Sendable {
    var schemaVersion = 1
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
            "workload per round, \(report.rounds) round(s), subjects and workloads interleaved. Ratios (×ref) are to "
        out += "the reference `clock_nanosleep` loop measured in the same run.\n\n"
        for note in report.notes { out += "> \(note)\n\n" }
        for workload in report.workloads {
            out += "## Workload: \(workload.rawValue) (\(workload.summary))\n\n"
            let reference = report.figures(.reference, workload)
            out +=
                "| subject | frames / nominal | late p50 µs | p90 | p99 | p99.9 | max | ×ref p50 | ×ref p99 | skipped | "
            out +=
                "dup | bursts | drift µs/s | CPU µs/frame | ctx sw/frame | clock error p50 ms | p99 ms | wrong second |\n"
            out += "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
            for subject in report.subjects {
                guard let f = report.figures(subject, workload) else { continue }
                let late = f.latenessMicroseconds
                let skippedText =
                    f.reportedSkips.map { "\(f.skippedIntervals) (reported \($0))" }
                    ?? "\(f.skippedIntervals)"
                out +=
                    "| \(subject.rawValue) | \(f.frames) / \(f.nominalFrames) | \(format(late.p50, 1)) | \(format(late.p90, 1)) | "
                out += "\(format(late.p99, 1)) | \(format(late.p999, 1)) | \(format(late.max, 1)) | "
                out +=
                    "\(ratio(late.p50, reference?.latenessMicroseconds.p50)) | \(ratio(late.p99, reference?.latenessMicroseconds.p99)) | "
                out +=
                    "\(skippedText) | \(f.duplicates) | \(f.bursts) | \(format(f.driftMicrosecondsPerSecond, 1)) | "
                out += "\(format(f.cpuMicrosecondsPerFrame, 0)) | \(format(f.contextSwitchesPerFrame, 2)) | "
                out +=
                    "\(format(f.samplingErrorMilliseconds.p50, 2)) | \(format(f.samplingErrorMilliseconds.p99, 2)) | \(f.wrongSecondFrames) |\n"
            }
            if workload == .heavy {
                out += "\nFirst intervals between callbacks, in frame intervals (work takes 1.5):\n\n"
                for subject in report.subjects {
                    guard let f = report.figures(subject, workload) else { continue }
                    out +=
                        "- `\(subject.rawValue)`: \(f.firstIntervals.map { format($0, 2) }.joined(separator: " "))\n"
                }
            }
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
          other loops: the latest point of an ideal grid started when the loop was armed). A loop that drifts
          sweeps the whole interval, so its median approaches half an interval.
        - **skipped**: whole intervals without a callback; display links also show what their frames reported.
        - **dup**: two callbacks in one interval; **bursts**: callbacks less than half an interval apart (catch-up).
        - **drift**: slope of the unwrapped phase error, in µs per second; 0 for a loop on an absolute grid.
        - **clock error**: what a clock face would draw (a naive loop samples the time when called; a display link
          draws `targetTimestamp`) minus the true time when that frame reaches the screen; **wrong second**: frames
          whose whole second differs from the true one at presentation.
        - **CPU** and **ctx sw** are the process's, per frame, the workload's spinning included.

        """

    static func format(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "—" }
        return String(format: "%.\(digits)f", value)
    }

    static func ratio(_ value: Double, _ reference: Double?) -> String {
        guard let reference, reference > 0 else { return "—" }
        return format(value / reference, 2)
    }
}
