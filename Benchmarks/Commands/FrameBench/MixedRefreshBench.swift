import Foundation
import FrameClock
import Wayland

/// `frame-bench --mixed-refresh`: a display link on a Wayland window moved between a 60 Hz and a
/// 144 Hz output (60 → 144 → 60 Hz), under a compositor with both — mutter headless with two virtual
/// monitors (docs/frame-bench/mixed-refresh.md). For each move: how many frames the link took to follow
/// it, and on each side of it the callback cadence, the callbacks' lateness and how far from the
/// predicted target each frame was shown; over the run, duplicates, bursts and skips the frames did
/// not report.
enum MixedRefreshBench {
    /// One frame as the callback saw it.
    struct Sample {
        var frame: Frame
        var calledAt: Int64
        var kind: FrameSourceKind
        var millihertz: Int?
    }

    /// One stretch of the run on one output.
    struct Phase {
        var millihertz: Int
        var frames: Int
        /// Callback frames from the move to the first that saw the new output (nil: the first phase).
        var framesUntilFollowed: Int?
        var medianInterval: Double
        var latenessP50: Double
        var latenessP99: Double
        var predictionP50: Double
        var predictionP95: Double
        var skipped: Int
    }

    /// What a run found.
    struct Report {
        var phases: [Phase]
        var duplicates: Int
        var bursts: Int
        var unreportedSkips: Int
        var frames: Int
        var changes: [String]
        var timeline: FrameTimeline
    }

