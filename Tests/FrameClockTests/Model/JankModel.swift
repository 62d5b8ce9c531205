@testable import FrameClock

/// The jank figures as the executable specification (rules J1–J4 of ``PacingModel/Rule``): a slow,
/// plain fold over a timeline's entries, oldest first, that a link's ``JankFigures`` must equal.
struct JankModel {
    private(set) var hitch: Int64 = 0
    private(set) var span: Int64 = 0
    private(set) var shown = 0
    private(set) var dropped = 0
    private(set) var byCallback = 0
    private(set) var byDisplay = 0
    private(set) var idle = [Int](repeating: 0, count: 6)
    private(set) var late = [Int](repeating: 0, count: 6)
    private(set) var offset = [Int](repeating: 0, count: 6)
    private(set) var latency = [Int](repeating: 0, count: 6)
    private var lastShown: Int64?
    private var lastPresented: Int64?
    private var previousOverran = false

    /// J1: when a frame counts as shown: its feedback, else its target, else (its callback past its
    /// deadline) the first refresh on the target's grid at or after its end plus the latency.
    static func shownTime(_ entry: FrameTimelineEntry) -> Int64 {
        if let presented = entry.presented { return presented.nanoseconds }
        let target = entry.target.nanoseconds
        guard let end = entry.callbackEnd?.nanoseconds, end > entry.deadline.nanoseconds else {
            return target
        }
        let ready = end + (target - entry.deadline.nanoseconds)
        let refresh = max(1, entry.refreshNanoseconds)
        var shown = target
        while shown < ready { shown += refresh }
        return shown
    }

    /// J4: a duration in whole refresh periods, rounded to the nearest, in Swappy's six buckets.
    static func bucket(_ nanoseconds: Int64, refresh: Int64) -> Int {
        guard nanoseconds > 0 else { return 0 }
        let period = max(1, refresh)
        return Int(min(5, (2 * nanoseconds + period) / (2 * period)))
    }

    mutating func add(_ entry: FrameTimelineEntry) {
        let refresh = max(1, entry.refreshNanoseconds)
        let interval = entry.frameNanoseconds > 0 ? entry.frameNanoseconds : refresh
        let overran = entry.callbackEnd.map { $0 > entry.deadline } ?? false
        switch entry.outcome {
        case .dropped, .notPresented:
            // J3
            span += interval
            record(hitch: interval, interval: interval, byCallback: entry.outcome == .dropped)
            return
        default:
            break
        }
        let shownAt = Self.shownTime(entry)
        shown += 1
        if let presented = entry.presented?.nanoseconds {
            if let end = entry.callbackEnd {
                idle[Self.bucket(presented - end.nanoseconds, refresh: refresh)] += 1
            }
            late[Self.bucket(presented - entry.target.nanoseconds, refresh: refresh)] += 1
            if let lastPresented { offset[Self.bucket(presented - lastPresented, refresh: refresh)] += 1 }
            latency[Self.bucket(presented - entry.callbackStart.nanoseconds, refresh: refresh)] += 1
            lastPresented = presented
        }
        // J2
        var expected = entry.target.nanoseconds - Int64(entry.skippedFrames) * interval
        if let lastShown { expected = max(expected, lastShown + interval) }
        let lateness = shownAt - expected
        lastShown = shownAt
        let blamed = previousOverran
        previousOverran = overran
        span += interval
        guard lateness >= refresh - refresh / 2 else { return }
        span += lateness
        var ownCause: LateFrameCause?
        if case .late(_, let cause) = entry.outcome { ownCause = cause }
        if entry.presented == nil, overran { ownCause = .callbackPastDeadline }
        let cause = ownCause ?? (blamed ? .callbackPastDeadline : .displayLate)
        record(hitch: lateness, interval: interval, byCallback: cause == .callbackPastDeadline)
    }

    private mutating func record(hitch length: Int64, interval: Int64, byCallback callback: Bool) {
        // Whole intervals, rounded half up: a hitch of one interval and a half drops two frames.
        dropped += max(1, Int((2 * length + interval) / (2 * interval)))
        hitch += length
        if callback { byCallback += 1 } else { byDisplay += 1 }
    }

    /// The differences between these figures and `figures`, in words; empty when they agree.
    func differences(from figures: JankFigures) -> [String] {
        var found: [String] = []
        func compare<T: Equatable>(_ name: String, _ model: T, _ link: T) {
            if model != link { found.append("\(name): model \(model), link \(link)") }
        }
        compare("hitch ns", hitch, figures.hitchNanoseconds)
        compare("span ns", span, figures.spanNanoseconds)
        compare("frames shown", shown, figures.framesShown)
        compare("frames dropped", dropped, figures.framesDropped)
        compare("hitches by callback", byCallback, figures.hitchesByCallback)
        compare("hitches by display", byDisplay, figures.hitchesByDisplay)
        compare("idle", idle, figures.idle.counts)
        compare("late", late, figures.late.counts)
        compare("offset", offset, figures.offsetFromPrevious.counts)
        compare("latency", latency, figures.latency.counts)
        return found
    }
}
