/// The ticks of a source as an absolute grid: tick `anchorSequence + k` is at
/// `anchorTimestamp + floor(k · period)`.
///
/// The timer source never moves its anchor, so its ticks cannot drift. The DRM source re-anchors on
/// every vblank event the kernel reports, so its grid follows the display.
struct TickGrid: Hashable, Sendable {
    /// The sequence number of the anchor tick.
    var anchorSequence: Int64
    /// The anchor tick's time on `CLOCK_MONOTONIC`, in nanoseconds.
    var anchorTimestamp: Int64
    /// The exact interval between ticks.
    var period: FramePeriod

    /// The time of tick `sequence`, saturating at the ends of the clock's range (a manual source's
    /// clock can be run to `Int64.max`, where the next tick is past the end).
    func timestamp(of sequence: Int64) -> Int64 {
        let offset = period.offset(ofTicks: sequence &- anchorSequence)
        let (time, overflow) = anchorTimestamp.addingReportingOverflow(offset)
        return overflow ? (offset > 0 ? .max : .min) : time
    }

    /// The latest tick at or before `nanoseconds`.
    func sequence(at nanoseconds: Int64) -> Int64 {
        anchorSequence &+ period.ticks(containing: nanoseconds &- anchorTimestamp)
    }

    /// The tick nearest `nanoseconds` (the later of two equally near).
    func nearestSequence(to nanoseconds: Int64) -> Int64 {
        sequence(at: nanoseconds + Int64(period.nanoseconds / 2))
    }

    /// The tick to rehearse the dispatch path with, for a source that woke at `now` to do so
    /// `lead` before tick `sequence` is due; nil when less than a quarter of the lead is left (a
    /// wake-up that late would have the rehearsal still running when the tick comes, delaying it).
    func rehearsal(of sequence: Int64, now: Int64, lead: Int64) -> Tick? {
        let due = timestamp(of: sequence)
        guard now <= due - lead / 4 else { return nil }
        return Tick(sequence: sequence, timestamp: due, wokeAt: now, grid: self)
    }
}
