import ArgumentParser
import FrameClock
import HostLookup

/// Where `--lookup` runs its host-name lookups.
enum LookupPlacement: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Inside the frame callback, as a naive program does: the frame thread waits for the resolver.
    case frameThread = "frame-thread"
    /// In a detached task, its result applied on the scene actor (the link's executor) between frames.
    case actor
}

/// `--lookup HOST`: which host, how often, and where.
struct LookupPlan: Sendable {
    var host: String
    /// From the start of one lookup to the start of the next (or at once, if one took longer).
    var interval: Duration
    var placement: LookupPlacement
}

/// The naive way: lookups made in the frame callback, when one is due. Used on the frame thread only.
final class FrameThreadLookups: @unchecked Sendable {
    private let plan: LookupPlan
    private var nextStart: MonotonicInstant?

    init(plan: LookupPlan) {
        self.plan = plan
    }

    /// Looks the host up when a lookup is due (the first at once), blocking the frame thread until
    /// the resolver answers; nil when none is due.
    func resolveIfDue() -> HostLookup.Result? {
        let now = MonotonicInstant.now()
        if let nextStart, now < nextStart { return nil }
        nextStart = now + plan.interval
        return HostLookup(host: plan.host).resolve()
    }
}
