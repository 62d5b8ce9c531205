import Foundation

/// A report's charts, each written as SVG (searchable text) and PNG: the lateness CDF of every
/// subject, and the intervals between callbacks under the heavy workload (the "1.5 × interval of
/// work" picture), one strip per subject so that lines with the same values do not hide each other.
enum Charts {
    static let width = 960.0

    /// Writes the charts into `directory`; returns the file names written.
    static func write(_ report: BenchReport, to directory: URL) throws -> [String] {
        var written: [String] = []
        for (name, scene) in [("lateness-cdf", latenessCDF(report)), ("intervals", intervals(report))] {
            let svg = directory.appendingPathComponent("\(name).svg")
            try scene.svg.write(to: svg, atomically: true, encoding: .utf8)
            try ChartPNG.write(scene, to: directory.appendingPathComponent("\(name).png").path)
            written += ["\(name).svg", "\(name).png"]
        }
        return written
    }

    // MARK: - Lateness CDF

    /// The lateness CDF of every subject under the idle workload (else light, else the first), on a
    /// log axis of microseconds.
    static func latenessCDF(_ report: BenchReport) -> ChartScene {
        let workload =
            [Workload.idle, .light].first { report.workloads.contains($0) } ?? report.workloads.first ?? .idle
        let series = report.subjects.compactMap { report.figures($0, workload) }.filter {
            !$0.latenessCDF.isEmpty
        }
        var scene = ChartScene(width: width, height: 540)
        let left = 70.0
        let top = 50.0
        let right = width - 250
        let bottom = 480.0
        scene.add(
            .text(
                "Callback lateness, \(workload.rawValue) workload, \(Int(report.rateFramesPerSecond)) Hz",
                x: left,
                y: 28, size: 16, bold: true))
        scene.add(
            .rectangle(
                x: left, y: top, width: right - left, height: bottom - top, stroke: .init(colour: .black)))
        let maximum = max(10, series.flatMap { $0.latenessCDF.map(\.microseconds) }.max() ?? 10)
        let decades = max(1, Int(log10(maximum).rounded(.up)))
        func x(_ microseconds: Double) -> Double {
            left + (right - left) * min(1, log10(max(1, microseconds)) / Double(decades))
        }
        func y(_ percentile: Double) -> Double { bottom - (bottom - top) * percentile / 100 }
        for decade in 0...decades {
            let gx = x(pow(10, Double(decade)))
            scene.add(.polyline(points: [(gx, top), (gx, bottom)], stroke: .init(colour: .grid, width: 0.5)))
            let label =
                decade < 3 ? "\(Int(pow(10, Double(decade)))) µs" : "\(Int(pow(10, Double(decade - 3)))) ms"
            scene.add(.text(label, x: gx, y: bottom + 16, size: 11, anchor: .middle))
        }
        for percentile in stride(from: 0.0, through: 100, by: 25) {
            scene.add(
                .polyline(
                    points: [(left, y(percentile)), (right, y(percentile))],
                    stroke: .init(colour: .grid, width: 0.5)))
            scene.add(.text("\(Int(percentile))", x: left - 8, y: y(percentile) + 4, size: 11, anchor: .end))
        }
        scene.add(.text("lateness (µs, log scale)", x: (left + right) / 2, y: 522, size: 12, anchor: .middle))
        scene.add(.text("percentile", x: 22, y: (top + bottom) / 2, size: 12, anchor: .middle, rotated: true))
        for figures in series {
            let points = figures.latenessCDF.map { (x: x($0.microseconds), y: y($0.percentile)) }
            scene.add(.polyline(points: points, stroke: ChartStyle.stroke(for: figures.subject)))
            if let median = figures.latenessCDF.first(where: { $0.percentile == 50 }) {
                scene.add(
                    .marker(
                        x: x(median.microseconds), y: y(50), shape: ChartStyle.marker(for: figures.subject),
                        size: 7,
                        fill: ChartStyle.stroke(for: figures.subject).colour))
            }
        }
        legend(&scene, x: right + 15, top: top + 10, subjects: series.map(\.subject))
        scene.add(.text("markers: each subject's median", x: right + 15, y: bottom, size: 10))
        return scene
    }

    // MARK: - Intervals between callbacks

