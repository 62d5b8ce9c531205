import Foundation
import FrameClock
import Wayland

#if canImport(Glibc)
    import Glibc
#endif

/// `frame-bench --cadence`: content at rates that are not divisors of the display's (23.976, 24,
/// 25, 29.97 and 50 fps) scheduled on a link (``DisplayLink/schedule(_:)``), on the timer or on a
/// Wayland window, judged by ``ContentShowingFigures``: how many pictures were shown at the first
/// refresh at or after their time (the model's refresh), early, late or dropped; how long each was
/// held, in refreshes, and how many were held otherwise than the model's refreshes give. On a
/// window, with `--cadence-naive`, the same pictures also go through two players without a link:
/// one that sleeps until each picture's time and commits it, and one that sleeps until a refresh
/// before it (to be shown at its time).
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
    /// How long a naive player reads presentations after its last commit.
    static let lastPresentationsWait = Duration.milliseconds(300)

    /// Who showed the pictures.
    enum Player: Hashable, Sendable, CustomStringConvertible {
        /// A display link, each picture scheduled on it.
        case link
        /// A loop that sleeps until each picture's time, then draws and commits it.
        case sleepUntilTime
        /// A loop that sleeps until a refresh before each picture's time, then draws and commits it,
        /// meaning it to be shown at its time.
        case sleepUntilRefreshBefore

        var description: String {
            switch self {
            case .link: "display link"
            case .sleepUntilTime: "naive: sleep to its time"
            case .sleepUntilRefreshBefore: "naive: sleep to a refresh before"
            }
        }
    }

    /// What one content rate's run by one player found.
    struct Row {
        var rate: String
        var player: Player
        var pictures: Int
        /// Pictures never shown: dropped by the link's policy, or a naive player's commits replaced.
        var dropped: Int
        var figures: ContentShowingFigures
        /// The compositor's protocols the pictures' commits were timed with (a link on a window).
        var commitTiming: String?
    }

    /// Why the run cannot go on here.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs each content rate for `seconds` on `source` ("timer" at `rate`, or "wayland": a window
    /// on the compositor `WAYLAND_DISPLAY` names), and the naive players beside the link's on a
    /// window when `naive`.
    static func run(source: String, rate: Double, seconds: Double, naive: Bool = false) throws -> [Row] {
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
            var rows: [Row] = []
            for content in contentRates {
                let window = try WaylandWindow(
                    connection: connection, title: "frame-bench cadence", width: 64, height: 64)
                let link = try DisplayLink(source: .wayland(window))
                var row = try measure(link: link, content: content, seconds: seconds, presented: true) {
                    frame in
                    try? window.draw { $0.fill(0xFF20_4080) }
                    // Each commit is held for its frame where the compositor offers it.
                    _ = try? window.commit(notBefore: frame.commitNotBefore.nanoseconds)
                }
                link.invalidate()
                row.commitTiming = window.commitTimingSupport.description
                window.close()
                rows.append(row)
                guard naive else { continue }
                let interval = row.figures.refreshInterval
                for player in [Player.sleepUntilTime, .sleepUntilRefreshBefore] {
                    rows.append(
                        try naivePlayer(
                            player, connection: connection, content: content, seconds: seconds,
                            refreshInterval: interval))
                }
            }
            return rows
        default:
            throw Unavailable(description: "--cadence-source is timer or wayland, not '\(source)'")
        }
    }

    /// The number of pictures of `content` in `seconds`, and the time of picture `index` from `first`.
    private static func count(
        _ content: (name: String, numerator: Int64, denominator: Int64), seconds: Double
    )
        -> Int
    {
        Int(seconds * Double(content.numerator) / Double(content.denominator))
    }

    private static func time(
        of index: Int, from first: MonotonicInstant,
        _ content: (name: String, numerator: Int64, denominator: Int64)
    ) -> MonotonicInstant {
        first + .nanoseconds(Int64(index) * 1_000_000_000 * content.denominator / content.numerator)
    }

    /// Schedules `content` pictures for `seconds` on `link`, drawing each frame with `draw`; then
    /// judges each picture by the frames' targets (`presented` false) or by the presentations the
    /// link's timeline reports.
    private static func measure(
        link: DisplayLink, content: (name: String, numerator: Int64, denominator: Int64), seconds: Double,
        presented: Bool, draw: @escaping @Sendable (Frame) -> Void
    ) throws -> Row {
        let count = count(content, seconds: seconds)
        link.timelineCapacity = Int(seconds * 250) + 200
        try link.start { frame in draw(frame) }
        let first = MonotonicInstant.now() + leadIn
        var next = 0
        // Bounded: the last picture's time plus a second.
        let end = time(of: count, from: first, content) + .seconds(1)
        while next < count || link.scheduledContentCount > 0, MonotonicInstant.now() < end {
            while next < count, link.scheduledContentCount < picturesAhead {
                try link.schedule(
                    ScheduledContent(id: UInt64(next), presentationTime: time(of: next, from: first, content))
                )
                next += 1
            }
            usleep(2000)
        }
        // The last frames' presentations.
        if presented { usleep(200_000) }
        link.invalidate()
        let figures = link.timeline.contentFigures(shownAt: presented ? .presentation : .target)
        return Row(
            rate: content.name, player: .link, pictures: count, dropped: link.statistics.contentDropped,
            figures: figures)
    }

    /// Plays `content` for `seconds` as `player` does on a window of its own: sleeps (absolute, on
    /// CLOCK_MONOTONIC) until each picture's time, or a refresh before it, draws and commits it with
    /// presentation feedback, and reads the feedback while it waits. The model's refreshes are a grid
    /// of `refreshInterval` (measured by the link's run just before) through its first presentation.
    private static func naivePlayer(
        _ player: Player, connection: WaylandConnection,
        content: (name: String, numerator: Int64, denominator: Int64), seconds: Double,
        refreshInterval: Duration
    ) throws -> Row {
        let window = try WaylandWindow(
            connection: connection, title: "frame-bench cadence, naive", width: 64, height: 64, bufferCount: 3
        )
        defer { window.close() }
        let ahead = player == .sleepUntilRefreshBefore ? refreshInterval : .zero
        let count = count(content, seconds: seconds)
        let first = MonotonicInstant.now() + leadIn
        var pictureOfFeedback: [UInt64: Int] = [:]
        var shownAt: [Int: MonotonicInstant] = [:]
        var dropped = 0
        func read(until instant: MonotonicInstant) {
            while true {
                let left = instant - MonotonicInstant.now()
                guard left > .zero else { return }
                switch window.frameTiming.nextEvent(timeout: left) {
                case .presented(let frame):
                    if let picture = pictureOfFeedback.removeValue(forKey: frame.feedbackID) {
                        shownAt[picture] = MonotonicInstant(nanoseconds: frame.time)
                    }
                case .discarded(let id, _):
                    if pictureOfFeedback.removeValue(forKey: id) != nil { dropped += 1 }
                case .timedOut, .closed, .connectionLost: return
                default: continue
                }
            }
        }
        for picture in 0..<count {
            read(until: time(of: picture, from: first, content) - ahead)
            guard try draw(picture, into: window) else {
                dropped += 1
                continue
            }
            let feedback = try window.frameTiming.requestPresentationFeedback()
            pictureOfFeedback[feedback] = picture
            try window.commit()
        }
        read(until: MonotonicInstant.now() + lastPresentationsWait)
        let showings = shownAt.sorted { $0.key < $1.key }.map {
            ContentShowingFigures.Showing(
                contentTime: time(of: $0.key, from: first, content), shownAt: $0.value)
        }
        // The display's refreshes over the run: the grid through the first presentation.
        var refreshes: [MonotonicInstant] = []
        if let anchor = showings.map(\.shownAt).min(), let last = showings.map(\.shownAt).max() {
            var refresh = anchor - refreshInterval * 4
            while refresh <= last + refreshInterval * 4 {
                refreshes.append(refresh)
                refresh = refresh + refreshInterval
            }
        }
        let figures = ContentShowingFigures(
            showings, refreshes: refreshes, unreported: count - showings.count - dropped)
        return Row(rate: content.name, player: player, pictures: count, dropped: dropped, figures: figures)
    }

    /// Draws picture `picture` into the window's next free buffer; false when the compositor holds
    /// every buffer (the picture is not shown).
    private static func draw(_ picture: Int, into window: WaylandWindow) throws(WaylandError) -> Bool {
        do {
            try window.draw { $0.fill(0xFF20_4080 ^ UInt32(picture & 0xFF)) }
        } catch .noFreeBuffer {
            return false
        }
        return true
    }

    /// Milliseconds of `duration`, two decimals.
    private static func ms(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }

    /// The report: one row per content rate and player.
    static func markdown(_ rows: [Row], source: String, rate: Double, seconds: Double) -> String {
        var lines = [
            "# Content at chosen times: cadence of non-divisor rates",
            "",
            "`frame-bench --cadence --cadence-source \(source)`\(source == "timer" ? " at \(rate) Hz" : ""), "
                + "\(seconds) s a rate; each picture scheduled with `DisplayLink.schedule(_:)` "
                + "\(picturesAhead) ahead, judged \(source == "timer" ? "by its frame's target" : "by its frame's reported presentation").",
            "",
            "| content | player | pictures | shown | at the model's refresh | early (by up to) | late | dropped | unreported | shown after its time, p50 / p95 / max (ms) | held (refreshes: pictures) | alternation | held otherwise than the model |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        if let timing = rows.first(where: { $0.player == .link })?.commitTiming {
            lines.insert("Each picture's commit carries its time; the compositor offers \(timing).", at: 4)
            lines.insert("", at: 5)
        }
        for row in rows {
            let figures = row.figures
            let holds = figures.holds.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(
                separator: ", ")
            let earliest = figures.early > 0 ? " (\(ms(.zero - figures.afterTimeMinimum)) ms)" : ""
            lines.append(
                "| \(row.rate) fps | \(row.player) | \(row.pictures) | \(figures.shown) | \(figures.atModelRefresh) | "
                    + "\(figures.early)\(earliest) | \(figures.late) | \(row.dropped) | \(figures.unreported) | "
                    + "\(ms(figures.afterTimeMedian)) / \(ms(figures.afterTime95)) / \(ms(figures.afterTimeMaximum)) | "
                    + "\(holds) | \(String(format: "%.2f", figures.alternation)) | \(figures.holdsOffModel) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
