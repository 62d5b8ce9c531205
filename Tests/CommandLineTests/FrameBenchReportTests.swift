import Foundation
import Testing

@testable import FrameBench

@Suite("frame-bench's report and cyclictest")
struct FrameBenchReportTests {
    static func figures(_ subject: Subject, frames: Int, floor: Bool = false, p50: Double = 40)
        -> SubjectFigures
    {
        let late = SubjectFigures.Percentiles(p50: p50, p90: 60, p99: 90, p999: 95, max: 97)
        return SubjectFigures(
            subject: subject, workload: .idle, runs: 1, frames: frames, nominalFrames: frames,
            latenessMicroseconds: late, skippedIntervals: 0, reportedSkips: nil, duplicates: 0, bursts: 0,
            driftMicrosecondsPerSecond: 0, cpuMicrosecondsPerFrame: 10, wakeUpsPerFrame: 2,
            voluntaryWakeUpsPerFrame: 2, isFloor: floor,
            samplingErrorMilliseconds: .init(p50: 0, p90: 0, p99: 0, p999: 0, max: 0), wrongSecondFrames: 0,
            firstIntervals: [], latenessCDF: [], realtimeGranted: true, source: nil)
    }

    static func report(frames: Int) -> BenchReport {
        BenchReport(
            machine: .current(frameThread: nil), rateFramesPerSecond: 60, secondsPerRun: 1, rounds: 1,
            subjects: [.cyclictest, .cyclictestDefaultSystem, .linkTimer], workloads: [.idle],
            results: [
                figures(.cyclictest, frames: frames, floor: true),
                figures(.cyclictestDefaultSystem, frames: frames, floor: true, p50: 80),
                figures(.linkTimer, frames: frames),
            ],
            classicCase: nil, notes: [])
    }

    /// The row of `subject` in a Markdown table, split into its cells (the subject's name first).
    static func row(_ subject: Subject, in markdown: String) throws -> [String] {
        let line = try #require(
            markdown.split(separator: "\n").first { $0.hasPrefix("| \(subject.rawValue) | ") })
        return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func percentilesAreShownOnlyWhereTheFrameCountSupportsThem() throws {
        // 47 frames, as --quick gave at 0.8 s: the median, nothing of the tail.
        let few = try Self.row(.linkTimer, in: MarkdownReport.table(Self.report(frames: 47), .idle))
        #expect(few[2] == "40.0")
        #expect(Array(few[3...6]) == ["—", "—", "—", "—"])
        // 600 frames: p90 and p99 and max, not p99.9.
        let more = try Self.row(.linkTimer, in: MarkdownReport.table(Self.report(frames: 600), .idle))
        #expect(Array(more[2...6]) == ["40.0", "60.0", "90.0", "—", "97.0"])
        #expect(MarkdownReport.supports(99.9, frames: 5_000) && !MarkdownReport.supports(99.9, frames: 4_999))
    }

    @Test func theFloorRowAndTheSummaryRatios() throws {
        let markdown = MarkdownReport.render(Self.report(frames: 600))
        let floor = try Self.row(.cyclictest, in: MarkdownReport.table(Self.report(frames: 600), .idle))
        // Work-dependent columns do not apply to cyclictest; its wake-ups do.
        #expect(floor[9] == "—" && floor[14] == "2.00" && floor[17] == "—")
        #expect(markdown.contains("## Summary: against cyclictest, the outside floor (idle workload)"))
        // Against both floors: cyclictest with its own tuning, and with --default-system (p50 80 µs).
        #expect(markdown.contains("| link-timer | 1.00 | 1.00 | 0.50 | 1.00 | 2.00 | 10 | not available |"))
    }

