extension DisplayLink {
    /// A source's report that what was drawn after tick `tick` was shown at `time`: recorded as
    /// ``presented(_:at:vblank:)`` for the frame this link made of that very tick. Ticks the link made
    /// no frame of (another link's, on a shared source), or whose frame lies on an earlier grid point
    /// (a late tick at a divisor), are passed over without counting as ignored feedback.
    func sourcePresented(tick: Int64, at time: Int64) {
        guard awaitsFeedback(UInt64(bitPattern: tick)) else { return }
        presented(UInt64(bitPattern: tick), at: MonotonicInstant(nanoseconds: time))
    }

    /// A source's report that what was drawn after tick `tick` will never be shown: recorded as
    /// ``discarded(_:)`` for the frame this link made of that tick, as ``sourcePresented(tick:at:)``.
    func sourceDiscarded(tick: Int64) {
        guard awaitsFeedback(UInt64(bitPattern: tick)) else { return }
        discarded(UInt64(bitPattern: tick))
    }

    /// Whether the timeline holds frame `sequence` with no feedback yet.
    private func awaitsFeedback(_ sequence: UInt64) -> Bool {
        state.withLock { state in
            guard let slot = state.timeline.slot(of: sequence), let entry = state.timeline[slot] else {
                return false
            }
            return entry.outcome == .pending && entry.presented == nil
        }
    }
}
