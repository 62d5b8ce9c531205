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
    /// Hands what the source learns besides ticks (presentations, a change of what it ticks on) to
    /// `sink`, called on the frame thread from inside ``waitForTick(atOrAfter:rehearsing:rehearse:)``.
    func report(to sink: @escaping (TickSourceReport) -> Void)
}

extension TickSource {
    /// Sources with nothing to report besides ticks ignore the sink.
    func report(to sink: @escaping (TickSourceReport) -> Void) {}

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
