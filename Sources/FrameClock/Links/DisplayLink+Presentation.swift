extension DisplayLink {
    /// How many frames a link's ``timeline`` keeps by default.
    public static let defaultTimelineCapacity = 240

    /// When in each frame interval the callback starts: right after the vblank (the default), or at
    /// a learned render deadline (see ``FrameDispatch``).
    public var dispatch: FrameDispatch {
        get { state.withLock { $0.dispatch } }
        set {
            state.withLock { state in
                guard state.dispatch != newValue else { return }
                state.dispatch = newValue
                state.predictor.reset()
            }
        }
    }

    /// The time from the end of a frame's work to its target vblank that presenting it needs (a
    /// page flip queued, a compositor's commit): a frame's ``Frame/deadline`` is its target minus
    /// this. 1 ms by default; negative or non-finite values are taken as 0.
    ///
    /// On a Wayland surface the link learns from the presentation feedback how many repaints after
    /// a frame callback a commit is shown, and takes the larger of this and the latency that adds
    /// (the intervals until the repaint that shows the frame, plus 1 ms): a render deadline lands
    /// before that repaint with the default, as it does with DRM.
    public var presentationLatency: Duration {
        get { Duration(nanoseconds: state.withLock { $0.presentationLatency }) }
        set {
            let nanoseconds = max(0, newValue.wholeNanoseconds)
            state.withLock { $0.presentationLatency = nanoseconds }
        }
    }

    /// The last frames' timings and outcomes (callback start and end, deadline, target, when it was
    /// shown, what became of it), readable at any time; see ``FrameTimeline``.
    public var timeline: FrameTimeline {
        FrameTimeline(entries: state.withLock { $0.timeline.entries })
    }

    /// How many frames ``timeline`` keeps (``defaultTimelineCapacity`` by default). Changing it
    /// empties the timeline (its frames stay counted in ``statistics``).
    public var timelineCapacity: Int {
        get { state.withLock { $0.timeline.capacity } }
        set {
            state.withLock { state in
                state.jank = state.timeline.folded(into: state.jank)
                state.timeline = TimelineRing(capacity: max(1, newValue))
            }
        }
    }

    /// Reports that frame `sequence` was shown at `time` (and, when known, at the display's vblank
    /// count `vblank`): the frame's outcome is then known, and counted in ``statistics``. A front
    /// end that presents by its own means (its own KMS or EGL code, a Wayland surface) calls this
    /// from any thread when it learns it; reports may come in any order.
    ///
    /// - Returns: what the link made of the report: the frame's outcome, or that it was a duplicate
    ///   or named a frame the timeline does not hold (never delivered, or older than its capacity).
    @discardableResult
    public func presented(_ sequence: UInt64, at time: MonotonicInstant, vblank: UInt64? = nil)
        -> PresentationFeedbackResult
    {
        feedback(sequence, countingIgnored: true) { $0.recordPresentation(at: time, vblank: vblank) }
    }

    /// Reports that frame `sequence` will never be shown (the front end dropped it, or the display
    /// replaced it before it was shown).
    ///
    /// - Returns: as ``presented(_:at:vblank:)``.
    @discardableResult
    public func discarded(_ sequence: UInt64) -> PresentationFeedbackResult {
        feedback(sequence, countingIgnored: true) { $0.outcome = .dropped }
    }

    /// Reports that frame `sequence` will never be shown because what was to show it is gone (a
    /// presenter closed, its device lost): its outcome becomes
    /// ``FrameOutcome/notPresented(reason:)``.
    ///
    /// - Returns: as ``presented(_:at:vblank:)``.
    @discardableResult
    public func notPresented(_ sequence: UInt64, reason: String) -> PresentationFeedbackResult {
        feedback(sequence, countingIgnored: true) { $0.outcome = .notPresented(reason: reason) }
    }

    /// The source that showed this link's frames failed: every frame still waiting for feedback
    /// leaves the timeline as not presented, with `reason`.
    func presenterGone(reason: String) {
        state.withLock { state in
            let outcome = FrameOutcome.notPresented(reason: reason)
            for slot in state.timeline.pendingSlots() {
                state.timeline.update(slot: slot.index, sequence: slot.sequence) { $0.outcome = outcome }
                state.statistics.count(outcome)
            }
        }
    }

    /// Applies `apply` to the timeline's entry for frame `sequence` when it awaits feedback, under
    /// one lock and with one lookup; a report of an unknown frame or a duplicate changes nothing
    /// and counts as ignored feedback when `countingIgnored`.
    @discardableResult
    func feedback(
        _ sequence: UInt64, countingIgnored: Bool, _ apply: (inout FrameTimelineEntry) -> Void
    ) -> PresentationFeedbackResult {
        state.withLock { state in
            guard let slot = state.timeline.slot(of: sequence), let entry = state.timeline[slot] else {
                if countingIgnored { state.statistics.feedbackIgnored += 1 }
                return .unknownFrame
            }
            guard entry.outcome == .pending, entry.presented == nil else {
                if countingIgnored { state.statistics.feedbackIgnored += 1 }
                return .duplicate
            }
            var outcome = FrameOutcome.pending
            state.timeline.update(slot: slot, sequence: sequence) { entry in
                apply(&entry)
                outcome = entry.outcome
            }
            state.statistics.count(outcome)
            state.adaptiveRate.recordPresentation(outcome, sequence: sequence)
            return .recorded(outcome)
        }
    }
}

extension FrameTimelineEntry {
    /// Records that the frame was shown at `time` (at the display's vblank count `vblank`, when
    /// known). Reported while the callback still runs (a presenter inside it), the outcome is known
    /// when it returns.
    mutating func recordPresentation(at time: MonotonicInstant, vblank: UInt64?) {
        presented = time
        presentedVBlank = vblank
        if callbackEnd != nil { classify() }
    }

    /// Sets the outcome from the presentation time, the target and the callback's end.
    mutating func classify() {
        guard let presented else { return }
        outcome = FrameOutcome.classify(
            target: target.nanoseconds, presented: presented.nanoseconds,
            refreshInterval: refreshNanoseconds, callbackEnd: callbackEnd?.nanoseconds,
            deadline: deadline.nanoseconds)
    }
}
