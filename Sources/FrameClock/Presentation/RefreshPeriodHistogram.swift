/// Frames counted by a whole number of refresh periods, as Android's Frame Pacing library (Swappy)
/// keeps its statistics: six buckets, 0 to 4 periods and "5 or more". A duration falls into the
/// bucket of the nearest whole number of periods.
public struct RefreshPeriodHistogram: Hashable, Sendable, CustomStringConvertible {
    /// How many buckets there are (Swappy's `MAX_FRAME_BUCKETS`); the last holds everything longer.
    public static let bucketCount = 6

    /// The six counts inline (no array, so that counting a frame never allocates).
    private var buckets = (0, 0, 0, 0, 0, 0)

    /// An empty histogram.
    public init() {}

    /// Frames in bucket `periods` (0 to ``bucketCount`` − 1; the last counts every longer one too).
    /// Any other bucket holds no frames.
    public subscript(periods: Int) -> Int {
        switch periods {
        case 0: buckets.0
        case 1: buckets.1
        case 2: buckets.2
        case 3: buckets.3
        case 4: buckets.4
        case 5: buckets.5
        default: 0
        }
    }

    /// The counts, bucket 0 first.
    public var counts: [Int] { [buckets.0, buckets.1, buckets.2, buckets.3, buckets.4, buckets.5] }

    /// Frames counted in all.
    public var total: Int { counts.reduce(0, +) }

    /// For example "[58, 2, 0, 0, 0, 0]".
    public var description: String { "[" + counts.map(String.init).joined(separator: ", ") + "]" }

    /// Counts a frame `nanoseconds` long, in periods of `period` nanoseconds (negative: bucket 0).
    mutating func count(_ nanoseconds: Int64, period: Int64) {
        let periods = nanoseconds <= 0 ? 0 : (nanoseconds + max(period, 1) / 2) / max(period, 1)
        switch periods {
        case 0: buckets.0 += 1
        case 1: buckets.1 += 1
        case 2: buckets.2 += 1
        case 3: buckets.3 += 1
        case 4: buckets.4 += 1
        default: buckets.5 += 1
        }
    }

    /// Whether two histograms hold the same counts.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.counts == rhs.counts }

    /// Hashes the counts.
    public func hash(into hasher: inout Hasher) { hasher.combine(counts) }
}
