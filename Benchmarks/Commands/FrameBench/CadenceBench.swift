import Foundation
import FrameClock
import Wayland

/// `frame-bench --cadence`: content at rates that are not divisors of the display's (23.976, 24,
/// 25, 29.97 and 50 fps) scheduled on a link (``DisplayLink/schedule(_:)``), on the timer or on a
/// Wayland window. For each rate: how many pictures were shown at the first refresh at or after
/// their time (the model's refresh), early, late or dropped; how long each was held, in refreshes,
/// and how many were held otherwise than the model's refreshes give.
enum CadenceBench {
    /// Content rates measured, as exact fractions: (numerator, denominator) pictures per second.
    static let contentRates: [(name: String, numerator: Int64, denominator: Int64)] = [
        ("23.976", 24_000, 1001), ("24", 24, 1), ("25", 25, 1), ("29.97", 30_000, 1001), ("50", 50, 1),
    ]
    /// The sources a run can use.
    static let sources = ["timer", "wayland"]
    /// The longest run a rate may have: its frames' timeline is kept whole (about 250 entries a
    /// second).
    static let longestSeconds = 120.0
    /// How many pictures wait on the link at once: a decoder a few frames ahead.
    static let picturesAhead = 6
    /// How far past its first picture's time a run starts scheduling: the link's first frames are
    /// the link's own start, not content's.
    static let leadIn = Duration.milliseconds(200)

    /// What one content rate's run found.
    struct Result {
        var rate: String
        var pictures: Int
        var shown: Int
        var dropped: Int
        /// Shown at the first refresh (or presentation) at or after its time.
        var atModelRefresh: Int
        var early: Int
        /// The most any picture was shown before its time, in milliseconds.
        var earliestBy = 0.0
        var late: Int
        /// Refreshes each picture was held for, and how many pictures were held so long.
        var holds: [Int: Int]
        /// Pictures held for another number of refreshes than the model's refreshes give.
        var holdsOffModel: Int
        /// Pictures whose presentation was never reported (Wayland only).
        var unreported: Int
        /// From each picture's time to when it was shown, in milliseconds: the p50 and p95 (a
        /// player's sync error; under a refresh when every picture is at its model refresh).
        var afterTimeP50 = 0.0
        var afterTimeP95 = 0.0
        /// The compositor's protocols the pictures' commits were timed with (Wayland only).
        var commitTiming: String?
    }

    /// Why the run cannot go on here.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs each content rate for `seconds` on `source` ("timer" at `rate`, or "wayland": a window
    /// on the compositor `WAYLAND_DISPLAY` names).
    static func run(source: String, rate: Double, seconds: Double) throws -> [Result] {
        switch source {
        case "timer":
            return try contentRates.map { content in
                let link = try DisplayLink(source: .timer(framesPerSecond: rate))
                defer { link.invalidate() }
                return try measure(link: link, content: content, seconds: seconds, presented: false) { _ in }
            }
        case "wayland":
            let connection: WaylandConnection
            do {
                connection = try WaylandConnection()
            } catch {
                throw Unavailable(
                    description:
                        "--cadence-source wayland needs WAYLAND_DISPLAY to name a compositor: \(error)")
            }
            defer { connection.close() }
            return try contentRates.map { content in
                let window = try WaylandWindow(
                    connection: connection, title: "frame-bench cadence", width: 64, height: 64)
                defer { window.close() }
                let link = try DisplayLink(source: .wayland(window))
                defer { link.invalidate() }
                var result = try measure(link: link, content: content, seconds: seconds, presented: true) {
                    frame in
                    try? window.draw { $0.fill(0xFF20_4080) }
                    // Each commit is held for its target's refresh where the compositor offers it.
                    _ = try? window.commit(notBefore: frame.commitNotBefore.nanoseconds)
                }
                result.commitTiming = window.commitTimingSupport.description
                return result
            }
        default:
            throw Unavailable(description: "--cadence-source is timer or wayland, not '\(source)'")
        }
    }

