import Foundation
import FrameClock
import HostLookup

/// A display link subject's scene under the lookup workload, the way a front end should hold it: an
/// actor on the link's executor. The frame callback, isolated to it, starts a due lookup on a thread
/// of its own; the result comes back with an `await` and is applied here, on the frame thread,
/// between frames.
actor LookupScene {
    nonisolated let link: DisplayLink
    nonisolated let schedule: LookupSchedule
    nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }

    init(link: DisplayLink, schedule: LookupSchedule) {
        self.link = link
        self.schedule = schedule
    }

    /// Starts a lookup off the frame thread; its result is applied on this actor.
    func startLookup() {
        Thread.detachNewThread { [self] in
            let result = HostLookup(host: LookupSchedule.host).resolve()
            Task { await self.apply(result) }
        }
    }

    /// Applies a lookup's result: on the frame thread, between frames.
    private func apply(_ result: HostLookup.Result) {
        schedule.finished(result, appliedOnFrameThread: link.executor.isIsolatingCurrentContext() == true)
    }
}
