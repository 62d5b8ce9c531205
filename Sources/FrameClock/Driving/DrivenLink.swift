/// What a ``FrameDriver`` drives: a display link, seen from below (`DisplayLink` conforms, in
/// Links/). Declared here so that Driving/ names nothing of the layer above it; a link's lock, its
/// frame and its callback stay behind these calls.
protocol DrivenLink: AnyObject, Sendable {
    /// The link's number in stall reports (the frame thread's activity board holds it).
    var identity: UInt { get }
    /// The link as a stall report names it.
    var label: String { get }

    /// The next tick the link wants, aligning it to the grid point after `currentSequence` if it has
    /// just started or resumed; nil when it wants none.
    func nextWantedSequence(currentSequence: Int64) -> Int64?
    /// Plans the link's frame of `tick` and, when the frame starts now, delivers it inside the
    /// driver's activity (``FrameDriver/beginActivity(link:at:)``); what the run loop does next.
    func receive(_ tick: Tick, from driver: FrameDriver) -> LinkTickResult
    /// Delivers frame `sequence`, planned for a render deadline, now that its start has come;
    /// whether it was delivered (not abandoned meanwhile).
    func deliverPlannedFrame(sequence: Int64, clock: () -> Int64) -> Bool
    /// Runs the link's dispatch path for `tick` without delivering (the wake-up before a tick).
    func rehearse(_ tick: Tick, now: Int64)
    /// Counts `count` jobs the frame thread ran from `start` for `nanoseconds`.
    func recordJobs(count: Int, start: Int64, nanoseconds: Int64)

    /// Tick `tick` was shown at `time` (the source's presentation feedback).
    func sourcePresented(tick: Int64, at time: Int64)
    /// Tick `tick` was not shown (the compositor discarded it).
    func sourceDiscarded(tick: Int64)
    /// The source changed to one with its own numbering and `framesPerSecond`.
    func sourceChanged(framesPerSecond: Double)
    /// The source's nominal rate changed (another output): the link chooses its divisor again.
    func sourceRateChanged(nominalFramesPerSecond: Double)
    /// The source changed (a failover, a return, callbacks stopping): the `sourceChanges` event.
    func sourceDidChange(to info: FrameSourceInfo)
    /// What showed the frames is gone: every frame still waiting for feedback was not presented.
    func presenterGone(reason: String)

    /// Whether someone listens to the link's stall reports.
    var hasStallWatchers: Bool { get }
    /// The link's stall threshold on a source of `period`.
    func stallThresholdNanoseconds(period: FramePeriod) -> Int64
    /// Hands `stall` to the link's stall listeners.
    func report(_ stall: FrameStall)
}

/// What a link made of a tick, as far as the run loop is concerned.
enum LinkTickResult {
    /// The next tick the link wants (nil: none, until something changes); a frame of the tick, if
    /// there was one (`delivered`), has been delivered.
    case wants(Int64?, delivered: Bool)
    /// A frame planned for a render deadline: the run loop starts frame `sequence` at `start`.
    case startsAt(Int64, sequence: Int64)
}