    @Test func theCostTableSaysEachRequestAndTheTimeInEachIdleState() throws {
        var report = Self.report(frames: 600)
        report.results[0].latencyRequest = "0 µs, the whole run"
        report.results[0].idleStatesMicrosecondsPerFrame = [
            IdleStateTime(name: "POLL", microseconds: 16_000), IdleStateTime(name: "C1", microseconds: 300),
        ]
        report.results[2].idleStatesMicrosecondsPerFrame = [IdleStateTime(name: "POLL", microseconds: 450)]
        report.results[2].callbackThreadWakeUpsPerFrame = 1.96
        let table = MarkdownReport.costTable(report, .idle)
        #expect(
            table.hasPrefix(
                "| subject | CPU-latency request | CPU µs/frame | wake-ups/frame | of them the callback thread's | POLL µs/frame | C1 µs/frame |"
            ))
        // cyclictest calls back on no thread of frame-bench's: a dash.
        #expect(
            try Self.row(.cyclictest, in: table) == [
                "cyclictest", "0 µs, the whole run", "10", "2.00", "—", "16000", "300",
            ])
        // A row without a reading says so; a state a row did not report is a dash.
        #expect(
            try Self.row(.cyclictestDefaultSystem, in: table)[5...6] == ["not available", "not available"])
        #expect(try Self.row(.linkTimer, in: table)[3...6] == ["2.00", "1.96", "450", "—"])
        // No reading at all: one column that says so.
        let bare = MarkdownReport.costTable(Self.report(frames: 600), .idle)
        #expect(bare.contains("| idle states |") && bare.contains("| not available |"))
    }

    @Test func idleStatesAreReadFromSysfsAndSummedOverTheCores() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cpu-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(IdleStates.read(root: root) == nil)
        for (core, times) in [("cpu0", [10, 500]), ("cpu1", [5, 700])] {
            for (index, name) in ["POLL", "C1"].enumerated() {
                let folder = "\(root)/\(core)/cpuidle/state\(index)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try "\(name)\n".write(toFile: folder + "/name", atomically: true, encoding: .utf8)
                try "\(times[index])\n".write(toFile: folder + "/time", atomically: true, encoding: .utf8)
            }
        }
        try FileManager.default.createDirectory(atPath: root + "/cpufreq", withIntermediateDirectories: true)
        let read = try #require(IdleStates.read(root: root))
        #expect(
            read == [
                IdleStateTime(name: "POLL", microseconds: 15), IdleStateTime(name: "C1", microseconds: 1200),
            ])
        let later = [
            IdleStateTime(name: "POLL", microseconds: 40), IdleStateTime(name: "C1", microseconds: 1300),
        ]
        #expect(
            IdleStates.difference(later, read)
                == [
                    IdleStateTime(name: "POLL", microseconds: 25),
                    IdleStateTime(name: "C1", microseconds: 100),
                ])
        #expect(IdleStates.difference(later, nil) == nil)
        #expect(IdleStates.sum([later, nil]) == nil)
    }

    @Test func aReportWithoutCyclictestSaysSoLoudly() {
        var report = Self.report(frames: 600)
        report.results.removeAll { $0.subject.isExternal }
        report.notes = [FrameBench.noFloor("cyclictest is not installed")]
        let markdown = MarkdownReport.render(report)
        #expect(
            markdown.contains("> **WARNING: no outside floor in this report**: cyclictest is not installed"))
        #expect(markdown.contains("No cyclictest row in this run"))
    }

    @Test(arguments: [(60.0, 16_667), (144.0, 6_944), (1000.0, 1_000), (59.94, 16_683)])
    func cyclictestRunsAtTheNearestWholeMicrosecond(rate: Double, microseconds: Int) {
        let invocation = Cyclictest.Invocation(
            periodNanoseconds: 1e9 / rate, runNanoseconds: 2_000_000_000, priority: 10, defaultSystem: false)
        #expect(invocation.intervalMicroseconds == microseconds)
        #expect(invocation.loops == 2_000_000 / microseconds)
    }

    @Test func cyclictestIsAskedForWhatTheFrameThreadHas() {
        let fifo = Cyclictest.Invocation(
            periodNanoseconds: 16_666_666.7, runNanoseconds: 1_000_000_000, priority: 10, defaultSystem: true)
        #expect(fifo.arguments.joined(separator: " ").hasSuffix("--policy=fifo -p 10"))
        #expect(fifo.arguments.contains("--default-system") && fifo.arguments.contains("-i"))
        // The frame thread locks no memory, so neither does cyclictest.
        #expect(!fifo.arguments.contains("-m") && !fifo.arguments.contains("--mlockall"))
        let other = Cyclictest.Invocation(
            periodNanoseconds: 16_666_666.7, runNanoseconds: 1_000_000_000, priority: nil, defaultSystem: true
        )
        #expect(other.arguments.joined(separator: " ").hasSuffix("--policy=other -p 0"))
    }

    @Test func cyclictestRunsTwiceWithAndWithoutItsOwnTuning() {
        let tuned = Cyclictest.Invocation(
            periodNanoseconds: 16_666_666.7, runNanoseconds: 1_000_000_000, priority: 10,
            defaultSystem: Subject.cyclictest.cyclictestUsesDefaultSystem!)
        // Its own tuning: no --default-system, no --latency, no --laptop, so it holds 0 on
        // /dev/cpu_dma_latency as its users' runs do.
        #expect(!tuned.arguments.contains { $0.hasPrefix("--default-system") || $0.hasPrefix("--la") })
        #expect(Subject.cyclictestDefaultSystem.cyclictestUsesDefaultSystem == true)
        #expect(Subject.cyclictest.isExternal && Subject.cyclictestDefaultSystem.isExternal)
        #expect(Subject.linkTimer.cyclictestUsesDefaultSystem == nil && !Subject.linkTimer.isExternal)
        #expect(
            !Subject.linkTimerLatencyOff.linkOptions.latencyOnDemand
                && Subject.linkTimer.linkOptions.latencyOnDemand)
    }

    @Test func cyclictestValueLinesAreParsedAndOthersIgnored() {
        #expect(Cyclictest.parseValue("       0:       5:   35340")! == (5, 35_340))
        #expect(Cyclictest.parseValue("T: 0 (11258) P:10 I:16667 C:     10 Min:  31776") == nil)
        #expect(Cyclictest.parseValue("# Histogram") == nil)
        #expect(Cyclictest.parseValue("Max CPUs = 2") == nil)
        #expect(Cyclictest.parseValue("0:x:5") == nil)
    }
}
