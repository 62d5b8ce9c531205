internal import CCairo
import Foundation

/// Draws a report's charts with Cairo, once into an SVG surface and once into a PNG image:
/// the lateness CDF of every subject (light workload) and the intervals between callbacks under the
/// heavy workload (the "1.5 × interval of work" picture).
enum Charts {
    struct ChartError: Error, CustomStringConvertible {
        let description: String
    }

    static let width = 960.0
    static let height = 540.0

    /// Writes the charts into `directory`; returns the file names written.
    static func write(_ report: BenchReport, to directory: URL) throws -> [String] {
        var written: [String] = []
        let charts: [(String, (OpaquePointer, BenchReport) -> Void)] = [
            ("lateness-cdf", drawLatenessCDF), ("intervals", drawIntervals),
        ]
        for (name, draw) in charts {
            let svg = directory.appendingPathComponent("\(name).svg").path
            guard let svgSurface = cairo_svg_surface_create(svg, width, height) else {
                throw ChartError(description: "cannot create \(svg)")
            }
            render(svgSurface, report, draw)
            let svgStatus = cairo_surface_status(svgSurface)
            cairo_surface_destroy(svgSurface)
            guard svgStatus == CAIRO_STATUS_SUCCESS else {
                throw ChartError(
                    description: "cannot write \(svg): \(String(cString: cairo_status_to_string(svgStatus)))")
            }
            let png = directory.appendingPathComponent("\(name).png").path
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            render(image, report, draw)
            let pngStatus = cairo_surface_write_to_png(image, png)
            cairo_surface_destroy(image)
            guard pngStatus == CAIRO_STATUS_SUCCESS else {
                throw ChartError(
                    description: "cannot write \(png): \(String(cString: cairo_status_to_string(pngStatus)))")
            }
            written += ["\(name).svg", "\(name).png"]
        }
        return written
    }

    private static func render(
        _ surface: OpaquePointer, _ report: BenchReport, _ draw: (OpaquePointer, BenchReport) -> Void
    ) {
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        draw(cr, report)
        cairo_surface_flush(surface)
        cairo_destroy(cr)
    }

    // MARK: - Layout

    private struct Plot {
        let left = 70.0
        let top = 50.0
        let right = Charts.width - 250
        let bottom = Charts.height - 60
        var plotWidth: Double { right - left }
        var plotHeight: Double { bottom - top }
    }

    private static let palette: [(Double, Double, Double)] = [
        (0.0, 0.0, 0.0), (0.84, 0.15, 0.16), (0.12, 0.47, 0.71), (0.17, 0.63, 0.17), (1.0, 0.5, 0.05),
        (0.58, 0.4, 0.74), (0.55, 0.34, 0.29), (0.89, 0.47, 0.76), (0.5, 0.5, 0.5), (0.74, 0.74, 0.13),
        (0.09, 0.75, 0.81),
    ]

    private static func color(for subject: Subject) -> (Double, Double, Double) {
        palette[(Subject.allCases.firstIndex(of: subject) ?? 0) % palette.count]
    }

    private static func text(
        _ cr: OpaquePointer, _ string: String, x: Double, y: Double, size: Double = 12, bold: Bool = false
    ) {
        cairo_select_font_face(
            cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, string)
    }

