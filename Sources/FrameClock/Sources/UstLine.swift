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

    /// The fitted line as the slope (nanoseconds per MSC) and its value at the newest point's MSC
    /// (CLOCK_MONOTONIC nanoseconds); nil with fewer than two points or no spread of MSCs.
    var fit: (interval: Double, ustAtNewest: Double)? {
        guard count >= 2, let newest else { return nil }
        var sumX = 0.0
        var sumY = 0.0
        for index in 0..<count {
            sumX += Double(points[index].msc - newest.msc)
            sumY += Double(points[index].ust - newest.ust)
        }
        let meanX = sumX / Double(count)
        let meanY = sumY / Double(count)
        var sxx = 0.0
        var sxy = 0.0
        for index in 0..<count {
            let dx = Double(points[index].msc - newest.msc) - meanX
            sxx += dx * dx
            sxy += dx * (Double(points[index].ust - newest.ust) - meanY)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        // At x = 0 (the newest MSC): the mean's value moved by the slope over the mean's distance.
        return (slope, Double(newest.ust) + meanY - slope * meanX)
    }
}
