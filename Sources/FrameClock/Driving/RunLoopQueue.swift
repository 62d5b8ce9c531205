import Synchronization

/// The run loop's state that only the dispatching thread touches: the queue of timed events, and
/// how many frames planned from the last tick are still to start.
///
/// The unchecked conformance is sound because a threaded driver touches it from its frame thread
/// alone, and a manual driver only from the thread holding the source's right to dispatch.
///
/// For the same reason its state needs no dynamic exclusivity check, which would be paid on every
/// turn of the loop.
final class RunLoopQueue: @unchecked Sendable {
    @exclusivity(unchecked) var queue = FrameEventQueue()
    @exclusivity(unchecked) var startsPending = 0
    /// Whether a frame of the tick whose starts are pending has been delivered (at once, or from the
    /// queue): what the tick's dispatch came to when the last start has run.
    @exclusivity(unchecked) var deliveredOfTick = false
    /// How long jobs take: the longest of the recent ones, relaxing slowly (as a render deadline's
    /// prediction), so that a job starts only when one as long as those fits before the next frame.
    @exclusivity(unchecked) var jobDurations = RenderTimePredictor()
    /// Whether the last batch of jobs ran none and left some waiting: the next batch runs its first
    /// job whatever its prediction (which learns only from jobs that run).
    @exclusivity(unchecked) var jobsWaitedAFrame = false
    /// Whether a thread is running jobs: the right to, claimed and released atomically, so that the
    /// executor stays serial when a frame thread that is ending and a thread draining its jobs meet.
    private let runningJobs = Atomic<Bool>(false)

    /// Claims the right to run jobs; false when another thread holds it.
    func claimJobs() -> Bool {
        runningJobs.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
            .exchanged
    }

    /// Gives the right back.
    func releaseJobs() {
        runningJobs.store(false, ordering: .releasing)
    }

    /// Forgets every queued event (the thread is ending).
    func clear() {
        queue.removeAll()
        startsPending = 0
        deliveredOfTick = false
    }
}
