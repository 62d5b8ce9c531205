import Foundation
import FrameClock
import KMSPresentation

/// `frame-bench --deadline`: after-vblank against render-deadline dispatch. For each callback-duration
/// profile, the latency from a callback's start to its frame being shown, and how many frames missed
/// their target — in virtual time on a simulated 60 Hz display (exact, the same on every machine),
/// then in real time on the timer source, where a frame counts as shown at the first vblank of the
/// link's grid at or after its target and at least the presentation latency after its work ended.
enum DeadlineBench {
    /// How long each frame's callback works.
    enum Profile: String, CaseIterable {
        /// 2 ms every frame.
        case steady
        /// 2 ms for the first half of the run, 8 ms after.
        case step
        /// 9 ms one frame in five, 2 ms the others.
        case bimodal

        func work(frame index: Int, of count: Int) -> Duration {
            switch self {
            case .steady: .milliseconds(2)
            case .step: index < count / 2 ? .milliseconds(2) : .milliseconds(8)
            case .bimodal: index % 5 == 0 ? .milliseconds(9) : .milliseconds(2)
            }
        }

        var summary: String {
            switch self {
            case .steady: "2 ms every frame"
            case .step: "2 ms, then 8 ms from the middle of the run"
            case .bimodal: "9 ms one frame in five, else 2 ms"
            }
        }
    }

    /// One profile under one dispatch mode on one clock.
    struct Row {
        var clock: String
        var profile: Profile
        var dispatch: String
        var frames: Int
        var medianLatency: Double
        var p99Latency: Double
        var missed: Int
        /// After the step: frames missed before every later frame was on time.
        var missedAfterStep: Int?
        var timeline: [FrameTimelineEntry]

        var missRate: Double { frames == 0 ? 0 : Double(missed) / Double(frames) }
    }

    static let modes: [(name: String, dispatch: FrameDispatch)] = [
        ("after vblank", .afterVBlank), ("render deadline", .renderDeadline),
    ]

    /// The whole comparison: virtual time, then the real timer, `seconds` per profile and mode.
    static func run(rate: Double, seconds: Double) throws -> [Row] {
        let frames = max(60, Int(seconds * rate))
        var rows: [Row] = []
        for profile in Profile.allCases {
            for mode in modes {
                rows.append(try virtual(profile, mode, rate: rate, frames: frames))
            }
        }
        for profile in Profile.allCases {
            for mode in modes {
                rows.append(try realTimer(profile, mode, rate: rate, frames: frames))
            }
        }
        return rows
    }

    /// The comparison on a real display: the link on the CRTC's vblank, each frame shown by a page
    /// flip whose completion event is the feedback, `seconds` per profile and mode.
    static func runOnDisplay(seconds: Double) throws -> [Row] {
        let presenter = try KMSPresenter(devicePath: nil)
        defer { presenter.close() }
        try presenter.show(background: 0)
        let rate = presenter.mode.refreshRate
        let frames = max(60, Int(seconds * rate))
        var rows: [Row] = []
        for profile in Profile.allCases {
            for mode in modes {
                let link = try DisplayLink(source: presenter.displaySource)
                guard link.sourceInfo.kind == .drm else {
                    throw DisplayLinkError.sourceUnavailable(
                        "the display's CRTC gives no vblanks: \(link.sourceInfo)")
                }
                link.dispatch = mode.dispatch
                link.timelineCapacity = frames
                let counter = Counter()
                let done = DispatchSemaphore(value: 0)
                // The presenter is used on the link's frame thread only, until the last frame.
                nonisolated(unsafe) let shared = presenter
                try link.start { [link] frame in
                    let index = counter.next()
                    guard index < frames else { return }
                    let end = MonotonicInstant.now() + profile.work(frame: index, of: frames)
                    while MonotonicInstant.now() < end {}
                    try? shared.present(frame, to: link) { pixels in
                        pixels.base.storeBytes(
                            of: UInt32(truncatingIfNeeded: frame.sequence), as: UInt32.self)
                    }
                    if index == frames - 1 { done.signal() }
                }
                _ = done.wait(timeout: .now() + Double(frames) / rate * 4 + 10)
                link.invalidate()
                Thread.sleep(forTimeInterval: 0.1)
                try? presenter.processEvents()
                rows.append(
                    row("kms", profile, mode.name, link.timeline.entries.filter { $0.outcome != .pending }))
            }
        }
        return rows
    }

    /// Runs `frames` frames in virtual time on a simulated display.
    static func virtual(
        _ profile: Profile, _ mode: (name: String, dispatch: FrameDispatch), rate: Double, frames: Int
    ) throws -> Row {
        let source = try ManualFrameSource(framesPerSecond: rate)
        let link = try DisplayLink(source: .manual(source))
        link.dispatch = mode.dispatch
        link.timelineCapacity = frames
        let display = SimulatedDisplay(source: source, presentationLatency: link.presentationLatency)
        let counter = Counter()
        try link.start { [link] frame in
            source.elapse(profile.work(frame: counter.next(), of: frames))
            display.present(frame, to: link)
        }
        while counter.value < frames { source.advanceTicks(1) }
        link.invalidate()
        return row("virtual", profile, mode.name, link.timeline.entries)
    }

