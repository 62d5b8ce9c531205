import Foundation
import FrameClock
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `frame-bench --links`: many links on one frame thread. Two scenarios, each in one run:
/// - neighbours: an ordinary link alone on a shared source, then beside a render-deadline link with
///   1 ms callbacks (alternating, `rounds` times): the ordinary link's lateness in both;
/// - N links made as a front end makes them (`DisplayLink(source: .timer(framesPerSecond:))`, no
///   explicit sharing) against the same links each on a thread of its own: CPU per callback, the
///   share of a core, and the lateness of the first and the last link's callbacks.
enum LinksBench {
    /// The ordinary link's lateness in one arrangement.
    struct NeighbourRow: Codable {
        var arrangement: String
        var frames: Int
        var medianLatenessMicroseconds: Double
        var p99LatenessMicroseconds: Double
    }

    /// N links in one threading mode.
    struct CountRow: Codable {
        var links: Int
        var threading: String
        var callbacks: Int
        var cpuPercentOfACore: Double
        var cpuMicrosecondsPerCallback: Double
        var firstLinkMedianLatenessMicroseconds: Double
        var lastLinkMedianLatenessMicroseconds: Double
    }

    /// The process's CPU time (every thread), in nanoseconds.
    static func processCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Lateness of the frames one link got, in microseconds.
    final class LatenessLog: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Double] = []

        init(capacity: Int) { values.reserveCapacity(capacity) }

        func record(_ frame: Frame) {
            let (seconds, attoseconds) = frame.lateness.components
            let microseconds = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
            lock.withLock { values.append(microseconds) }
        }

        var all: [Double] { lock.withLock { values } }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }

    // MARK: - Neighbours

    /// The ordinary link alone and beside a render-deadline neighbour, alternating.
    static func runNeighbours(rate: Double, seconds: Double, rounds: Int) throws -> [NeighbourRow] {
        var alone: [Double] = []
        var beside: [Double] = []
        for _ in 0..<rounds {
            alone += try neighbourRun(rate: rate, seconds: seconds, withNeighbour: false)
            beside += try neighbourRun(rate: rate, seconds: seconds, withNeighbour: true)
        }
        return [
            NeighbourRow(
                arrangement: "alone on the shared source", frames: alone.count,
                medianLatenessMicroseconds: percentile(alone, 0.5),
                p99LatenessMicroseconds: percentile(alone, 0.99)
            ),
            NeighbourRow(
                arrangement: "beside a render-deadline link (1 ms callbacks)", frames: beside.count,
                medianLatenessMicroseconds: percentile(beside, 0.5),
                p99LatenessMicroseconds: percentile(beside, 0.99)),
        ]
    }

    private static func neighbourRun(rate: Double, seconds: Double, withNeighbour: Bool) throws -> [Double] {
        let shared = try SharedFrameSource(.timer(framesPerSecond: rate))
        defer { shared.close() }
        let ordinary = try DisplayLink(source: .shared(shared))
        let log = LatenessLog(capacity: Int(seconds * rate) + 8)
        var neighbour: DisplayLink? = nil
        if withNeighbour {
            let late = try DisplayLink(source: .shared(shared))
            late.dispatch = .renderDeadline
            try late.start { _ in spin(for: .milliseconds(1)) }
            neighbour = late
        }
        try ordinary.start(log.record)
        Thread.sleep(forTimeInterval: seconds)
        ordinary.invalidate()
        neighbour?.invalidate()
        // The first frames are the thread's start: leave them out.
        return Array(log.all.dropFirst(3))
    }

    /// Busy work for `duration`, as a callback that draws does.
    static func spin(for duration: Duration) {
        let end = MonotonicInstant.now() + duration
        while MonotonicInstant.now() < end {}
    }

    // MARK: - N links

    /// N links (each of `counts`) shared by default and each on its own thread, alternating.
    static func runCounts(rate: Double, seconds: Double, counts: [Int]) throws -> [CountRow] {
        var rows: [CountRow] = []
        for count in counts {
            for ownThreads in [false, true] {
                rows.append(try countRun(rate: rate, seconds: seconds, count: count, ownThreads: ownThreads))
            }
        }
        return rows
    }

    private static func countRun(rate: Double, seconds: Double, count: Int, ownThreads: Bool) throws
        -> CountRow
    {
        let options = FrameThreadOptions(sharesThread: !ownThreads)
        let callbacks = Atomic<Int>(0)
        let first = LatenessLog(capacity: Int(seconds * rate) + 8)
        let last = LatenessLog(capacity: Int(seconds * rate) + 8)
        var links: [DisplayLink] = []
        for index in 0..<count {
            let link = try DisplayLink(source: .timer(framesPerSecond: rate), options: options)
            let log = index == 0 ? first : index == count - 1 ? last : nil
            try link.start { frame in
                callbacks.add(1, ordering: .relaxed)
                log?.record(frame)
            }
            links.append(link)
        }
        // Let every thread start, then measure.
        Thread.sleep(forTimeInterval: 0.2)
        let callbacksBefore = callbacks.load(ordering: .relaxed)
        let cpuBefore = processCPUNanoseconds()
        let wallBefore = MonotonicInstant.now()
        Thread.sleep(forTimeInterval: seconds)
        let cpu = processCPUNanoseconds() - cpuBefore
        let wall = MonotonicInstant.now().nanoseconds - wallBefore.nanoseconds
        let delivered = callbacks.load(ordering: .relaxed) - callbacksBefore
        for link in links { link.invalidate() }
        return CountRow(
            links: count, threading: ownThreads ? "a thread each" : "shared (default)", callbacks: delivered,
            cpuPercentOfACore: 100 * Double(cpu) / Double(max(1, wall)),
            cpuMicrosecondsPerCallback: Double(cpu) / 1000 / Double(max(1, delivered)),
            firstLinkMedianLatenessMicroseconds: percentile(first.all, 0.5),
            lastLinkMedianLatenessMicroseconds: percentile(count == 1 ? first.all : last.all, 0.5))
    }

    // MARK: - Report

    static func markdown(neighbours: [NeighbourRow], counts: [CountRow], rate: Double, seconds: Double)
        -> String
    {
        var lines = [
            "# frame-bench --links: many links on one frame thread", "",
            "\(MarkdownReport.format(rate, 0)) Hz timer, \(MarkdownReport.format(seconds, 1)) s per run; "
                + "real-time figures, to compare within this one run.", "",
            "## A render-deadline neighbour on a shared source", "",
            "The ordinary link's callback lateness (from its vblank to its start), alone and beside a link that "
                + "dispatches at its render deadline with 1 ms callbacks, alternating.", "",
            "| arrangement | frames | median lateness (µs) | p99 (µs) | median vs alone |",
            "|---|---:|---:|---:|---:|",
        ]
        let aloneMedian = neighbours.first?.medianLatenessMicroseconds
        for row in neighbours {
            lines.append(
                "| \(row.arrangement) | \(row.frames) | \(MarkdownReport.format(row.medianLatenessMicroseconds, 1)) "
                    + "| \(MarkdownReport.format(row.p99LatenessMicroseconds, 1)) "
                    + "| \(aloneMedian.map { MarkdownReport.format(row.medianLatenessMicroseconds / $0, 2) + " ×" } ?? "—") |"
            )
        }
        lines += [
            "", "## N links made as a front end makes them", "",
            "`DisplayLink(source: .timer(framesPerSecond: \(MarkdownReport.format(rate, 0))))` N times, each with a "
                + "callback that counts; shared (the default) against `FrameThreadOptions(sharesThread: false)`. "
                + "CPU is the whole process's over the run.", "",
            "| links | threading | callbacks | CPU (% of a core) | CPU per callback (µs) | first link's median lateness (µs) | last link's (µs) |",
            "|---:|---|---:|---:|---:|---:|---:|",
        ]
        for row in counts {
            lines.append(
                "| \(row.links) | \(row.threading) | \(row.callbacks) | \(MarkdownReport.format(row.cpuPercentOfACore, 1)) "
                    + "| \(MarkdownReport.format(row.cpuMicrosecondsPerCallback, 2)) "
                    + "| \(MarkdownReport.format(row.firstLinkMedianLatenessMicroseconds, 1)) "
                    + "| \(MarkdownReport.format(row.lastLinkMedianLatenessMicroseconds, 1)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
