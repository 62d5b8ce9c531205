import Foundation
import FrameClock
import Histogram
import Synchronization

/// A long run of one display link on the timer source, in windows: whether memory, lateness or CPU
/// grow over time.
enum Soak {
    struct Window: Codable, Sendable {
        var endSeconds: Double
        var frames: Int
        var skipped: Int
        var latenessP50Microseconds: Double
        var latenessP99Microseconds: Double
        var cpuMicrosecondsPerFrame: Double
        var residentKilobytes: Int
    }

    struct Report: Codable, Sendable {
        var machine: MachineInfo
        var rateFramesPerSecond: Double
        var minutes: Double
        var windows: [Window]
        var memoryGrowthKilobytes: Int
        var latenessP99Ratio: Double
        var cpuRatio: Double
    }

    /// The counters the callback fills for the current window.
    private struct Counters {
        var lateness = Histogram<UInt64>(
            highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        var frames = 0
        var skipped = 0
    }

    static func run(minutes: Double, rate: Double, windowSeconds: Double) async throws -> Report {
        let counters = Mutex(Counters())
        let period = try FramePeriod(framesPerSecond: rate)
        let link = try DisplayLink(source: .timer(framesPerSecond: rate))
        let work = WorkGenerator(
            workload: .light, periodNanoseconds: Int64(period.nanoseconds), runStart: 0, runNanoseconds: 0,
            seed: 1)
        try link.start { frame in
            let late = UInt64(max(0, Int64((MonotonicInstant.now() - frame.timestamp) / .nanoseconds(1))))
            work.perform()
            counters.withLock {
                _ = $0.lateness.record(late)
                $0.frames += 1
                $0.skipped += frame.skippedFrames
            }
        }
        let start = MonotonicInstant.now()
        let end = start + .nanoseconds(Int64(minutes * 60e9))
        var windows: [Window] = []
        var usage = ResourceUsage.current()
        var bar = ProgressBar(total: Int((minutes * 60 / windowSeconds).rounded(.up)))
        while MonotonicInstant.now() < end {
            let remaining = ((end - MonotonicInstant.now()) / .seconds(1))
            try await Task.sleep(for: .seconds(min(windowSeconds, max(0.01, remaining))))
            let taken = counters.withLock { counters -> Counters in
                defer { counters = Counters() }
                return counters
            }
            let now = ResourceUsage.current()
            let cpu = Double(now.cpuNanoseconds - usage.cpuNanoseconds) / 1000
            usage = now
            windows.append(
                Window(
                    endSeconds: ((MonotonicInstant.now() - start) / .seconds(1)), frames: taken.frames,
                    skipped: taken.skipped,
                    latenessP50Microseconds: Double(taken.lateness.valueAtPercentile(50)) / 1000,
                    latenessP99Microseconds: Double(taken.lateness.valueAtPercentile(99)) / 1000,
                    cpuMicrosecondsPerFrame: taken.frames == 0 ? 0 : cpu / Double(taken.frames),
                    residentKilobytes: residentKilobytes()))
            bar.advance(label: "soak \(Int(((MonotonicInstant.now() - start) / .seconds(1)))) s")
        }
        link.invalidate()
        // Compare the last quarter of the run with the first (after the first window's warm-up).
        let settled = Array(windows.dropFirst(windows.count > 4 ? 1 : 0))
        let quarter = max(1, settled.count / 4)
        func mean(_ values: [Double]) -> Double {
            values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        }
        let head = Array(settled.prefix(quarter))
        let tail = Array(settled.suffix(quarter))
        return Report(
            machine: .current(frameThread: link.threadReport), rateFramesPerSecond: rate, minutes: minutes,
            windows: windows,
            memoryGrowthKilobytes: (tail.last?.residentKilobytes ?? 0) - (head.first?.residentKilobytes ?? 0),
            latenessP99Ratio: mean(tail.map(\.latenessP99Microseconds))
                / max(1e-9, mean(head.map(\.latenessP99Microseconds))),
            cpuRatio: mean(tail.map(\.cpuMicrosecondsPerFrame))
                / max(1e-9, mean(head.map(\.cpuMicrosecondsPerFrame))))
    }

    static func markdown(_ report: Report) -> String {
        var out = "# frame-bench soak: DisplayLink on the timer source\n\n"
        out +=
            "\(MarkdownReport.format(report.minutes, 1)) minutes at \(MarkdownReport.format(report.rateFramesPerSecond, 0)) Hz, "
        out += "light workload; kernel \(report.machine.kernel), clock source \(report.machine.clockSource), "
        out += "SCHED_FIFO \(report.machine.schedFIFOGranted == true ? "granted" : "not granted").\n\n"
        out += "| verdict | last quarter vs first |\n|---|---|\n"
        out += "| resident memory growth | \(report.memoryGrowthKilobytes) KiB |\n"
        out += "| lateness p99 | × \(MarkdownReport.format(report.latenessP99Ratio, 2)) |\n"
        out += "| CPU per frame | × \(MarkdownReport.format(report.cpuRatio, 2)) |\n\n"
        out += "| until (s) | frames | skipped | late p50 µs | late p99 µs | CPU µs/frame | resident KiB |\n"
        out += "|---|---|---|---|---|---|---|\n"
        for window in report.windows {
            out +=
                "| \(MarkdownReport.format(window.endSeconds, 0)) | \(window.frames) | \(window.skipped) | "
            out +=
                "\(MarkdownReport.format(window.latenessP50Microseconds, 1)) | \(MarkdownReport.format(window.latenessP99Microseconds, 1)) | "
            out +=
                "\(MarkdownReport.format(window.cpuMicrosecondsPerFrame, 1)) | \(window.residentKilobytes) |\n"
        }
        return out
    }

    private static func residentKilobytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024 : 0
    }
}
