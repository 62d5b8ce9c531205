extension DisplayLink {
    /// A source's report that what was drawn after tick `tick` was shown at `time`: recorded as
    /// ``presented(_:at:vblank:)`` for the frame this link made of that very tick. Ticks the link made
    /// no frame of (another link's, on a shared source), or whose frame lies on an earlier grid point
    /// (a late tick at a divisor), are passed over without counting as ignored feedback.
    func sourcePresented(tick: Int64, at time: Int64) {
        let time = MonotonicInstant(nanoseconds: time)
        feedback(UInt64(bitPattern: tick), countingIgnored: false) {
            $0.recordPresentation(at: time, vblank: nil)
        }
    }

    /// A source's report that what was drawn after tick `tick` will never be shown: recorded as
    /// ``discarded(_:)`` for the frame this link made of that tick, as ``sourcePresented(tick:at:)``.
    func sourceDiscarded(tick: Int64) {
        feedback(UInt64(bitPattern: tick), countingIgnored: false) { $0.outcome = .dropped }
    }
}