    /// Runs `frames` frames on a real timer, the work spun on the clock, presentation simulated on
    /// the link's grid.
    static func realTimer(
        _ profile: Profile, _ mode: (name: String, dispatch: FrameDispatch), rate: Double, frames: Int
    ) throws -> Row {
        let link = try DisplayLink(source: .timer(framesPerSecond: rate))
        link.dispatch = mode.dispatch
        link.timelineCapacity = frames
        let latency = link.presentationLatency
        let counter = Counter()
        let done = DispatchSemaphore(value: 0)
        try link.start { [link] frame in
            let index = counter.next()
            guard index < frames else { return }
            let end = MonotonicInstant.now() + profile.work(frame: index, of: frames)
            while MonotonicInstant.now() < end {}
            // Shown at the first vblank at or after the target that the work, plus the presentation
            // latency, made in time for.
            let ready = MonotonicInstant.now() + latency
            var shown = frame.targetTimestamp
            while shown < ready { shown = shown + frame.duration }
            link.presented(frame.sequence, at: shown)
            if index == frames - 1 { done.signal() }
        }
        _ = done.wait(timeout: .now() + Double(frames) / rate * 3 + 5)
        link.invalidate()
        return row("timer", profile, mode.name, link.timeline.entries.filter { $0.outcome != .pending })
    }