    /// Why the scenario cannot run here.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the link `seconds` on the 60 Hz output, `seconds` on the 144 Hz one, `seconds` back.
    static func run(seconds: Double) async throws -> Report {
        let connection: WaylandConnection
        do {
            connection = try WaylandConnection()
        } catch {
            throw Unavailable(
                description: "--mixed-refresh needs WAYLAND_DISPLAY to name a compositor with a 60 Hz and a "
                    + "144 Hz output (mutter headless: see docs/frame-bench/mixed-refresh.md): \(error)")
        }
        defer { connection.close() }
        let outputs = connection.outputs
        guard let slow = outputs.first(where: { $0.refreshMillihertz == 60_000 }),
            let fast = outputs.first(where: { $0.refreshMillihertz == 144_000 })
        else {
            let rates = outputs.compactMap(\.refreshMillihertz).map { "\($0 / 1000) Hz" }
            throw Unavailable(
                description: "--mixed-refresh needs a 60 Hz and a 144 Hz output; the compositor has \(rates)")
        }
        let window = try WaylandWindow(connection: connection, title: "frame-bench", width: 64, height: 64)
        defer { window.close() }
        try window.setFullscreen(on: slow)
        try connection.roundtrip()

        let link = try DisplayLink(source: .wayland(window))
        link.timelineCapacity = Int(seconds * 3 * 200) + 100
        let changes = Changes(link)
        let samples = SampleBox()
        try link.start { [link] frame in
            let calledAt = MonotonicInstant.now().nanoseconds
            let info = link.sourceInfo
            try? window.draw { $0.fill(0xFF20_4080 ^ UInt32(truncatingIfNeeded: frame.sequence & 0xFF)) }
            _ = try? window.commit()
            samples.append(
                Sample(
                    frame: frame, calledAt: calledAt, kind: info.kind,
                    millihertz: info.output?.refreshMillihertz))
        }
        let phase = UInt32(seconds * 1e6)
        usleep(phase)
        let toFast = MonotonicInstant.now().nanoseconds
        try window.setFullscreen(on: fast)
        usleep(phase)
        let toSlow = MonotonicInstant.now().nanoseconds
        try window.setFullscreen(on: slow)
        usleep(phase)
        let end = MonotonicInstant.now().nanoseconds
        link.invalidate()
        let frames = samples.all
        let timeline = link.timeline
        let bounds: [(Int64, Int64, Int, Bool)] = [
            (0, toFast, 60_000, false), (toFast, toSlow, 144_000, true), (toSlow, end, 60_000, true),
        ]
        let phases = bounds.map { from, until, millihertz, moved in
            measure(
                frames.filter { $0.calledAt > from && $0.calledAt <= until }, timeline: timeline, from: from,
                until: until, millihertz: millihertz, moved: moved)
        }
        var duplicates = 0
        var unreported = 0
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            if later.frame.sequence <= earlier.frame.sequence
                || later.frame.timestamp <= earlier.frame.timestamp
            {
                duplicates += 1
            }
            let jump = Int(later.frame.sequence) - Int(earlier.frame.sequence) - 1
            unreported += max(0, jump - later.frame.skippedFrames)
        }
        let starts = timeline.entries.map(\.callbackStart.nanoseconds)
        let halfFastest = Int64(1e12 / 144_000 / 2)
        let bursts = zip(starts, starts.dropFirst()).filter { $1 - $0 < halfFastest }.count
        return Report(
            phases: phases, duplicates: duplicates, bursts: bursts, unreportedSkips: unreported,
            frames: frames.count, changes: await changes.all(), timeline: timeline)
    }

    /// The figures of one phase: `frames` called between `from` and `until` on the output of `millihertz`.
    private static func measure(
        _ frames: [Sample], timeline: FrameTimeline, from: Int64, until: Int64, millihertz: Int, moved: Bool
    ) -> Phase {
        let onCallbacks = frames.filter { $0.kind == .wayland }
        let followed = moved ? onCallbacks.firstIndex { $0.millihertz == millihertz } : nil
        let settled = onCallbacks.dropFirst((followed ?? 0) + 1)
        let gaps = zip(settled, settled.dropFirst()).map { Double($1.calledAt - $0.calledAt) / 1e6 }
        let lateness = frames.map { milliseconds($0.frame.lateness) }
        let entries = timeline.entries.filter {
            $0.callbackStart.nanoseconds > from && $0.callbackStart.nanoseconds <= until
                && $0.output?.refreshMillihertz == millihertz
        }
        let errors = entries.compactMap { entry in
            entry.presented.map { abs(milliseconds($0 - entry.target)) }
        }
        return Phase(
            millihertz: millihertz, frames: frames.count, framesUntilFollowed: followed,
            medianInterval: LinksBench.percentile(gaps, 0.5),
            latenessP50: LinksBench.percentile(lateness, 0.5),
            latenessP99: LinksBench.percentile(lateness, 0.99),
            predictionP50: LinksBench.percentile(errors, 0.5),
            predictionP95: LinksBench.percentile(errors, 0.95),
            skipped: frames.reduce(0) { $0 + $1.frame.skippedFrames })
    }

    /// `duration` in milliseconds.
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    /// The report as Markdown.
    static func markdown(_ report: Report, seconds: Double) -> String {
        func figure(_ value: Double) -> String { value.isNaN ? "–" : String(format: "%.3f", value) }
        var out = """
            ## Mixed refresh rates: a window moved 60 → 144 → 60 Hz

            A display link on a Wayland window (`.wayland(window)`, divisor 1), full screen on a 60 Hz output for
            \(figure(seconds)) s, then on a 144 Hz one, then back (`xdg_toplevel.set_fullscreen`). "Followed": frames
            on the callbacks from the first after the move to the first that saw the new output (0: the frame whose
            commit carried the move was already presented there). Prediction error: |presented − target| of the
            frames on that output.

            | output | frames | followed after | callback interval p50 (ms) | lateness p50 / p99 (ms) | prediction error p50 / p95 (ms) | skipped (reported) |
            |---|---|---|---|---|---|---|

            """
        for phase in report.phases {
            out +=
                "| \(phase.millihertz / 1000) Hz | \(phase.frames) | "
                + "\(phase.framesUntilFollowed.map { "\($0) frames" } ?? "–") | \(figure(phase.medianInterval)) | "
                + "\(figure(phase.latenessP50)) / \(figure(phase.latenessP99)) | "
                + "\(figure(phase.predictionP50)) / \(figure(phase.predictionP95)) | \(phase.skipped) |\n"
        }
        out += """

            Over the run: \(report.frames) frames, \(report.duplicates) duplicates, \(report.bursts) bursts (callbacks started
            less than half a 144 Hz interval apart), \(report.unreportedSkips) skipped intervals not reported.

            Source changes (`sourceChanges`), newly measured intervals left out:

            """
        var last = ""
        for change in report.changes where change != last {
            out += "- \(change)\n"
            last = change
        }
        return out
    }

    /// The frames the callback recorded, from the frame thread.
    private final class SampleBox: @unchecked Sendable {
        private let lock = NSLock()
        private var samples: [Sample] = []

        func append(_ sample: Sample) { lock.withLock { samples.append(sample) } }
        var all: [Sample] { lock.withLock { samples } }
    }

    /// A link's source changes (their reasons), collected as they come.
    private final class Changes: Sendable {
        private let task: Task<[String], Never>

        /// Subscribes at once (an iterator made inside the task would subscribe only when it runs).
        init(_ link: DisplayLink) {
            var changes = link.sourceChanges.makeAsyncIterator()
            task = Task {
                var reasons: [String] = []
                while let change = await changes.next() { reasons.append("\(change.reason)") }
                return reasons
            }
        }

        /// Every change, once the link has been invalidated.
        func all() async -> [String] { await task.value }
    }
}
