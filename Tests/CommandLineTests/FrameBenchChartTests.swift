import Foundation
import Testing

@testable import FrameBench

@Suite("frame-bench's charts")
struct FrameBenchChartTests {
    static func report(intervals: [Subject: [Double]]) -> BenchReport {
        let subjects = Subject.allCases.filter { intervals[$0] != nil }
        let results = subjects.map { subject in
            var figures = FrameBenchReportTests.figures(subject, frames: 100)
            figures.workload = .heavy
            figures.firstIntervals = intervals[subject] ?? []
            return figures
        }
        return BenchReport(
            machine: .current(frameThread: nil), rateFramesPerSecond: 60, secondsPerRun: 1, rounds: 1,
            subjects: subjects, workloads: [.heavy], results: results, classicCase: nil, notes: [])
    }

    /// The strips' outlines (top and height) and the subjects' lines, in drawing order.
    static func strips(_ scene: ChartScene) -> (frames: [(top: Double, height: Double)], lines: [[Double]]) {
        var frames: [(Double, Double)] = []
        var lines: [[Double]] = []
        for element in scene.elements {
            switch element {
            case .rectangle(_, let y, _, let height, let stroke) where stroke.colour == .grid:
                frames.append((y, height))
            case .polyline(let points, let stroke) where stroke.colour != .grid:
                lines.append(points.map(\.y))
            default: break
            }
        }
        return (frames, lines)
    }

    @Test func intervalLinesAreDrawnAtTheirValues() throws {
        let scene = Charts.intervals(
            Self.report(intervals: [
                .reference: [2, 2, 2, 2], .linkTimer: [2, 2, 2, 2], .dispatchTimer: [1.5, 1.5, 1.5, 1.5],
            ]))
        let (frames, lines) = Self.strips(scene)
        try #require(frames.count == 3 && lines.count == 3)
        // The strips run from 0 to 3 intervals, bottom to top: 2.0 is a third of the way down.
        for (frame, (line, value)) in zip(frames, zip(lines, [2.0, 2.0, 1.5])) {
            for y in line {
                #expect(abs(y - (frame.top + frame.height * (1 - value / 3))) < 1e-9)
            }
        }
    }

    @Test func theIntervalsChartLabelsItsAxisAndSaysWhatIsGood() {
        let scene = Charts.intervals(Self.report(intervals: [.reference: [2, 2, 2, 2, 2]]))
        for label in 1...5 { #expect(scene.texts.contains("\(label)")) }
        #expect(scene.texts.contains { $0.hasPrefix("interval between callback n and n + 1") })
        #expect(scene.texts.contains { $0.contains("2.0 (the green band) is the good outcome") })
    }

    @Test func theSVGHasSearchableText() {
        let svg = Charts.intervals(Self.report(intervals: [.linkTimer: [2, 2], .taskSleepFor: [2.5, 2.5]]))
            .svg
        #expect(svg.contains(">link-timer</text>"))
        #expect(svg.contains(">task-sleep-for</text>"))
        #expect(ChartScene.escaped("a < b & c") == "a &lt; b &amp; c")
    }

    @Test func everySubjectLooksDifferent() {
        let strokes = Subject.allCases.map(ChartStyle.stroke(for:))
        #expect(Set(strokes.map { "\($0.colour.hex) \($0.dash)" }).count == Subject.allCases.count)
        // No two colours of the palette closer than a quarter of the RGB cube's edge.
        for (index, first) in ChartStyle.palette.enumerated() {
            for second in ChartStyle.palette[(index + 1)...] {
                let distance = sqrt(
                    pow(first.red - second.red, 2) + pow(first.green - second.green, 2)
                        + pow(first.blue - second.blue, 2))
                #expect(distance > 0.25, "\(first.hex) and \(second.hex)")
            }
        }
    }
}