    /// Schedules `content` pictures for `seconds` on `link`, drawing each frame with `draw`; then
    /// judges each picture by the frames' targets (`presented` false) or by the presentations the
    /// link's timeline reports.
    private static func measure(
        link: DisplayLink, content: (name: String, numerator: Int64, denominator: Int64), seconds: Double,
        presented: Bool, draw: @escaping @Sendable (Frame) -> Void
    ) throws -> Result {
        let count = Int(seconds * Double(content.numerator) / Double(content.denominator))
        link.timelineCapacity = Int(seconds * 250) + 200
        try link.start { frame in draw(frame) }
        let first = MonotonicInstant.now() + leadIn
        func time(of picture: Int) -> MonotonicInstant {
            first + .nanoseconds(Int64(picture) * 1_000_000_000 * content.denominator / content.numerator)
        }
        var next = 0
        // Bounded: the last picture's time plus a second.
        let end = time(of: count) + .seconds(1)
        while next < count || link.scheduledContentCount > 0, MonotonicInstant.now() < end {
            while next < count, link.scheduledContentCount < picturesAhead {
                try link.schedule(ScheduledContent(id: UInt64(next), presentationTime: time(of: next)))
                next += 1
            }
            usleep(2000)
        }
        // The last frames' presentations.
        if presented { usleep(200_000) }
        link.invalidate()
        let entries = link.timeline.entries
        // Where each frame was shown: its presentation, or its target on a source without feedback.
        let shownAt = entries.map { presented ? $0.presented : $0.target }
        let refreshes = shownAt.compactMap { $0?.nanoseconds }.sorted()
        // A refresh: the median gap between the times frames were shown (a compositor may repaint
        // slower than its output's advertised rate: weston headless at about 40 Hz).
        let gaps = zip(refreshes, refreshes.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        let interval = gaps.isEmpty ? 1 : gaps[gaps.count / 2]
        var result = Result(
            rate: content.name, pictures: count, shown: 0, dropped: link.statistics.contentDropped,
            atModelRefresh: 0, early: 0, late: 0, holds: [:], holdsOffModel: 0, unreported: 0)
        var pictureTimes: [Int64] = []
        var modelTimes: [Int64] = []
        var afterTime: [Double] = []
        for (entry, at) in zip(entries, shownAt) {
            guard let picture = entry.content else { continue }
            result.shown += 1
            guard let at = at?.nanoseconds else {
                result.unreported += 1
                continue
            }
            let wanted = picture.presentationTime.nanoseconds
            // The model's refresh: the first one shown at or after the picture's time (every refresh
            // has a frame at the display's rate, so the frames' own times are the refreshes).
            let model = refreshes.first { $0 >= wanted } ?? at
            if at < wanted {
                result.early += 1
                result.earliestBy = max(result.earliestBy, Double(wanted - at) / 1e6)
            } else if at - model < interval / 4 {
                result.atModelRefresh += 1
            } else {
                result.late += 1
            }
            pictureTimes.append(at)
            modelTimes.append(model)
            afterTime.append(Double(at - wanted) / 1e6)
        }
        func holds(_ times: [Int64]) -> [Int] {
            zip(times, times.dropFirst()).map { Int((Double($1 - $0) / Double(interval)).rounded()) }
        }
        afterTime.sort()
        if !afterTime.isEmpty {
            result.afterTimeP50 = afterTime[afterTime.count / 2]
            result.afterTimeP95 = afterTime[min(afterTime.count - 1, afterTime.count * 95 / 100)]
        }
        let shownHolds = holds(pictureTimes)
        for hold in shownHolds { result.holds[hold, default: 0] += 1 }
        result.holdsOffModel = zip(shownHolds, holds(modelTimes)).filter { $0 != $1 }.count
        return result
    }

    /// The report: one row per content rate.
    static func markdown(_ results: [Result], source: String, rate: Double, seconds: Double) -> String {
        var lines = [
            "# Content at chosen times: cadence of non-divisor rates",
            "",
            "`frame-bench --cadence --cadence-source \(source)`\(source == "timer" ? " at \(rate) Hz" : ""), "
                + "\(seconds) s a rate; each picture scheduled with `DisplayLink.schedule(_:)` "
                + "\(picturesAhead) ahead, judged \(source == "timer" ? "by its frame's target" : "by its frame's reported presentation").",
            "",
            "| content | pictures | shown | at the model's refresh | early (by up to) | late | dropped | unreported | shown after its time, p50 / p95 (ms) | held (refreshes: pictures) | held otherwise than the model |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        if let timing = results.first?.commitTiming {
            lines.insert("Each picture's commit carries its time; the compositor offers \(timing).", at: 4)
            lines.insert("", at: 5)
        }
        for result in results {
            let holds = result.holds.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(
                separator: ", ")
            lines.append(
                "| \(result.rate) fps | \(result.pictures) | \(result.shown) | \(result.atModelRefresh) | \(result.early)\(result.early > 0 ? String(format: " (%.2f ms)", result.earliestBy) : "") | "
                    + "\(result.late) | \(result.dropped) | \(result.unreported) | "
                    + String(format: "%.2f / %.2f", result.afterTimeP50, result.afterTimeP95)
                    + " | \(holds) | \(result.holdsOffModel) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
