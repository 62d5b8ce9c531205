/// How content scheduled for chosen times was shown over a run: each piece's time against when it
/// was really shown, and how long each stayed on screen — the figures a video player judges its
/// cadence by (``FrameTimeline/contentFigures(shownAt:)``).
///
/// A piece's **model refresh** is the first refresh at or after its time: where a display that
/// shows each piece as soon as it may, never before, shows it. A piece shown there is on time; before
/// its time, early; at a later refresh, late. Its **hold** is the refreshes until the next piece was
/// shown: 3 and 2 in turn for 24 fps on 60 Hz. A hold that differs from the model's (the refreshes
/// between the two pieces' model refreshes) is judder the showing added to what the two clocks give.
public struct ContentShowingFigures: Hashable, Sendable {
    /// One piece: its time and when it was shown.
    public struct Showing: Hashable, Sendable {
        /// The time the piece was scheduled for.
        public var contentTime: MonotonicInstant
        /// When it was shown.
        public var shownAt: MonotonicInstant

        /// A piece for `contentTime`, shown at `shownAt`.
        public init(contentTime: MonotonicInstant, shownAt: MonotonicInstant) {
            self.contentTime = contentTime
            self.shownAt = shownAt
        }
    }

    /// Which time a timeline's frame counts as shown at.
    public enum ShownTime: Hashable, Sendable {
        /// The presentation reported for the frame (a frame without one counts as unreported).
        case presentation
        /// The frame's target: for a source without presentation feedback (a timer, offline).
        case target
    }

    /// Pieces shown (with a known time).
    public let shown: Int
    /// Pieces whose frame has no reported presentation.
    public let unreported: Int
    /// Pieces shown at their model refresh (within a quarter of a refresh).
    public let atModelRefresh: Int
    /// Pieces shown before their time.
    public let early: Int
    /// Pieces shown at a refresh after their model refresh.
    public let late: Int
    /// From each piece's time to when it was shown, the median (negative for a piece shown early;
    /// zero when none was shown): a player's sync error.
    public let afterTimeMedian: Duration
    /// From each piece's time to when it was shown, the 95th percentile.
    public let afterTime95: Duration
    /// From each piece's time to when it was shown, the largest.
    public let afterTimeMaximum: Duration
    /// From each piece's time to when it was shown, the smallest: how early the earliest piece was,
    /// when negative.
    public let afterTimeMinimum: Duration
    /// How many refreshes each piece stayed on screen, to the next piece: refreshes → pieces.
    public let holds: [Int: Int]
    /// Pieces held for another number of refreshes than their model refreshes give.
    public let holdsOffModel: Int
    /// The fraction of consecutive holds that differ (long and short in turn: 1.0 for 3:2
    /// pulldown, 0 for a steady 2:2); 0 with fewer than two holds.
    public let alternation: Double
    /// The refresh interval the holds are counted in: the median gap between the refreshes given.
    public let refreshInterval: Duration

    /// The figures of `showings` (in the order the pieces were scheduled) on a display that
    /// refreshed at `refreshes` (every refresh a frame was shown at; in any order), with `unreported`
    /// pieces whose showing is not known.
    public init(_ showings: [Showing], refreshes: [MonotonicInstant], unreported: Int = 0) {
        let refreshTimes = refreshes.map(\.nanoseconds).sorted()
        let gaps = zip(refreshTimes, refreshTimes.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        let interval = gaps.isEmpty ? 1 : gaps[gaps.count / 2]
        refreshInterval = .nanoseconds(interval)
        self.unreported = unreported
        shown = showings.count
        var onTime = 0
        var early = 0
        var late = 0
        var after: [Int64] = []
        var shownTimes: [Int64] = []
        var modelTimes: [Int64] = []
        for showing in showings {
            let wanted = showing.contentTime.nanoseconds
            let at = showing.shownAt.nanoseconds
            let model = Self.first(atOrAfter: wanted, in: refreshTimes) ?? at
            if at < wanted {
                early += 1
            } else if abs(at - model) < interval / Self.modelRefreshToleranceDivisor {
                onTime += 1
            } else {
                late += 1
            }
            after.append(at - wanted)
            shownTimes.append(at)
            modelTimes.append(model)
        }
        atModelRefresh = onTime
        self.early = early
        self.late = late
        after.sort()
        afterTimeMedian = .nanoseconds(after.isEmpty ? 0 : after[after.count / 2])
        afterTime95 = .nanoseconds(after.isEmpty ? 0 : after[min(after.count - 1, after.count * 95 / 100)])
        afterTimeMaximum = .nanoseconds(after.last ?? 0)
        afterTimeMinimum = .nanoseconds(after.first ?? 0)
        func holds(_ times: [Int64]) -> [Int] {
            zip(times, times.dropFirst()).map { Int((Double($1 - $0) / Double(interval)).rounded()) }
        }
        let shownHolds = holds(shownTimes)
        var counted: [Int: Int] = [:]
        for hold in shownHolds { counted[hold, default: 0] += 1 }
        self.holds = counted
        holdsOffModel = zip(shownHolds, holds(modelTimes)).filter { $0 != $1 }.count
        let changes = zip(shownHolds, shownHolds.dropFirst()).filter { $0 != $1 }.count
        alternation = shownHolds.count < 2 ? 0 : Double(changes) / Double(shownHolds.count - 1)
    }

    /// A piece is at its model refresh when shown within this divisor of an interval of it: a
    /// compositor's presentations stray a fraction of a millisecond from its grid, far below a quarter.
    static let modelRefreshToleranceDivisor: Int64 = 4

    /// The first of the sorted `times` at or after `time`, or nil.
    private static func first(atOrAfter time: Int64, in times: [Int64]) -> Int64? {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low < times.count ? times[low] : nil
    }
}

extension FrameTimeline {
    /// The figures of the content the timeline's frames showed (``FrameTimelineEntry/content``),
    /// each shown at its frame's presentation (the default) or target, against the refreshes the
    /// timeline's frames were shown at.
    public func contentFigures(shownAt: ContentShowingFigures.ShownTime = .presentation)
        -> ContentShowingFigures
    {
        func time(_ entry: FrameTimelineEntry) -> MonotonicInstant? {
            shownAt == .presentation ? entry.presented : entry.target
        }
        var showings: [ContentShowingFigures.Showing] = []
        var unreported = 0
        for entry in entries {
            guard let content = entry.content else { continue }
            guard let at = time(entry) else {
                unreported += 1
                continue
            }
            showings.append(ContentShowingFigures.Showing(contentTime: content.presentationTime, shownAt: at))
        }
        return ContentShowingFigures(showings, refreshes: entries.compactMap(time), unreported: unreported)
    }
}
