import FrameClock

/// Which received motion sample each sent one of a ``ScriptedDrag`` matched, and what did not fit:
/// the self-test's rule that every sample arrived once, in order.
struct SampleMatching {
    /// For each sent sample, the index of the received sample it matched; nil when it matched none
    /// (or, matched by time, more than one).
    var indices: [Int?] = []
    /// What did not fit, one phrase each.
    var problems: [String] = []
    /// A figure on the times, for the report line (empty when there is none).
    var summary = ""

    /// A received position this close to the one sent is the one sent (weston passes surface
    /// coordinates through single-precision floats, Wayland through 1/256 px fixed point).
    static let positionMatch = 0.01

    /// Matches each sent sample to the received one with its stamp and position: what a compositor
    /// that passes the sent stamps on must deliver.
    init(byTimeOf drag: ScriptedDrag, in samples: [InputEvent]) {
        for sent in drag.sent {
            let matches = samples.indices.filter {
                samples[$0].time.nanoseconds == sent.time && Self.isAt(samples[$0], sent)
            }
            indices.append(matches.count == 1 ? matches[0] : nil)
            if matches.count != 1 {
                problems.append(Self.describe(sent, of: drag, "received \(matches.count) times"))
            }
        }
    }

    /// Matches the sent samples in order, each to the next received one at its position, when the
    /// compositor stamps events itself: a sent sample found nowhere after the previous match is
    /// missing, and a received sample between the first and the last match that matched nothing
    /// (one received twice, or one never sent) is a problem too.
    init(byOrderOf drag: ScriptedDrag, in samples: [InputEvent]) {
        var next = 0
        for sent in drag.sent {
            let match = samples[next...].firstIndex { Self.isAt($0, sent) }
            indices.append(match)
            if let match {
                next = match + 1
            } else {
                problems.append(Self.describe(sent, of: drag, "not received after the sample before it"))
            }
        }
        let matched = Set(indices.compactMap { $0 })
        if let first = matched.min(), let last = matched.max() {
            let extra = (first...last).filter { !matched.contains($0) }
            if !extra.isEmpty {
                let positions = extra.map { "y \(samples[$0].position?.y.fixed(2) ?? "?")" }
                problems.append(
                    "\(extra.count) received between them that were not sent: \(positions.joined(separator: ", "))"
                )
            }
        }
    }

    /// With the compositor's stamps: the drag's discrete events and matched samples, in the order
    /// sent, never go back in time; the summary gives how long after the script's stamp the
    /// compositor stamped each sample.
    mutating func checkTimes(of discrete: [InputEvent], drag: ScriptedDrag, in samples: [InputEvent]) {
        let matched = indices.compactMap { $0 }.map { samples[$0].time.nanoseconds }
        let ordered =
            Array(discrete.prefix(1).map(\.time.nanoseconds)) + matched
            + discrete.dropFirst().map(\.time.nanoseconds)
        let backwards = zip(ordered, ordered.dropFirst()).filter { $0 > $1 }.count
        if backwards > 0 { problems.append("\(backwards) times going back") }
        let delays = zip(drag.sent, indices).compactMap { sent, index in
            index.map { Double(samples[$0].time.nanoseconds - sent.time) / 1e6 }
        }.sorted()
        if let longest = delays.last {
            summary =
                ", by position and order, times never going back (the compositor's stamps \(delays[delays.count / 2].fixed(2)) ms after the script's at the median, \(longest.fixed(2)) ms at most)"
        }
    }

    private static func isAt(_ sample: InputEvent, _ sent: ScriptedDrag.Sample) -> Bool {
        guard let position = sample.position else { return false }
        return abs(position.x - ScriptedDrag.start.x) < positionMatch
            && abs(position.y - sent.y) < positionMatch
    }

    private static func describe(_ sent: ScriptedDrag.Sample, of drag: ScriptedDrag, _ what: String) -> String
    {
        let at = Double(sent.time - drag.pressTime) / 1e6
        return "at \(at.fixed(0)) ms, y \(sent.y.fixed(2)): \(what)"
    }
}

extension InputEvent {
    /// The touch point's number, for a touch event.
    var touchID: Int32? {
        if case .touch(let id) = point { id } else { nil }
    }
}

extension InputEvent.Kind {
    /// The same event with its touch point numbered `id` (a pointer's unchanged).
    func numbered(_ id: Int32) -> Self {
        switch self {
        case .touchDown(_, let position): .touchDown(touch: id, position: position)
        case .touchMotion(_, let position): .touchMotion(touch: id, position: position)
        case .touchUp: .touchUp(touch: id)
        case .touchCancel: .touchCancel(touch: id)
        default: self
        }
    }
}