    /// The first intervals between callbacks under the heavy workload (else the first), in frame
    /// intervals: one strip per subject, each line at its values.
    static func intervals(_ report: BenchReport) -> ChartScene {
        let workload = report.workloads.contains(.heavy) ? Workload.heavy : (report.workloads.first ?? .heavy)
        let series = report.subjects.filter { !$0.isExternal }.compactMap { report.figures($0, workload) }
            .filter {
                !$0.firstIntervals.isEmpty
            }
        let left = 190.0
        let right = width - 70
        let top = 56.0
        let strip = 44.0
        let gap = 8.0
        let bottom = top + Double(series.count) * (strip + gap)
        var scene = ChartScene(width: width, height: bottom + 110)
        scene.add(
            .text(
                "Intervals between callbacks, \(workload.rawValue) workload (\(workload.summary))", x: 20,
                y: 28,
                size: 16, bold: true))
        let count = max(2, series.map(\.firstIntervals.count).max() ?? 2)
        let ceiling = 3.0
        func x(_ index: Int) -> Double { left + (right - left) * Double(index) / Double(count - 1) }
        for (row, figures) in series.enumerated() {
            let stripTop = top + Double(row) * (strip + gap)
            func y(_ value: Double) -> Double { stripTop + strip - strip * min(value, ceiling) / ceiling }
            if workload == .heavy {
                // Where the good outcome lies: every second grid point.
                scene.add(
                    .band(
                        x: left, y: y(2.15), width: right - left, height: y(1.85) - y(2.15), fill: .goodBand))
            }
            for level in [1.0, 2.0] {
                scene.add(
                    .polyline(points: [(left, y(level)), (right, y(level))], stroke: .init(colour: .grid)))
                scene.add(
                    .text(String(format: "%.0f", level), x: left - 6, y: y(level) + 3, size: 9, anchor: .end))
            }
            scene.add(
                .rectangle(
                    x: left, y: stripTop, width: right - left, height: strip, stroke: .init(colour: .grid)))
            scene.add(.text(figures.subject.rawValue, x: 20, y: stripTop + strip / 2 + 4, size: 12))
            let stroke = ChartStyle.stroke(for: figures.subject)
            let points = figures.firstIntervals.enumerated().map { (x: x($0.offset), y: y($0.element)) }
            scene.add(.polyline(points: points, stroke: stroke))
            for point in points {
                scene.add(
                    .marker(
                        x: point.x, y: point.y, shape: ChartStyle.marker(for: figures.subject), size: 6,
                        fill: stroke.colour))
            }
            let median = figures.firstIntervals.sorted()[figures.firstIntervals.count / 2]
            scene.add(
                .text(String(format: "%.2f", median), x: right + 8, y: stripTop + strip / 2 + 4, size: 11))
        }
        for index in 0..<count {
            scene.add(.text("\(index + 1)", x: x(index), y: bottom + 8, size: 10, anchor: .middle))
        }
        scene.add(
            .text(
                "interval between callback n and n + 1 (each line drawn at its values, 0 to 3 intervals; median at the right)",
                x: (left + right) / 2, y: bottom + 26, size: 11, anchor: .middle))
        if workload == .heavy {
            let caption = [
                "Each callback works 1.5 intervals. 2.0 (the green band) is the good outcome: one frame skipped and",
                "reported, the next callback on the grid. 1.5: no grid, the loop fires when the work ends and drifts;",
                "2.5: it sleeps a whole period after the work; below 1: catch-up bursts.",
            ]
            for (line, text) in caption.enumerated() {
                scene.add(.text(text, x: 20, y: bottom + 52 + Double(line) * 16, size: 12))
            }
        }
        return scene
    }

    // MARK: - Legend

    private static func legend(_ scene: inout ChartScene, x: Double, top: Double, subjects: [Subject]) {
        for (index, subject) in subjects.enumerated() {
            let y = top + Double(index) * 20
            let stroke = ChartStyle.stroke(for: subject)
            scene.add(.polyline(points: [(x, y - 4), (x + 30, y - 4)], stroke: stroke))
            scene.add(
                .marker(
                    x: x + 15, y: y - 4, shape: ChartStyle.marker(for: subject), size: 7, fill: stroke.colour)
            )
            scene.add(.text(subject.rawValue, x: x + 36, y: y, size: 12))
        }
    }
}

extension ChartScene.Colour {
    /// The pale green behind the good outcome.
    static let goodBand = ChartScene.Colour(200, 236, 210)
}
