import Foundation
import Testing

@testable import FrameBench

@Suite("frame-bench's report and cyclictest")
struct FrameBenchReportTests {
    static func figures(_ subject: Subject, frames: Int, floor: Bool = false) -> SubjectFigures {
        let late = SubjectFigures.Percentiles(p50: 40, p90: 60, p99: 90, p999: 95, max: 97)
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
            subjects: [.cyclictest, .linkTimer], workloads: [.idle],
            results: [
                figures(.cyclictest, frames: frames, floor: true), figures(.linkTimer, frames: frames),
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
        #expect(markdown.contains("| link-timer | 1.00 | 1.00 | 2.00 |"))
    }

    @Test func aReportWithoutCyclictestSaysSoLoudly() {
        var report = Self.report(frames: 600)
        report.results.removeAll { $0.subject == .cyclictest }
        report.notes = [FrameBench.noFloor("cyclictest is not installed")]
        let markdown = MarkdownReport.render(report)
        #expect(
            markdown.contains("> **WARNING: no outside floor in this report**: cyclictest is not installed"))
        #expect(markdown.contains("No cyclictest row in this run"))
    }

    @Test(arguments: [(60.0, 16_667), (144.0, 6_944), (1000.0, 1_000), (59.94, 16_683)])
    func cyclictestRunsAtTheNearestWholeMicrosecond(rate: Double, microseconds: Int) {
        let invocation = Cyclictest.Invocation(
            periodNanoseconds: 1e9 / rate, runNanoseconds: 2_000_000_000, priority: 10)
        #expect(invocation.intervalMicroseconds == microseconds)
        #expect(invocation.loops == 2_000_000 / microseconds)
    }

    @Test func cyclictestIsAskedForWhatTheFrameThreadHas() {
        let fifo = Cyclictest.Invocation(
            periodNanoseconds: 16_666_666.7, runNanoseconds: 1_000_000_000, priority: 10)
        #expect(fifo.arguments.joined(separator: " ").hasSuffix("--policy=fifo -p 10"))
        #expect(fifo.arguments.contains("--default-system") && fifo.arguments.contains("-i"))
        // The frame thread locks no memory, so neither does cyclictest.
        #expect(!fifo.arguments.contains("-m") && !fifo.arguments.contains("--mlockall"))
        let other = Cyclictest.Invocation(
            periodNanoseconds: 16_666_666.7, runNanoseconds: 1_000_000_000, priority: nil)
        #expect(other.arguments.joined(separator: " ").hasSuffix("--policy=other -p 0"))
    }

    @Test func cyclictestValueLinesAreParsedAndOthersIgnored() {
        #expect(Cyclictest.parseValue("       0:       5:   35340")! == (5, 35_340))
        #expect(Cyclictest.parseValue("T: 0 (11258) P:10 I:16667 C:     10 Min:  31776") == nil)
        #expect(Cyclictest.parseValue("# Histogram") == nil)
        #expect(Cyclictest.parseValue("Max CPUs = 2") == nil)
        #expect(Cyclictest.parseValue("0:x:5") == nil)
    }
}
