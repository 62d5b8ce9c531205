/// The frame thread as a Swift executor: a `SerialExecutor` (and `TaskExecutor`) that runs jobs on a
/// link's frame thread, between frames. Links on one source share it.
///
/// An actor whose `unownedExecutor` is a link's executor keeps a front end's scene on the frame
/// thread: a task anywhere that awaits one of its methods runs the method there, and the link's
/// callback (see ``DisplayLink/start(isolatedTo:_:)``) and the actor's methods never run at once.
///
/// ```swift
/// actor Scene {
///     let link: DisplayLink
///     nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }
///     func apply(_ status: String) { ... }       // on the frame thread, between frames
/// }
/// ```
///
/// **The frame budget.** Jobs run after the frame's callbacks, while time remains before the next
/// frame's start less a margin, higher task priority first and first in first out within a
/// priority; a job whose predicted duration (the longest of recent jobs) does not fit waits for the
/// next frame, and runs first in the one after when a whole frame ran none. Queued work makes a
/// frame late only then, or when one job runs longer than the jobs before it. While no link wants
/// frames, jobs run as they come.
/// ``DisplayLinkStatistics`` counts jobs run and deferred and the time they took.
///
/// On a threaded source, the frame thread stays (idle, with no wake-ups) while the executor is in
/// use, even when every link has left, so an actor's methods can always run. On a
/// ``ManualFrameSource`` jobs run in virtual time while the source is advanced, on the thread that
/// advances it.
public final class FrameExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    let driver: FrameDriver
    let jobs = Locked(FrameJobQueue())

    init(driver: FrameDriver) {
        self.driver = driver
    }

    deinit {
        driver.executorReleased()
    }

    /// Queues `job` for the frame thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        let wasEmpty = jobs.withLock { queue -> Bool in
            let wasEmpty = queue.isEmpty
            queue.push(unowned, priority: priority)
            return wasEmpty
        }
        // The frame thread looks at the queue each time round its loop; it needs waking only when the
        // queue was empty (it may be asleep until the next tick).
        if wasEmpty { driver.jobsArrived() }
    }

    /// The executor as the runtime refers to it.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The executor as a task executor.
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Stops the program unless the calling thread is this executor's frame thread running a job or
    /// a callback (what `assumeIsolated` relies on).
    public func checkIsolated() {
        precondition(driver.isCurrentDispatcher, "not on the display link's frame thread")
    }

    /// Whether the calling thread is this executor's frame thread, dispatching.
    public func isIsolatingCurrentContext() -> Bool? {
        driver.isCurrentDispatcher
    }

    /// How many jobs wait.
    var pendingJobs: Int { jobs.withLock { $0.count } }

    /// Runs one job on the calling thread (the frame thread, or a manual source's advancing thread).
    func run(_ job: UnownedJob) {
        job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    }
}
