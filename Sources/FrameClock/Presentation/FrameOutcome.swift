/// What became of a frame, once the front end (or the library's presenter) said when it was shown.
///
/// The categories follow Android's FrameTimeline: on time; late by whole refresh intervals, with
/// whose fault it was; early; or dropped.
public enum FrameOutcome: Hashable, Sendable, CustomStringConvertible {
    /// No feedback yet (and, for a link whose frames are not presented through it, never).
    case pending
    /// Shown at its target vblank (within half a refresh interval of it).
    case onTime
    /// Shown `intervals` refresh intervals after its target.
    case late(intervals: Int, cause: LateFrameCause)
    /// Shown `intervals` refresh intervals before its target: the display showed it sooner than the
    /// link predicted, so what was drawn for the target was seen that much before it (Perfetto's
    /// "Early Present").
    case early(intervals: Int)
    /// Never shown: the front end discarded it, or the display replaced it before it was shown.
    case dropped
    /// Never shown because what was to show it is gone (the compositor died, the KMS device was
    /// closed), and why.
    case notPresented(reason: String)

    /// For example "late by 1 interval (the callback ran past its deadline)".
    public var description: String {
        switch self {
        case .pending: "pending"
        case .onTime: "on time"
        case .late(let intervals, let cause):
            "late by \(intervals) interval\(intervals == 1 ? "" : "s") (\(cause))"
        case .early(let intervals): "early by \(intervals) interval\(intervals == 1 ? "" : "s")"
        case .dropped: "dropped"
        case .notPresented(let reason): "not presented (\(reason))"
        }
    }

    /// Classifies a frame shown at `presented` that was meant for `target`: on time within half a
    /// refresh interval, else early or late by the nearest whole number of intervals — a late one the
    /// callback's fault when it ended after `deadline`, the display's otherwise.
    static func classify(
        target: Int64, presented: Int64, refreshInterval: Int64, callbackEnd: Int64?, deadline: Int64
    ) -> FrameOutcome {
        let interval = max(refreshInterval, 1)
        let lateness = presented - target
        if lateness * 2 <= -interval { return .early(intervals: Int((interval / 2 - lateness) / interval)) }
        guard lateness * 2 >= interval else { return .onTime }
        let intervals = Int((lateness + interval / 2) / interval)
        let cause: LateFrameCause =
            (callbackEnd.map { $0 > deadline } ?? false) ? .callbackPastDeadline : .displayLate
        return .late(intervals: intervals, cause: cause)
    }
}

/// Whose fault a late frame was.
public enum LateFrameCause: Hashable, Sendable, CustomStringConvertible {
    /// The frame's callback ended after its ``Frame/deadline``: the application was late.
    case callbackPastDeadline
    /// The callback ended in time, but the display (the driver, the compositor) showed the frame
    /// later than its target.
    case displayLate

    /// A short phrase.
    public var description: String {
        switch self {
        case .callbackPastDeadline: "the callback ran past its deadline"
        case .displayLate: "the display was late"
        }
    }
}

/// What a link made of a presentation report.
public enum PresentationFeedbackResult: Hashable, Sendable {
    /// The report was joined to its frame, whose outcome is now known.
    case recorded(FrameOutcome)
    /// The frame already had feedback; the second report was ignored.
    case duplicate
    /// No frame with that sequence is in the timeline (never delivered, or too old).
    case unknownFrame
}
