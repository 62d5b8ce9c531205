import FrameClock
import HostLookup

/// The work a subject does in each callback, as a fraction of the frame interval.
enum Workload: String, CaseIterable, Codable, Sendable {
    /// No work at all: what the timing alone costs (as cyclictest measures it).
    case idle
    /// 5 % of the interval, spinning (a light frame).
    case light
    /// 1.5 × the interval, spinning: the classic "1 s timer with 1.5 s of work".
    case heavy
    /// Light frames with random spikes: one frame in ten spins 2.5 × the interval.
    case spikes
    /// Light frames and one 2 s blocking stall (like a name lookup on the frame thread), a quarter in.
    case stall
    /// Light frames and a host-name lookup a second after the last one's result (the first 1 s in),
    /// against a DNS server that never answers: "Wi-Fi up, uplink down", in a network namespace
    /// frame-bench makes for the run (root only). A naive loop can only look up in its callback; a
    /// display link looks up off its frame thread and applies the result on its frame actor.
    case lookup

    /// How long one run of this workload lasts at the least, so that a stall has room before and after.
    func minimumRunSeconds() -> Double {
        switch self {
        case .stall: return 3.5
        case .lookup: return 7
        default: return 0
        }
    }

    var summary: String {
        switch self {
        case .idle: return "no work per frame"
        case .light: return "5 % of the interval per frame"
        case .heavy: return "1.5 × the interval per frame"
        case .spikes: return "5 %, with one frame in ten at 2.5 × the interval"
        case .stall: return "5 %, with one 2 s blocking stall"
        case .lookup:
            return "5 %, and a host-name lookup 1 s after each result, the DNS server silent (about 2 s each)"
        }
    }
}

/// Performs a workload's per-frame work; one instance per run, used from one thread at a time.
final class WorkGenerator: @unchecked Sendable {
    private let workload: Workload
    private let periodNanoseconds: Int64
    private let stallAt: Int64
    private var stalled = false
    private var random: UInt64
    /// The lookup workload's schedule and results.
    let lookups: LookupSchedule

    init(workload: Workload, periodNanoseconds: Int64, runStart: Int64, runNanoseconds: Int64, seed: UInt64) {
        self.workload = workload
        self.periodNanoseconds = periodNanoseconds
        self.stallAt = runStart + runNanoseconds / 4
        self.random = seed | 1
        self.lookups = LookupSchedule(firstAt: runStart + 1_000_000_000)
    }

    /// Does one frame's work, starting now, with the lookup workload's lookups moved off the calling
    /// thread: `startLookup` is called when one is due, and must report its result to ``lookups``.
    func perform(startingLookupsWith startLookup: () -> Void) {
        guard workload == .lookup else { return perform() }
        let now = MonotonicInstant.now().nanoseconds
        if lookups.takeIfDue(now: now) { startLookup() }
        spin(until: now + periodNanoseconds / 20)
    }

    /// Does one frame's work, starting now.
    func perform() {
        let now = MonotonicInstant.now().nanoseconds
        switch workload {
        case .idle:
            return
        case .light:
            spin(until: now + periodNanoseconds / 20)
        case .heavy:
            spin(until: now + periodNanoseconds * 3 / 2)
        case .spikes:
            spin(until: now + (nextRandom() % 10 == 0 ? periodNanoseconds * 5 / 2 : periodNanoseconds / 20))
        case .stall:
            if !stalled && now >= stallAt {
                stalled = true
                Sleep.blocking(nanoseconds: 2_000_000_000)
            } else {
                spin(until: now + periodNanoseconds / 20)
            }
        case .lookup:
            // The naive way: the callback waits for the resolver.
            if lookups.takeIfDue(now: now) {
                let result = HostLookup(host: LookupSchedule.host).resolve()
                lookups.finished(result, appliedOnFrameThread: nil)
            }
            spin(until: now + periodNanoseconds / 20)
        }
    }

    private func spin(until deadline: Int64) {
        while MonotonicInstant.now().nanoseconds < deadline {}
    }

    private func nextRandom() -> UInt64 {
        // xorshift64: deterministic per seed, so every subject sees the same spikes.
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return random
    }
}
