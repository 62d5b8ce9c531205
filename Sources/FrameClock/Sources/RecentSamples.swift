/// The last few values of a measurement, and their median: a robust estimate that one outlier (a
/// late compositor frame, a descheduled thread) does not move.
///
/// A fixed ring: recording and taking the median allocate nothing (the median sorts a copy on the
/// stack), so the frame thread can do both every frame.
struct RecentSamples: Sendable {
    private var values: [Int64]
    private var next = 0
    /// How many values are held (at most the capacity).
    private(set) var count = 0

    /// A ring of `capacity` values (at least 1).
    init(capacity: Int) {
        values = Array(repeating: 0, count: max(1, capacity))
    }

    /// Adds a value, replacing the oldest when the ring is full.
    mutating func record(_ value: Int64) {
        values[next] = value
        next = (next + 1) % values.count
        count = min(count + 1, values.count)
    }

    /// The smallest of the values held; nil when there are none.
    var minimum: Int64? {
        count == 0 ? nil : values[0..<count].min()
    }

    /// Replaces every value held by `change` of it (a unit that changed).
    mutating func transform(_ change: (Int64) -> Int64) {
        // The values held are the first `count` slots: the ring fills from slot 0 and wraps only full.
        for index in 0..<count { values[index] = change(values[index]) }
    }

    /// Forgets every value.
    mutating func removeAll() {
        count = 0
        next = 0
    }

    /// The median of the values held (the upper one of the middle pair for an even count); nil when
    /// there are none.
    var median: Int64? {
        guard count > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { buffer in
            var sorted = buffer
            for index in 0..<count { sorted.initializeElement(at: index, to: values[index]) }
            sorted.sort()
            return sorted[count / 2]
        }
    }
}
