/// The straight line that best fits a window's recent vblanks, MSC against UST (least squares): its
/// slope is the refresh interval, its value at an MSC the predicted UST of that MSC.
///
/// An X server's USTs need not lie on the window's vblanks: Xwayland stamps each one when it handles
/// the compositor's frame callback, and those callbacks come from millisecond timers, so consecutive
/// USTs lie 16.2 or 17.2 ms apart around a 16.67 ms mean (docs/x11-ust-scatter.md). The median of the
/// gaps then lands on one of the two modes, and a grid anchored on the latest UST carries that
/// UST's own error forward; a line through the last ``capacity`` vblanks has neither fault.
///
/// A fixed ring of points relative to the newest, in `Double` (their spans are a few hundred
/// milliseconds, far inside a double's exact range): recording and fitting allocate nothing.
struct UstLine: Sendable {
    /// A point: an MSC and its UST in CLOCK_MONOTONIC nanoseconds.
    struct Point: Hashable, Sendable {
        var msc: Int64
        var ust: Int64
    }

    private var points: [Point]
    private var next = 0
    /// How many points are held (at most ``capacity``).
    private(set) var count = 0

    /// How many points a line is fitted through: about half a second at 60 Hz, enough to average the
    /// scatter of single USTs and short enough to follow a drifting clock.
    static let capacity = 32

    /// An empty line.
    init() {
        points = Array(repeating: Point(msc: 0, ust: 0), count: Self.capacity)
    }

    /// The newest point, or nil.
    var newest: Point? {
        count == 0 ? nil : points[(next + Self.capacity - 1) % Self.capacity]
    }

    /// Adds a point (its MSC above the newest's), replacing the oldest when full.
    mutating func record(msc: Int64, ust: Int64) {
        points[next] = Point(msc: msc, ust: ust)
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// Forgets every point: the next one starts a new line.
    mutating func removeAll() {
        count = 0
        next = 0
    }

    /// A fitted line: its slope, its value at the newest MSC, and how well the points determine it.
    struct Fit: Hashable, Sendable {
        /// The slope: nanoseconds per MSC.
        var interval: Double
        /// The line's value at the newest point's MSC, CLOCK_MONOTONIC nanoseconds.
        var ustAtNewest: Double
        /// The standard error of the slope, in nanoseconds: the residuals' spread over the spread of
        /// the MSCs (nil with two points, which any line fits exactly).
        var intervalStandardError: Double?
        /// How many points it was fitted through.
        var samples: Int
        /// The MSCs from the oldest point to the newest.
        var span: Int64
    }

    /// The line fitted through the points; nil with fewer than two points or no spread of MSCs.
    var fit: Fit? {
        guard count >= 2, let newest else { return nil }
        var sumX = 0.0
        var sumY = 0.0
        var oldest = newest.msc
        for index in 0..<count {
            sumX += Double(points[index].msc - newest.msc)
            sumY += Double(points[index].ust - newest.ust)
            oldest = min(oldest, points[index].msc)
        }
        let meanX = sumX / Double(count)
        let meanY = sumY / Double(count)
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for index in 0..<count {
            let dx = Double(points[index].msc - newest.msc) - meanX
            let dy = Double(points[index].ust - newest.ust) - meanY
            sxx += dx * dx
            sxy += dx * dy
            syy += dy * dy
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        // The residuals' sum of squares, over the n − 2 degrees of freedom a line leaves them.
        let freedom = count - 2
        let standardError =
            freedom > 0 ? (max(0, syy - slope * sxy) / Double(freedom) / sxx).squareRoot() : nil
        // At x = 0 (the newest MSC): the mean's value moved by the slope over the mean's distance.
        return Fit(
            interval: slope, ustAtNewest: Double(newest.ust) + meanY - slope * meanX,
            intervalStandardError: standardError, samples: count, span: newest.msc - oldest)
    }

    /// The newest point's UST as the median of the newest three points carried to its MSC by
    /// `interval` (the mean of two, the point itself alone; nil when empty): an anchor for a grid of
    /// an interval assumed, which one stray UST among three does not move.
    func anchor(interval: Int64) -> Int64? {
        guard let newest else { return nil }
        func phase(back: Int) -> Int64 {
            let point = points[(next + Self.capacity - back) % Self.capacity]
            return point.ust + interval * (newest.msc - point.msc)
        }
        switch count {
        case 1: return newest.ust
        case 2: return (phase(back: 1) + phase(back: 2)) / 2
        default:
            let (a, b, c) = (phase(back: 1), phase(back: 2), phase(back: 3))
            return max(min(a, b), min(max(a, b), c))
        }
    }
}
