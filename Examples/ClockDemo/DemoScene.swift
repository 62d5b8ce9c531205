import FrameClock
import HostLookup

/// The demo's scene as a front end keeps it with `--lookup-on actor`: an actor on the display link's
/// executor. Its frame callback is isolated to it, and any task that awaits one of its methods runs
/// that method on the frame thread between frames — so the last lookup is plain actor state, with no
/// lock, and a lookup that blocks for seconds blocks only the task that made it.
actor DemoScene {
    nonisolated let link: DisplayLink
    nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }
    private let session: DemoSession
    private let stopper: Stopper
    /// The last lookup's result.
    private var lastLookup: HostLookup.Result?

    init(link: DisplayLink, session: DemoSession, stopper: Stopper) {
        self.link = link
        self.session = session
        self.stopper = stopper
    }

    /// Draws a frame (the link's callback, isolated to the scene).
    func draw(_ frame: Frame) {
        session.draw(linkFrame: frame, stopper: stopper)
    }

    /// Applies a lookup's result: runs on the frame thread, between frames.
    func apply(_ result: HostLookup.Result) {
        lastLookup = result
        session.record(result)
    }

    /// Starts the lookups of `plan`: each in a detached task (the first at once), its result applied
    /// with `await apply(_:)`. The task blocks in `getaddrinfo` as long as the resolver takes; the
    /// frame thread never waits for it.
    nonisolated func startLookups(_ plan: LookupPlan) -> Task<Void, Never> {
        Task.detached { [self, stopper] in
            while !Task.isCancelled, !stopper.isStopped {
                let started = MonotonicInstant.now()
                let result = HostLookup(host: plan.host).resolve()
                await apply(result)
                try? await Task.sleep(until: started + plan.interval, clock: MonotonicClock())
            }
        }
    }
}
