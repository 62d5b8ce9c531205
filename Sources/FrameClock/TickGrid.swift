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

    /// The time of tick `sequence`.
    func timestamp(of sequence: Int64) -> Int64 {
        anchorTimestamp &+ period.offset(ofTicks: sequence &- anchorSequence)
    }

    /// The latest tick at or before `nanoseconds`.
    func sequence(at nanoseconds: Int64) -> Int64 {
        anchorSequence &+ period.ticks(containing: nanoseconds &- anchorTimestamp)
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

/// A tick delivered by a source: which one, when it was, and when the frame thread woke for it.
struct Tick: Hashable, Sendable {
    /// The tick's sequence number (the kernel's vblank count, or the timer grid's index).
    var sequence: Int64
    /// The tick's time on `CLOCK_MONOTONIC`, in nanoseconds (the kernel's vblank timestamp for DRM).
    var timestamp: Int64
    /// When the frame thread woke up for it.
    var wokeAt: Int64
    /// The grid the tick lies on, for placing other ticks relative to it.
    var grid: TickGrid
}

/// Why a source cannot go on; the frame thread fails over to the timer with this reason.
struct TickSourceFailure: Error, Hashable, Sendable {
    /// A sentence for logs and for `DisplayLink.sourceInfo`.
    var reason: String
    /// The `errno` behind it, where there is one.
    var errno: Int32?
}

/// Which kind of source ticks a link.
public enum FrameSourceKind: String, Hashable, Sendable, CustomStringConvertible {
    /// A phase-locked timer on `CLOCK_MONOTONIC`.
    case timer
    /// The display's vertical blank, from the kernel through DRM.
    case drm
    /// Virtual time, advanced by hand (tests, offline rendering).
    case manual

    /// The kind's name.
    public var description: String { rawValue }
}

/// A source of ticks that a frame thread waits on.
protocol TickSource: AnyObject {
    /// What kind of source this is.
    var kind: FrameSourceKind { get }
    /// A short description for logs, such as "timer 60 Hz" or "DRM /dev/dri/card0 CRTC 38".
    var description: String { get }
    /// The source's current grid.
    var grid: TickGrid { get }
    /// Blocks until the tick with a sequence at or after `sequence` has happened and returns it, or
    /// returns nil when the control channel was signalled. With `sequence == nil` it waits for the
    /// control channel alone (no wake-ups at all). When `rehearsing`, the source wakes once shortly
    /// before the tick is due and calls `rehearse` with the tick it expects, so that the frame
    /// thread can run its dispatch path once without effect and meet the real tick on a warm path.
    func waitForTick(atOrAfter sequence: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void)
        throws(TickSourceFailure) -> Tick?
    /// Releases the source's descriptors.
    func close()
}

extension TickSource {
    /// Waits for the tick without waking early (nothing to rehearse).
    func waitForTick(atOrAfter sequence: Int64?) throws(TickSourceFailure) -> Tick? {
        try waitForTick(atOrAfter: sequence, rehearsing: false, rehearse: { _ in })
    }

    /// Waits for the tick, rehearsing the dispatch path with `rehearse` shortly before it is due.
    func waitForTick(atOrAfter sequence: Int64?, rehearse: (Tick) -> Void) throws(TickSourceFailure) -> Tick?
    {
        try waitForTick(atOrAfter: sequence, rehearsing: true, rehearse: rehearse)
    }
}
