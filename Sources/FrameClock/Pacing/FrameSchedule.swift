/// Where one link's next frame is, as one value: the frame's scheduling state and its transitions,
/// in this file alone (as Mutter keeps `ClutterFrameClockState` in clutter-frame-clock.c). The
/// ``FramePacer`` stores it and derives from it the grid point it waits for; the diagram is in
/// docs/architecture.md, "A frame's scheduling state".
///
/// Whether the link wants frames at all (its ``LinkLifecycle``, and a callback or a `frames`
/// consumer) is a gate over this state, not a state of it: a link paused inside its callback is
/// still dispatching until the callback returns, and a planned frame outlives a consumer that leaves
/// and comes back before its start. An inactive link wants no tick, whatever its schedule; becoming
/// active again calls ``forget()``, so it comes back unaligned. A ``WaylandTickMode`` is the
/// source's state (what it ticks on), not a frame's.
enum FrameSchedule: Sendable {
    /// Start, resume, a rate change or an abandoned frame: the next look at the clock chooses the
    /// first frame (the grid point after the tick in progress, never before the last target).
    case unaligned
    /// Aligned: the next frame is the first tick at or after grid point `sequence` that the pacing
    /// rules keep.
    case waiting(for: Int64)
    /// A frame decided for a render deadline, waiting in the run loop for its start (`plan.start`);
    /// the plan holds the pacer before the decision, for giving it up.
    case planned(FramePlan)
    /// Frame `sequence` was decided and starts now: from its delivery until its callback returns.
    case dispatching(sequence: Int64)

    /// The grid point waited for; nil when unaligned or while a frame is in flight.
    var wanted: Int64? {
        if case .waiting(let sequence) = self { return sequence }
        return nil
    }

    /// Whether the link looks at ticks: no frame is planned or in its callback.
    var awaitsTick: Bool {
        switch self {
        case .unaligned, .waiting: true
        case .planned, .dispatching: false
        }
    }

    /// Whether a frame is between its decision and its callback's return (planned or dispatching).
    var hasFrameInFlight: Bool { !awaitsTick }

    // MARK: - Transitions

    /// unaligned or waiting → waiting(`sequence`). Events: the frame thread looks at the clock
    /// (alignment), a tick is refused by the rules (the next grid point after it), a followed
    /// toolkit clock ticks before the grid point waited for.
    mutating func wait(for sequence: Int64) {
        assert(awaitsTick, "a frame in flight is not waited for again: \(self)")
        guard awaitsTick else { return }
        self = .waiting(for: sequence)
    }

    /// waiting → dispatching(`sequence`). Event: a tick at or after the grid point waited for,
    /// kept by the pacing rules, becomes frame `sequence`.
    mutating func decide(sequence: Int64) {
        assert(wanted != nil, "only a waiting link decides a frame: \(self)")
        self = .dispatching(sequence: sequence)
    }

    /// dispatching → planned(`plan`). Event: the frame just decided starts at a render deadline
    /// later than now; the run loop queues its start.
    mutating func plan(_ plan: FramePlan) {
        assert(isDispatching(plan.sequence), "only the frame just decided is planned: \(self)")
        self = .planned(plan)
    }

    /// planned → dispatching. Event: the run loop's event for the planned frame is due, and the link
    /// is active. Returns the plan to deliver; nil (and no change) when no frame is planned.
    mutating func start() -> FramePlan? {
        guard case .planned(let plan) = self else { return nil }
        self = .dispatching(sequence: plan.sequence)
        return plan
    }

    /// planned → unaligned. Events: the link paused, its rate changed, it was invalidated, or it had
    /// no consumer when the frame's start came. Returns the plan given up (the caller restores the
    /// pacing it holds, or not); nil (and no change) when no frame is planned.
    mutating func abandon() -> FramePlan? {
        guard case .planned(let plan) = self else { return nil }
        self = .unaligned
        return plan
    }

    /// dispatching → waiting(`next`), or unaligned when `next` is nil (the source changed under the
    /// callback: no last frame to pace from). Event: the frame's callback returned.
    mutating func callbackReturned(next: Int64?) {
        assert(isDispatching(nil), "only a dispatching frame returns: \(self)")
        self = next.map { .waiting(for: $0) } ?? .unaligned
    }

    /// unaligned or waiting → unaligned; planned and dispatching are kept (the frame in flight keeps
    /// its decision, and its return or abandonment chooses the next). Events: start or resume (the
    /// link becomes active), a rate change, a change to a source with its own numbering.
    mutating func forget() {
        if awaitsTick { self = .unaligned }
    }

    /// Whether the state is dispatching (frame `sequence`, when given).
    private func isDispatching(_ sequence: Int64?) -> Bool {
        guard case .dispatching(let current) = self else { return false }
        return sequence.map { $0 == current } ?? true
    }
}

/// A frame the pacing rules made of a tick, planned under the link's lock: everything its delivery
/// needs but the moment it starts.
struct FramePlan: Sendable {
    /// The grid of the tick it was made of (the first tick eligible after the callback lies on it).
    var grid: TickGrid
    var sequence: Int64
    var timestamp: Int64
    var target: Int64
    var deadline: Int64
    /// The time animations sample (the target, unless the animation-time policy slips it).
    var animation: Int64
    var skipped: Int
    /// When the callback is to start: the tick's grid point, or the render deadline's start.
    var start: Int64
    /// The callback duration predicted for a render deadline (zero after the vblank).
    var predicted: Int64
    /// The frame interval (the source's times the divisor), and in whole nanoseconds.
    var duration: Duration
    var durationNanoseconds: Int64
    /// The source's interval, in whole nanoseconds.
    var refreshNanoseconds: Int64
    /// The output the frame will be shown on, when known.
    var output: FrameSourceOutput?
    /// Whether the source's clock paces the frames (``Tick/pacedBySource``).
    var pacedBySource = false
    /// The pacer's memory before this frame was decided: a frame abandoned before its start (the
    /// link paused) takes nothing of the pacing with it.
    var pacerBefore = FramePacer.Memory()

    /// The frame, its lateness measured from the planned start to `started`.
    func frame(startedAt started: Int64, content: ScheduledContent? = nil, droppedContent: Int = 0) -> Frame {
        Frame(
            timestamp: MonotonicInstant(nanoseconds: timestamp),
            targetTimestamp: MonotonicInstant(nanoseconds: target),
            duration: duration,
            sequence: UInt64(bitPattern: sequence),
            skippedFrames: skipped,
            lateness: Duration(nanoseconds: started - start),
            deadline: MonotonicInstant(nanoseconds: deadline),
            animationTimestamp: MonotonicInstant(nanoseconds: animation), content: content,
            droppedContent: droppedContent)
    }
}
