import Foundation

/// Everything one run of frame-bench measured: the JSON file's schema (see Benchmarks/Commands/FrameBench/README.md).
struct BenchReport: Codable, Sendable {
    var schemaVersion = 3
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
    /// The field's jank figures of the run.
    var jank: JankRow? = nil
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
            "ratios to the reference `clock_nanosleep` loop and to cyclictest (with its own tuning) measured in the "
        out += "same run.\n\n"
        for note in report.notes { out += "> \(note)\n\n" }
        out += summary(report)
        for workload in report.workloads {
            out += "## Workload: \(workload.rawValue) (\(workload.summary))\n\n"
            out += table(report, workload)
            out +=
                "\nWhat the timing costs: CPU, wake-ups and the time every core together spent in each idle state, "
            out += "per frame (µs):\n\n"
            out += costTable(report, workload)
            out += "\nThe field's jank figures (see How to read it):\n\n"
            out += jankTable(report, workload)
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
            out +=
                "| subject | intervals between callbacks (s) | skippedFrames reported | hitch ms/s | dropped % |\n"
            out += "|---|---|---|---|---|\n"
            for row in classic {
                out +=
                    "| \(row.subject.rawValue) | \(row.intervalsSeconds.map { format($0, 3) }.joined(separator: ", ")) | "
                out += "\(row.skippedReported.map { $0.map(String.init).joined(separator: ", ") } ?? "—") | "
                out += "\(row.jank.map { format($0.hitchMillisecondsPerSecond, 1) } ?? "—") | "
                out += "\(row.jank.map { format($0.droppedPercent, 1) } ?? "—") |\n"
            }
            out += "\n"
        }
        out += legend
        return out
    }

    /// Each subject's hitch ratio, dropped frames and Swappy's histograms under `workload`.
    static func jankTable(_ report: BenchReport, _ workload: Workload) -> String {
        var out =
            "| subject | hitch ms/s | rating | dropped % | hitches: callback / display | idle | late | offset | latency |\n"
        out += "|---|---|---|---|---|---|---|---|---|\n"
        for subject in report.subjects {
            guard let jank = report.figures(subject, workload)?.jank else { continue }
            let histograms = [jank.idle, jank.late, jank.offsetFromPrevious, jank.latency].map {
                $0.map(String.init).joined(separator: " ")
            }
            out += "| \(subject.rawValue) | \(format(jank.hitchMillisecondsPerSecond, 1)) | \(jank.rating) | "
            out +=
                "\(format(jank.droppedPercent, 1)) | \(jank.hitchesByCallback) / \(jank.hitchesByDisplay) | "
            out += histograms.joined(separator: " | ") + " |\n"
        }
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
          locking as a display link's frame thread, doing no work; its other columns do not apply (—). It runs
          twice: `cyclictest` with its own tuning, as its users run it (a CPU-latency request of 0 on
          /dev/cpu_dma_latency held for the whole run, so idle cores poll rather than halt), and
          `cyclictest-default-system` with `--default-system` (no request). ×cyclictest is against the first.
        - **idle states**: the time every core together spent in each cpuidle state while the subject ran
          (/sys/devices/system/cpu/cpu*/cpuidle/state*/time), per frame. A CPU-latency request moves time from
          the halting or deep states into `POLL`: what the lower latency costs. The whole machine's, so whatever
          else runs on it counts too; "not available" where the kernel has no cpuidle.
        - **jank figures**: each subject's callbacks on a simulated display whose vblanks lie on the run's grid (a
          frame is shown at its target if its callback ended by then, else at the next vblank). **hitch ms/s** is
          Apple's hitch-time ratio (time frames were shown later than expected, per second; good ≤ 5, critical
          ≥ 10); **dropped %** is Chrome's (frame intervals that brought no new frame, of those expected);
          **callback / display**: hitches whose callback ran past its deadline, and the others (a late wake-up);
          **idle**, **late**, **offset**, **latency** are Android Swappy's histograms in refresh periods (buckets 0
          to 4 and 5 or more): callback end to shown, target to shown, shown to the previous shown, callback start
          to shown.
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
          rehearsal before the deadline), while nothing of frame-bench's own runs then but what the Swift runtime
          keeps (libdispatch's manager thread wakes about once a second); cyclictest's measuring thread's own,
          read from /proc (its main thread wakes every 10 ms to print, which is not the timer's cost). **of them
          the callback thread's**: the part that is the thread calling back's own, for the subjects that call
          back on one thread (a display link's frame thread, the reference loop's).

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
    /// both cyclictest runs, with what each costs, under the idle and light workloads (else the
    /// first one).
    static func summary(_ report: BenchReport) -> String {
        let stated = report.workloads.filter { $0 == .idle || $0 == .light }
        var out = ""
        for workload in stated.isEmpty ? Array(report.workloads.prefix(1)) : stated {
            out += summary(report, workload)
        }
        return out
    }

    /// One workload's summary.
    static func summary(_ report: BenchReport, _ workload: Workload) -> String {
        var out = "## Summary: against cyclictest, the outside floor (\(workload.rawValue) workload)\n\n"
        let tuned = report.figures(.cyclictest, workload)
        let untuned = report.figures(.cyclictestDefaultSystem, workload)
        guard tuned != nil || untuned != nil else {
            return out + "No cyclictest row in this run: no outside floor (see the warning above).\n\n"
        }
        for floor in [tuned, untuned].compactMap({ $0 }) {
            out += "\(floor.subject.rawValue): late p50 \(format(floor.latenessMicroseconds.p50, 1)) µs, p99 "
            out += "\(percentile(floor.latenessMicroseconds.p99, 99, frames: floor.frames)) µs over "
            out += "\(floor.frames) frames; CPU-latency request: \(floor.latencyRequest ?? "?").\n"
        }
        out += "\n| subject | late p50 × cyclictest | p99 × cyclictest | p50 × cyclictest --default-system | "
        out += "p99 × cyclictest --default-system | wake-ups/frame | CPU µs/frame | POLL µs/frame |\n"
        out += "|---|---|---|---|---|---|---|---|\n"
        for subject in report.subjects
        where subject.isDisplayLink || subject.isExternal || subject == .reference {
            guard let f = report.figures(subject, workload) else { continue }
            out += "| \(subject.rawValue) | \(ratios(f, tuned)) | \(ratios(f, untuned)) | "
            out +=
                "\(f.wakeUpsPerFrame.map { format($0, 2) } ?? "—") | \(format(f.cpuMicrosecondsPerFrame, 0)) | "
            out += "\(f.pollMicrosecondsPerFrame.map { format($0, 0) } ?? "not available") |\n"
        }
        return out + "\n"
    }

    /// The p50 and p99 lateness of `figures` against `floor`'s, as two cells.
    static func ratios(_ figures: SubjectFigures, _ floor: SubjectFigures?) -> String {
        guard let floor else { return "— | —" }
        let p99Supported = supports(99, frames: figures.frames) && supports(99, frames: floor.frames)
        let p50 = ratio(figures.latenessMicroseconds.p50, floor.latenessMicroseconds.p50)
        let p99 =
            p99Supported
            ? ratio(figures.latenessMicroseconds.p99, floor.latenessMicroseconds.p99) : "— (too few frames)"
        return "\(p50) | \(p99)"
    }

    /// One workload's costs: each subject's CPU-latency request, CPU and wake-ups per frame, and the
    /// time per frame in each idle state (a column a state, in the kernel's order).
    static func costTable(_ report: BenchReport, _ workload: Workload) -> String {
        let rows = report.subjects.compactMap { report.figures($0, workload) }
        var states: [String] = []
        for row in rows {
            for state in row.idleStatesMicrosecondsPerFrame ?? [] where !states.contains(state.name) {
                states.append(state.name)
            }
        }
        let stateHeader = states.isEmpty ? ["idle states"] : states.map { "\($0) µs/frame" }
        var out =
            "| subject | CPU-latency request | CPU µs/frame | wake-ups/frame | of them the callback thread's | "
        out += stateHeader.joined(separator: " | ") + " |\n"
        out += "|---|---|---|---|---|" + String(repeating: "---|", count: stateHeader.count) + "\n"
        for row in rows {
            out +=
                "| \(row.subject.rawValue) | \(row.latencyRequest ?? "—") | \(format(row.cpuMicrosecondsPerFrame, 0)) | "
            out += "\(row.wakeUpsPerFrame.map { format($0, 2) } ?? "—") | "
            out += "\(row.callbackThreadWakeUpsPerFrame.map { format($0, 2) } ?? "—") | "
            let cells: [String]
            if let measured = row.idleStatesMicrosecondsPerFrame {
                cells = states.map { name in
                    measured.first { $0.name == name }.map { format($0.microseconds, 0) } ?? "—"
                }
            } else {
                cells = Array(repeating: "not available", count: stateHeader.count)
            }
            out += cells.joined(separator: " | ") + " |\n"
        }
        return out
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