    private static func axes(_ cr: OpaquePointer, _ plot: Plot, title: String, xLabel: String, yLabel: String)
    {
        cairo_set_source_rgb(cr, 0, 0, 0)
        text(cr, title, x: plot.left, y: 28, size: 16, bold: true)
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, plot.left, plot.top, plot.plotWidth, plot.plotHeight)
        cairo_stroke(cr)
        text(cr, xLabel, x: plot.left + plot.plotWidth / 2 - 60, y: Charts.height - 18)
        cairo_save(cr)
        cairo_move_to(cr, 18, plot.top + plot.plotHeight / 2 + 60)
        cairo_rotate(cr, -Double.pi / 2)
        cairo_show_text(cr, yLabel)
        cairo_restore(cr)
    }

    private static func legend(_ cr: OpaquePointer, _ plot: Plot, _ subjects: [Subject]) {
        for (index, subject) in subjects.enumerated() {
            let y = plot.top + 10 + Double(index) * 20
            let (r, g, b) = color(for: subject)
            cairo_set_source_rgb(cr, r, g, b)
            cairo_set_line_width(cr, subject == .reference ? 3 : 2)
            cairo_move_to(cr, plot.right + 15, y - 4)
            cairo_line_to(cr, plot.right + 40, y - 4)
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            text(cr, subject.rawValue, x: plot.right + 46, y: y)
        }
    }

    // MARK: - Lateness CDF

    private static func drawLatenessCDF(_ cr: OpaquePointer, _ report: BenchReport) {
        let plot = Plot()
        let workload = report.workloads.contains(.light) ? Workload.light : (report.workloads.first ?? .light)
        let series = report.subjects.compactMap { report.figures($0, workload) }.filter {
            !$0.latenessCDF.isEmpty
        }
        axes(
            cr, plot,
            title: "Callback lateness, \(workload.rawValue) workload, \(Int(report.rateFramesPerSecond)) Hz",
            xLabel: "lateness (µs, log scale)", yLabel: "percentile")
        // Log x axis from 1 µs to the largest value seen.
        let maximum = max(10, series.flatMap { $0.latenessCDF.map(\.microseconds) }.max() ?? 10)
        let decades = max(1, Int(log10(maximum).rounded(.up)))
        func x(_ microseconds: Double) -> Double {
            plot.left + plot.plotWidth * min(1, log10(max(1, microseconds)) / Double(decades))
        }
        func y(_ percentile: Double) -> Double { plot.bottom - plot.plotHeight * percentile / 100 }
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
        cairo_set_line_width(cr, 0.5)
        for decade in 0...decades {
            let gx = x(pow(10, Double(decade)))
            cairo_move_to(cr, gx, plot.top)
            cairo_line_to(cr, gx, plot.bottom)
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            let label =
                decade < 3 ? "\(Int(pow(10, Double(decade)))) µs" : "\(Int(pow(10, Double(decade - 3)))) ms"
            text(cr, label, x: gx - 14, y: plot.bottom + 16, size: 11)
            cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
        }
        for percentile in stride(from: 0.0, through: 100, by: 25) {
            cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
            cairo_move_to(cr, plot.left, y(percentile))
            cairo_line_to(cr, plot.right, y(percentile))
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            text(cr, "\(Int(percentile))", x: plot.left - 28, y: y(percentile) + 4, size: 11)
        }
        for figures in series {
            let (r, g, b) = color(for: figures.subject)
            cairo_set_source_rgb(cr, r, g, b)
            cairo_set_line_width(cr, figures.subject == .reference ? 3 : 2)
            for (index, point) in figures.latenessCDF.enumerated() {
                if index == 0 {
                    cairo_move_to(cr, x(point.microseconds), y(point.percentile))
                } else {
                    cairo_line_to(cr, x(point.microseconds), y(point.percentile))
                }
            }
            cairo_stroke(cr)
        }
        legend(cr, plot, series.map(\.subject))
    }

    // MARK: - Interval timeline

    private static func drawIntervals(_ cr: OpaquePointer, _ report: BenchReport) {
        let plot = Plot()
        let workload = report.workloads.contains(.heavy) ? Workload.heavy : (report.workloads.first ?? .heavy)
        let series = report.subjects.compactMap { report.figures($0, workload) }.filter {
            !$0.firstIntervals.isEmpty
        }
        axes(
            cr, plot,
            title: "Intervals between callbacks, \(workload.rawValue) workload (work = \(workload.summary))",
            xLabel: "callback", yLabel: "interval (frame intervals)")
        let count = max(2, series.map(\.firstIntervals.count).max() ?? 2)
        let top = 3.0
        func x(_ index: Int) -> Double { plot.left + plot.plotWidth * Double(index) / Double(count - 1) }
        func y(_ value: Double) -> Double { plot.bottom - plot.plotHeight * min(value, top) / top }
        for level in stride(from: 0.0, through: top, by: 0.5) {
            cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
            cairo_set_line_width(cr, level.truncatingRemainder(dividingBy: 1) == 0 ? 1 : 0.5)
            cairo_move_to(cr, plot.left, y(level))
            cairo_line_to(cr, plot.right, y(level))
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            text(cr, String(format: "%.1f", level), x: plot.left - 30, y: y(level) + 4, size: 11)
        }
        for (offset, figures) in series.enumerated() {
            let (r, g, b) = color(for: figures.subject)
            cairo_set_source_rgb(cr, r, g, b)
            cairo_set_line_width(cr, figures.subject == .reference ? 3 : 2)
            // A small vertical offset per subject keeps identical lines apart.
            let nudge = Double(offset) * 1.5 - Double(series.count) * 0.75
            for (index, value) in figures.firstIntervals.enumerated() {
                if index == 0 {
                    cairo_move_to(cr, x(index), y(value) + nudge)
                } else {
                    cairo_line_to(cr, x(index), y(value) + nudge)
                }
            }
            cairo_stroke(cr)
        }
        legend(cr, plot, series.map(\.subject))
    }
}
