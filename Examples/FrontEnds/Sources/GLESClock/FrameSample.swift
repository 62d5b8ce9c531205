import FrameClock

/// One frame accounted for, whoever paced it: when its drawing started, the presentation it was
/// meant for (nil when nothing predicted one), and what became of it (CLOCK_MONOTONIC nanoseconds).
struct FrameSample {
    /// What became of a frame.
    enum Fate {
        case presented(at: Int64)
        case pending
        case discarded
    }

    var start: Int64
    var target: Int64?
    var fate: Fate

    /// The samples of the link's frames `sequences`, from its timeline (a frame the timeline no
    /// longer holds never settled in time: pending).
    static func fromTimeline(_ timeline: FrameTimeline, sequences: [UInt64]) -> [FrameSample] {
        sequences.map { sequence in
            guard let entry = timeline.entry(sequence: sequence) else {
                return FrameSample(start: 0, target: nil, fate: .pending)
            }
            let fate: Fate =
                if let shown = entry.presented {
                    .presented(at: shown.nanoseconds)
                } else if entry.outcome
                    == .pending
                { .pending } else { .discarded }
            return FrameSample(
                start: entry.callbackStart.nanoseconds, target: entry.target.nanoseconds, fate: fate)
        }
    }
}
