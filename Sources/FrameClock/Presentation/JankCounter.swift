/// Folds timeline entries, oldest first, into ``JankFigures``: O(1) and allocation-free per frame,
/// so that a link folds each entry as its timeline ring overwrites it.
struct JankCounter: Sendable {
    private(set) var figures = JankFigures()
    /// When the last shown frame was (or, without feedback, is assumed) shown.
    private var lastShown: Int64?
    /// When the last frame with presentation feedback was shown.
    private var lastPresented: Int64?
    /// The fault of the last shown frame that makes the next one hitch: its callback ran past its
    /// deadline (the next frame's interval was skipped).
    private var pendingBlame: LateFrameCause?

    /// Adds the next frame; its hitch, if it hitched.
    @discardableResult
    mutating func add(_ entry: FrameTimelineEntry) -> FrameHitch? {
        let refresh = max(1, entry.refreshNanoseconds)
        let interval = entry.frameNanoseconds > 0 ? entry.frameNanoseconds : refresh
        let overran = entry.callbackEnd.map { $0 > entry.deadline } ?? false
        let shown: Int64
        var ownCause: LateFrameCause?
        switch entry.outcome {
        case .dropped, .notPresented:
            let cause: LateFrameCause = entry.outcome == .dropped ? .callbackPastDeadline : .displayLate
            figures.spanNanoseconds = Self.saturating(figures.spanNanoseconds, plus: interval)
            return record(hitch: interval, interval: interval, entry: entry, cause: cause)
        case .late(_, let cause):
            ownCause = cause
            shown = entry.presented?.nanoseconds ?? entry.target.nanoseconds
        case .pending, .onTime, .early:
            shown = entry.presented?.nanoseconds ?? Self.assumedShown(entry, refresh: refresh)
            // Without feedback, a callback past its deadline made its own frame late.
            if entry.presented == nil, overran { ownCause = .callbackPastDeadline }
        }
        figures.framesShown += 1
        if let presented = entry.presented?.nanoseconds {
            countHistograms(entry, presented: presented, refresh: refresh)
        }
        // Expected: one interval after the previous frame was shown, and no earlier than the target
        // less the intervals skipped before this frame.
        var expected = Self.saturating(
            entry.target.nanoseconds, minus: Int64(entry.skippedFrames), times: interval)
        if let lastShown { expected = max(expected, Self.saturating(lastShown, minus: -1, times: interval)) }
        let lateness = Self.saturating(shown, minus: 1, times: expected)
        lastShown = shown
        let blame = pendingBlame
        pendingBlame = overran ? .callbackPastDeadline : nil
        figures.spanNanoseconds = Self.saturating(figures.spanNanoseconds, plus: interval)
        guard lateness >= refresh - refresh / 2 else { return nil }
        figures.spanNanoseconds = Self.saturating(figures.spanNanoseconds, plus: lateness)
        return record(
            hitch: lateness, interval: interval, entry: entry, cause: ownCause ?? blame ?? .displayLate)
    }

    /// When a frame without feedback counts as shown (rule J1): at its target, or, when its callback
    /// ran past its deadline, at the first refresh on the target's grid that its end plus the
    /// presentation latency (target − deadline) makes, so that a timer's link sees its own hitches.
    static func assumedShown(_ entry: FrameTimelineEntry, refresh: Int64) -> Int64 {
        let target = entry.target.nanoseconds
        guard let end = entry.callbackEnd?.nanoseconds, end > entry.deadline.nanoseconds else {
            return target
        }
        let ready = Self.saturating(end, plus: target - entry.deadline.nanoseconds)
        guard ready > target else { return target }
        let periods = (ready - target - 1) / refresh + 1
        return Self.saturating(target, minus: -periods, times: refresh)
    }

    private mutating func record(
        hitch: Int64, interval: Int64, entry: FrameTimelineEntry, cause: LateFrameCause
    )
        -> FrameHitch
    {
        let dropped = max(1, Int(hitch / interval + (hitch % interval >= interval - interval / 2 ? 1 : 0)))
        figures.hitchNanoseconds = Self.saturating(figures.hitchNanoseconds, plus: hitch)
        figures.framesDropped += dropped
        if cause == .callbackPastDeadline {
            figures.hitchesByCallback += 1
        } else {
            figures.hitchesByDisplay += 1
        }
        return FrameHitch(
            sequence: entry.sequence, hitchTime: .nanoseconds(hitch), framesDropped: dropped, cause: cause)
    }

    /// `value − count·unit`, held within `Int64` (a timeline may span the whole clock).
    private static func saturating(_ value: Int64, minus count: Int64, times unit: Int64) -> Int64 {
        let (product, productOverflow) = count.multipliedReportingOverflow(by: unit)
        if productOverflow { return (count < 0) == (unit < 0) ? .min : .max }
        let (result, overflow) = value.subtractingReportingOverflow(product)
        return overflow ? (product > 0 ? .min : .max) : result
    }

    /// `value + addend`, held within `Int64`.
    private static func saturating(_ value: Int64, plus addend: Int64) -> Int64 {
        let (sum, overflow) = value.addingReportingOverflow(addend)
        return overflow ? (addend > 0 ? .max : .min) : sum
    }

    private mutating func countHistograms(_ entry: FrameTimelineEntry, presented: Int64, refresh: Int64) {
        if let end = entry.callbackEnd { figures.idle.count(presented - end.nanoseconds, period: refresh) }
        figures.late.count(presented - entry.target.nanoseconds, period: refresh)
        if let lastPresented { figures.offsetFromPrevious.count(presented - lastPresented, period: refresh) }
        figures.latency.count(presented - entry.callbackStart.nanoseconds, period: refresh)
        lastPresented = presented
    }
}