    static func row(_ clock: String, _ profile: Profile, _ dispatch: String, _ entries: [FrameTimelineEntry])
        -> Row
    {
        let latencies = entries.compactMap(\.latency).map { $0 / .milliseconds(1) }.sorted()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        }
        let missed = entries.filter { $0.outcome != .onTime }.count
        var afterStep: Int?
        if profile == .step {
            let second = entries.dropFirst(entries.count / 2)
            let lastMiss = second.lastIndex { $0.outcome != .onTime }
            afterStep =
                lastMiss.map { index in
                    second[second.startIndex...index].filter { $0.outcome != .onTime }.count
                } ?? 0
        }
        return Row(
            clock: clock, profile: profile, dispatch: dispatch, frames: entries.count,
            medianLatency: percentile(0.5), p99Latency: percentile(0.99), missed: missed,
            missedAfterStep: afterStep, timeline: entries)
    }

    /// The report: a table, and the ratio of render-deadline to after-vblank latency per profile.
    static func markdown(_ rows: [Row], rate: Double) -> String {
        var out = "# Render-deadline dispatch against after-vblank dispatch\n\n"
        out += "\(Int(rate)) Hz. Latency: from a callback's start to its frame being shown, in ms. "
        out += "Missed: frames not shown at their target. Virtual: a simulated display in virtual time "
        out += "(exact). Timer: the real timer source, work spun on the clock, shown at the first vblank "
        out +=
            "of the link's grid at or after the target and 1 ms after the work ended. Kms: a real display's vblanks "
        out +=
            "(vkms in the test guest), each frame shown by a page flip whose completion event is the feedback.\n\n"
        out +=
            "| clock | callbacks | dispatch | frames | latency p50 | p99 | missed | miss rate | missed after the step |\n"
        out += "|---|---|---|---:|---:|---:|---:|---:|---:|\n"
        for row in rows {
            out +=
                "| \(row.clock) | \(row.profile.rawValue): \(row.profile.summary) | \(row.dispatch) | \(row.frames) | "
            out += String(
                format: "%.2f | %.2f | %d | %.1f %% | ", row.medianLatency, row.p99Latency, row.missed,
                row.missRate * 100)
            out += row.missedAfterStep.map { "\($0)" } ?? "–"
            out += " |\n"
        }
        out += "\nRender-deadline latency (p50) as a ratio of after-vblank's in the same run:\n\n"
        for clock in ["virtual", "timer", "kms"] {
            for profile in Profile.allCases {
                let pair = rows.filter { $0.clock == clock && $0.profile == profile }
                guard pair.count == 2, pair[0].medianLatency > 0 else { continue }
                out += String(
                    format: "- %@, %@: ×%.2f (%.2f ms against %.2f ms); misses %d against %d\n", clock,
                    profile.rawValue, pair[1].medianLatency / pair[0].medianLatency, pair[1].medianLatency,
                    pair[0].medianLatency, pair[1].missed, pair[0].missed)
            }
        }
        return out
    }

    /// The step profile in virtual time, frame by frame: latency under both dispatch modes, and
    /// the predicted against the actual callback duration under render-deadline dispatch.
    static func chart(_ rows: [Row]) -> ChartScene? {
        guard
            let after = rows.first(where: {
                $0.clock == "virtual" && $0.profile == .step && $0.dispatch == "after vblank"
            }),
            let deadline = rows.first(where: {
                $0.clock == "virtual" && $0.profile == .step && $0.dispatch == "render deadline"
            })
        else { return nil }
        let width = 900.0
        let left = 80.0
        let right = width - 170
        var scene = ChartScene(width: width, height: 520)
        scene.add(
            .text(
                "Render-deadline dispatch, simulated 60 Hz display: a step from 2 ms to 8 ms of work", x: 20,
                y: 28, size: 16, bold: true))
        let count = max(2, deadline.timeline.count)
        func x(_ index: Int) -> Double { left + (right - left) * Double(index) / Double(count - 1) }
        // Panel 1: latency.
        let top1 = 60.0, height1 = 190.0, ceiling1 = 36.0
        func y1(_ ms: Double) -> Double { top1 + height1 - height1 * min(ms, ceiling1) / ceiling1 }
        let blue = ChartStyle.palette[1], orange = ChartStyle.palette[3], green = ChartStyle.palette[2]
        for level in [0.0, 8.0, 16.67, 33.33] {
            scene.add(
                .polyline(points: [(left, y1(level)), (right, y1(level))], stroke: .init(colour: .grid)))
            scene.add(
                .text(String(format: "%.1f", level), x: left - 6, y: y1(level) + 3, size: 9, anchor: .end))
        }
        scene.add(
            .text(
                "latency, callback start → shown (ms)", x: 16, y: top1 + height1 / 2, size: 11,
                anchor: .middle, rotated: true))
        for (row, colour, dash, name) in [
            (after, orange, [6.0, 3.0], "after vblank"), (deadline, blue, [], "render deadline"),
        ] {
            let points = row.timeline.enumerated().compactMap { item in
                item.element.latency.map { (x: x(item.offset), y: y1($0 / .milliseconds(1))) }
            }
            scene.add(.polyline(points: points, stroke: .init(colour: colour, width: 2, dash: dash)))
            scene.add(.text(name, x: right + 10, y: (points.last?.y ?? top1) + 4, size: 11))
        }
        for (index, entry) in deadline.timeline.enumerated() where entry.outcome != .onTime {
            if let latency = entry.latency {
                scene.add(
                    .marker(
                        x: x(index), y: y1(latency / .milliseconds(1)), shape: .diamond, size: 9,
                        fill: ChartStyle.palette[0]))
            }
        }
        // Panel 2: predicted against actual duration.
        let top2 = 290.0, height2 = 150.0, ceiling2 = 12.0
        func y2(_ ms: Double) -> Double { top2 + height2 - height2 * min(ms, ceiling2) / ceiling2 }
        for level in [0.0, 2.0, 8.0] {
            scene.add(
                .polyline(points: [(left, y2(level)), (right, y2(level))], stroke: .init(colour: .grid)))
            scene.add(
                .text(String(format: "%.0f", level), x: left - 6, y: y2(level) + 3, size: 9, anchor: .end))
        }
        scene.add(
            .text("callback (ms)", x: 16, y: top2 + height2 / 2, size: 11, anchor: .middle, rotated: true))
        let actual = deadline.timeline.enumerated().compactMap { item in
            item.element.callbackDuration.map { (x: x(item.offset), y: y2($0 / .milliseconds(1))) }
        }
        let predicted = deadline.timeline.enumerated().map {
            (x: x($0.offset), y: y2($0.element.predictedDuration / .milliseconds(1)))
        }
        scene.add(.polyline(points: actual, stroke: .init(colour: blue, width: 2)))
        scene.add(.polyline(points: predicted, stroke: .init(colour: green, width: 2, dash: [4, 3])))
        scene.add(.text("actual", x: right + 10, y: (actual.last?.y ?? top2) - 4, size: 11))
        scene.add(.text("predicted", x: right + 10, y: (predicted.last?.y ?? top2) + 12, size: 11))
        for index in stride(from: 0, to: count, by: max(1, count / 6)) {
            scene.add(.text("\(index)", x: x(index), y: top2 + height2 + 16, size: 10, anchor: .middle))
        }
        scene.add(.text("frame", x: (left + right) / 2, y: top2 + height2 + 34, size: 11, anchor: .middle))
        let missed = deadline.missedAfterStep ?? 0
        scene.add(
            .text(
                String(
                    format:
                        "Median latency %.2f ms after the vblank, %.2f ms at the render deadline (×%.2f). ◆ a frame shown late: %d after the step.",
                    after.medianLatency, deadline.medianLatency,
                    deadline.medianLatency / max(after.medianLatency, 0.001), missed),
                x: 20, y: 500, size: 12))
        return scene
    }

    /// A counter shared with a callback.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        /// The count before this call, then one more.
        func next() -> Int {
            lock.withLock {
                defer { count += 1 }
                return count
            }
        }
    }
}
