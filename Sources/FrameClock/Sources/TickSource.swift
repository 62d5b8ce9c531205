/// A source of ticks that a frame thread waits on.
protocol TickSource: AnyObject {
    /// What kind of source this is.
    var kind: FrameSourceKind { get }
    /// A short description for logs, such as "timer 60 Hz" or "DRM /dev/dri/card0 CRTC 38".
    var description: String { get }
    /// The source's current grid.
    var grid: TickGrid { get }
    /// Blocks until the first of: the tick with a sequence at or after `sequence` has happened
    /// (``TickWait/tick(_:)``), the instant `deadline` on the source's clock has come
    /// (``TickWait/due``: the frame thread's run loop has an event then), or the control channel was
    /// signalled (``TickWait/woken``). With `sequence == nil` no tick ends the wait, and with
    /// `deadline == nil` no instant does: both nil waits for the control channel alone (no wake-ups
    /// at all). When `rehearsing`, the source wakes once shortly before the tick is due and calls
    /// `rehearse` with the tick it expects, so that the frame thread can run its dispatch path once
    /// without effect and meet the real tick on a warm path.
    func waitForTick(
        atOrAfter sequence: Int64?, until deadline: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
    ) throws(TickSourceFailure) -> TickWait
    /// Whether the frame thread holds its CPU-latency request (``LatencyOnDemand``) from the
    /// rehearsal wake-up to the end of the wait: true for sources that wake once before the deadline
    /// and then sleep to it (the standard timer, DRM), false for those that spin, never wake early,
    /// or are not waited on by a frame thread.
    var holdsLatencyBeforeTicks: Bool { get }
    /// Whether the source is what shows the frames (a compositor that reports their presentation):
    /// when it fails, frames still waiting to be shown never will be.
    var presentsFrames: Bool { get }
    /// Tells the source that every frame made of the last tick it returned has been delivered and its
    /// callback has returned: what the front end commits for that tick has been committed. With
    /// `framesDelivered` false no link made a frame of it (each dropped it, or wanted none): nothing
    /// was committed.
    func dispatchEnded(framesDelivered: Bool)
    /// The output the source's frames are shown on, when it knows (a Wayland window's).
    var sourceOutput: FrameSourceOutput? { get }
    /// Releases the source's descriptors.
    func close()
    /// Hands what the source learns besides ticks (presentations, a change of what it ticks on) to
    /// `sink`, called on the frame thread from inside a wait.
    func report(to sink: @escaping (TickSourceReport) -> Void)
    /// Tells the source why it is in use when the frame thread adopts it after a failover (back on
    /// the display): a source that publishes its own changes (``TickSourceReport/changed(_:)``)
    /// publishes them with that reason.
    func adopted(reason: FrameSourceInfo.Reason)
    /// What the source does while the window it ticks on is hidden, set by the frame thread before
    /// each wait; a source that publishes its own changes publishes the policy's when it applies.
    func applyHiddenWindowPolicy(_ policy: HiddenWindowPolicy)
}

/// How a wait on a ``TickSource`` ended.
enum TickWait: Hashable, Sendable {
    /// The tick waited for (or a later one, after a late wake-up).
    case tick(Tick)
    /// The instant the wait was bounded by came first.
    case due
    /// The control channel was signalled.
    case woken

    /// The tick, when the wait ended with one.
    var tick: Tick? {
        if case .tick(let tick) = self { return tick }
        return nil
    }
}

extension TickSource {
    /// Sources with nothing to report besides ticks ignore the sink.
    func report(to sink: @escaping (TickSourceReport) -> Void) {}

    /// Most sources do not ask for low latency before their ticks.
    var holdsLatencyBeforeTicks: Bool { false }

    /// Most sources only tick: something else shows the frames, or nothing does.
    var presentsFrames: Bool { false }

    /// Most sources know no output.
    var sourceOutput: FrameSourceOutput? { nil }

    /// Sources that do not care when a dispatch ends ignore it.
    func dispatchEnded(framesDelivered: Bool) {}

    /// Sources that publish no changes of their own need no reason.
    func adopted(reason: FrameSourceInfo.Reason) {}

    /// Sources without a window are never hidden from their links.
    func applyHiddenWindowPolicy(_ policy: HiddenWindowPolicy) {}

    /// Waits for the tick (or the control channel) without waking early and without a deadline;
    /// nil when woken.
    func waitForTick(atOrAfter sequence: Int64?) throws(TickSourceFailure) -> Tick? {
        try waitForTick(atOrAfter: sequence, until: nil, rehearsing: false, rehearse: { _ in }).tick
    }

    /// Waits for the tick, rehearsing the dispatch path with `rehearse` shortly before it is due; nil
    /// when woken.
    func waitForTick(atOrAfter sequence: Int64?, rehearse: (Tick) -> Void) throws(TickSourceFailure) -> Tick?
    {
        try waitForTick(atOrAfter: sequence, until: nil, rehearsing: true, rehearse: rehearse).tick
    }
}
