import FrameClock

/// One frame as the report sees it: when its work started, when it was meant to be shown (nil when
/// nothing predicted it), and whether and when it was shown.
struct FrameRecord {
    /// Whether and when a frame was shown.
    enum Fate: Equatable {
        case pending
        case presented(MonotonicInstant)
        case discarded
    }

    /// When the frame's work started.
    var start: MonotonicInstant
    /// When it was meant to be shown; nil when nothing predicted it.
    var target: MonotonicInstant?
    /// Whether and when it was shown.
    var fate: Fate = .pending

    /// The record of a display link's frame from its timeline entry; a frame the timeline no longer
    /// holds (nil) never settled: pending.
    init(entry: FrameTimelineEntry?) {
        guard let entry else {
            self.init(start: .init(nanoseconds: 0), target: nil)
            return
        }
        self.init(start: entry.callbackStart, target: entry.target)
        if let shown = entry.presented {
            fate = .presented(shown)
        } else if entry.outcome != .pending {
            fate = .discarded
        }
    }

    /// A frame started at `start`, meant for `target`, not yet settled.
    init(start: MonotonicInstant, target: MonotonicInstant?) {
        self.start = start
        self.target = target
    }
}
