import FrameClock
import HostLookup
import Synchronization

/// The lookup workload's lookups in one run: when the next one is due, and what each gave.
///
/// One lookup at a time: the first is due 1 s into the run, each next one 1 s after the previous
/// result arrived — on the frame thread for a naive loop (it waited for it), on the frame actor for
/// a display link (the lookup ran on a thread of its own meanwhile).
final class LookupSchedule: Sendable {
    /// The host looked up. Inside frame-bench's namespace every name goes to the silent server.
    static let host = "uplink-down.frame-bench.test"
    /// From one result to the next lookup.
    static let pauseNanoseconds: Int64 = 1_000_000_000

    private struct State {
        var nextDue: Int64
        var inFlight = false
        var records: [LookupRecord] = []
    }

    private let state: Mutex<State>

    init(firstAt: Int64) {
        state = Mutex(State(nextDue: firstAt))
    }

    /// Whether a lookup is due at `now` and none is out; if so, it is now out.
    func takeIfDue(now: Int64) -> Bool {
        state.withLock { state in
            guard !state.inFlight, now >= state.nextDue else { return false }
            state.inFlight = true
            return true
        }
    }

    /// Records the lookup's result, applied now; the next lookup is due a pause from now.
    /// `appliedOnFrameThread` is nil where the lookup ran on the frame thread itself.
    func finished(_ result: HostLookup.Result, appliedOnFrameThread: Bool?) {
        let now = MonotonicInstant.now().nanoseconds
        state.withLock { state in
            state.inFlight = false
            state.nextDue = now + Self.pauseNanoseconds
            state.records.append(
                LookupRecord(
                    milliseconds: result.seconds * 1000, failed: result.failure != nil,
                    appliedOnFrameThread: appliedOnFrameThread))
        }
    }

    /// The lookups finished so far.
    var records: [LookupRecord] { state.withLock { $0.records } }
}

/// One lookup of the lookup workload.
struct LookupRecord: Codable, Sendable {
    /// How long `getaddrinfo` blocked the thread it ran on.
    var milliseconds: Double
    /// Whether the resolver gave up (as it must when its server never answers).
    var failed: Bool
    /// For a display link: whether the result was applied on its frame thread (the frame actor);
    /// nil for a naive loop, whose callback waited for the lookup.
    var appliedOnFrameThread: Bool?
}

/// A subject's lookups over every run of the lookup workload.
struct LookupFigures: Codable, Sendable {
    /// Lookups that finished.
    var count: Int
    /// Of them, the ones the resolver gave up on.
    var failed: Int
    /// The longest time `getaddrinfo` blocked its thread, in milliseconds.
    var longestMilliseconds: Double
    /// Where the results were applied: "in the callback" (the frame thread waited), "on the frame
    /// actor" (all of them on the frame thread, between frames), or how many were not.
    var applied: String

    init(_ records: [LookupRecord]) {
        count = records.count
        failed = records.filter(\.failed).count
        longestMilliseconds = records.map(\.milliseconds).max() ?? 0
        let offThread = records.compactMap(\.appliedOnFrameThread)
        if offThread.isEmpty {
            applied = "in the callback: the frame thread waited for each"
        } else if offThread.allSatisfy({ $0 }) {
            applied = "looked up on a thread of its own, applied on the frame actor between frames"
        } else {
            applied = "\(offThread.filter { !$0 }.count) of \(offThread.count) applied off the frame thread"
        }
    }
}
