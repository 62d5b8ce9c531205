import FrameClock

/// What a run's frames show: where each came from, whether each target came after the one before,
/// and how the compositor's presentations met the targets.
struct GLFWClockFigures {
    /// The frames drawn, in order.
    let records: [GLFWFrameDrawer.Record]
    /// The link's timeline at the end of the run (presentations joined to frames by sequence).
    let timeline: [FrameTimelineEntry]

    /// How far from its target a frame may be shown and count as shown at it, as 1/n of an
    /// interval: a quarter, above a software compositor's spread.
    static let atTargetDivisor: Int64 = 4
    /// How many pairs of targets out of order the figures name.
    static let namedPairs = 3

    /// The pairs of frames, one after the other, whose second target is not after the first's.
    var targetsNotAfter: [(GLFWFrameDrawer.Record, GLFWFrameDrawer.Record)] {
        zip(records, records.dropFirst()).filter { $1.target <= $0.target }
    }

    /// The figures, a line each.
    var lines: [String] {
        let onSurface = records.filter { $0.kind == .wayland }.count
        let switches = zip(records, records.dropFirst()).filter { $0.kind != $1.kind }.count
        let origin = records.first?.timestamp ?? MonotonicInstant(nanoseconds: 0)
        let milliseconds = { (instant: MonotonicInstant) in
            Self.milliseconds(instant.nanoseconds - origin.nanoseconds)
        }
        let notAfter = targetsNotAfter
        var lines = [
            "frames: \(records.count) (\(onSurface) on the surface, \(records.count - onSurface) on the timer, "
                + "\(switches) switches between them)",
            "targets not after the one before: \(notAfter.count)",
        ]
        for (earlier, later) in notAfter.prefix(Self.namedPairs) {
            lines.append(
                "  frame \(earlier.sequence) (\(earlier.kind)) → \(milliseconds(earlier.target)), then "
                    + "frame \(later.sequence) (\(later.kind)) → \(milliseconds(later.target))")
        }
        let entries = Dictionary(timeline.map { ($0.sequence, $0) }, uniquingKeysWith: { $1 })
        let shown = records.compactMap { record -> Int64? in
            guard let presented = entries[record.sequence]?.presented else { return nil }
            return presented.nanoseconds - record.target.nanoseconds
        }
        let interval = timeline.last.map { Self.nanoseconds($0.refreshInterval) } ?? 0
        let atTarget = shown.filter { abs($0) * Self.atTargetDivisor <= interval }.count
        let errors = shown.map { abs($0) }.sorted()
        let median = errors.isEmpty ? "-" : Self.milliseconds(errors[errors.count / 2])
        lines.append(
            "presented: \(shown.count) of \(records.count); at their targets (within a quarter interval): "
                + "\(atTarget); |presented − target| p50 \(median)")
        return lines
    }

    /// `duration` in whole nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    /// `nanoseconds` in milliseconds, to the hundredth.
    static func milliseconds(_ nanoseconds: Int64) -> String {
        "\((Double(nanoseconds) / 1e4).rounded() / 100) ms"
    }
}
