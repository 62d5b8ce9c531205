import SystemPackage

@testable import FrameClock
@testable import VirtualKernel
@testable import Wayland

/// A Wayland compositor in virtual time behind a ``WaylandTickSource``'s surface seam
/// (``WaylandSurfaceEvents``), on the clock of a ``ScriptedKernel`` (whose timerfd calls the
/// fallback timer uses, so that a source that fails over goes on in the same virtual time).
///
/// While the surface is shown, the compositor repaints every ``interval`` on a fixed phase. The
/// frame callbacks and presentation feedback asked for go with the surface's next ``commit()``; the
/// first repaint after a commit sends its frame callbacks (received at the repaint) and composites
/// it, and the next repaint presents it (`.presented` at that repaint, with the interval as the
/// refresh): a commit made after a callback is shown two intervals after it, as weston shows it. With
/// a repaint lag, each repaint comes that long after a vblank and a presentation is timed at the
/// vblank before the repaint that reports it (weston at repaint-window 16 repaints about 0.7 ms after
/// its vblank), so that a commit made at a vblank is shown at the next. A
/// commit replaced before it was repainted has its feedback discarded, as is a repainted one not yet
/// presented when the surface is hidden. Hidden, nothing is repainted; shown again, the repaints
/// start over at that instant, on a new phase. A repaint can be skipped (the compositor missed it),
/// and the compositor can die: the wait then returns `.connectionLost(EPIPE)` and every request
/// fails.
///
/// The compositor has one output or several, each with its own refresh and phase; the surface is on
/// one at a time (its `enteredOutputs`), and presentations name it (`syncOutput`, with its interval as
/// the refresh). Moved to another output, the surface is repainted at that output's vblanks from the
/// first one after the move, and what was composited before is presented there, as mutter does. The
/// compositor can also lack presentation feedback (frame callbacks only).
///
/// With `showsCommitsAfter`, the compositor has no repaint cycle of its own, as wlroots' headless
/// backend (sway, cage): a commit to an idle output is composited and shown that long after it is
/// made, and the output's frame timer then runs one interval from that presentation; a commit made
/// while the timer runs is shown that long after it fires. A commit's frame callbacks are answered
/// with its presentation.
///
/// A wait moves the clock to the next instant at which the compositor sends something, or to its
/// deadline; a signalled control channel ends it at once with `.woken`. Every run is exact and
/// repeatable.
final class ScriptedCompositor: WaylandSurfaceEvents, @unchecked Sendable {
    /// What the script changes at an instant.
    enum Change: Hashable, Sendable {
        /// The surface is hidden (unmapped, minimised): no repaints.
        case hidden
        /// The surface is shown again: the repaints start over, the first at this instant.
        case shown
        /// The repaint due at or after this instant does not happen.
        case skipsRepaint
        /// The compositor dies: the connection breaks with `EPIPE`.
        case dies
        /// The surface moves to output `index` (of ``outputs``).
        case movesToOutput(Int)
        /// The compositor stops reading its socket (stopped): the client's requests find the socket
        /// full (``WaylandError/compositorNotReading``), its commits are not sent, nothing is
        /// repainted.
        case stopsReading
        /// It reads again: the repaints start over at this instant.
        case readsAgain
    }

    /// One output: its global name, refresh interval and the instant of one of its vblanks.
    struct Output: Sendable {
        var globalName: UInt32
        var interval: Int64
        var phase: Int64
    }

    /// The compositor's own record of what it did, for the tests to compare with the link's.
    struct Record: Sendable {
        /// When each commit was made.
        var commits: [Int64] = []
        /// When each frame callback was sent, by id.
        var callbacks: [(id: UInt64, at: Int64)] = []
        /// When each presentation was sent (its time), by feedback id, and on which output (index).
        var presentations: [(id: UInt64, at: Int64)] = []
        /// The output index of each presentation, in the order of ``presentations``.
        var presentationOutputs: [Int] = []
        /// Feedback ids discarded.
        var discarded: [UInt64] = []
        /// Each wait for an event that blocked (its deadline was later than the instant it began):
        /// when it began and when it ended. Each end is one wake-up of the frame thread.
        var waits: [(began: Int64, ended: Int64)] = []
    }

    private struct Content {
        var callbacks: [UInt64] = []
        var feedbacks: [UInt64] = []
    }

    private struct State {
        var shown = true
        var dead = false
        var reading = true
        /// The next repaint while shown.
        var nextRepaint: Int64
        var scheduled: [(at: Int64, change: Change)] = []
        var skipping = false
        /// Asked for since the last commit.
        var requested = Content()
        /// Committed and not repainted yet.
        var committed: Content?
        /// Repainted at the last repaint, presented at the next.
        var repainted: [UInt64] = []
        var events: [WaylandFrameEvent] = []
        var nextID: UInt64 = 1
        var record = Record()
        /// The output the surface is on.
        var output = 0
        /// The latest presentation sent.
        var latestPresentation: WaylandPresentedFrame?
        /// The commit to show (``showsCommitsAfter``): when, and what it carries.
        var showing: (at: Int64, content: Content)?
    }

    let kernel: ScriptedKernel
    /// The repaint interval of the first output (also its advertised refresh).
    let interval: Int64
    /// How long after a vblank each repaint comes.
    let repaintLag: Int64
    /// How long after a commit it is shown, for a compositor that shows commits at once; nil: at the
    /// repaint after the one that composites it.
    let showsCommitsAfter: Int64?
    /// The outputs; the surface starts on the first.
    let scriptedOutputs: [Output]
    let name = "Wayland window 'scripted'"
    let feedbackUnavailable: String?
    /// The scripted compositor offers no timed commits.
    let commitTiming: String? = nil
    /// No wait may take the clock past this instant: a run gone wrong ends instead of spinning.
    private let limit: Int64
    private let state: Locked<State>

    /// A compositor shown from the start, its first repaint at `firstRepaint`, on `kernel`'s clock,
    /// each repaint `repaintLag` after a vblank. `otherOutputs` are further outputs (refresh interval,
    /// and the instant of one of their vblanks); without `feedback`, the compositor has no
    /// `wp_presentation`.
    init(
        kernel: ScriptedKernel, interval: Int64 = 16_666_667, firstRepaint: Int64, repaintLag: Int64 = 0,
        otherOutputs: [(interval: Int64, vblank: Int64)] = [], feedback: Bool = true,
        showsCommitsAfter: Int64? = nil, limit: Duration = .seconds(600)
    ) {
        self.kernel = kernel
        self.interval = interval
        self.repaintLag = repaintLag
        self.showsCommitsAfter = showsCommitsAfter
        scriptedOutputs =
            [Output(globalName: 10, interval: interval, phase: firstRepaint)]
            + otherOutputs.enumerated().map {
                Output(
                    globalName: UInt32(11 + $0.offset), interval: $0.element.interval,
                    phase: $0.element.vblank)
            }
        feedbackUnavailable =
            feedback ? nil : WaylandError.missingGlobal(interface: "wp_presentation", version: 1).description
        self.limit = kernel.monotonicNanoseconds() + limit.wholeNanoseconds
        state = Locked(State(nextRepaint: firstRepaint))
    }

    var outputs: [WaylandOutput] {
        scriptedOutputs.map { output in
            WaylandOutput(
                globalName: output.globalName, name: nil, make: "scripted", model: "output", scale: 1,
                modes: [
                    WaylandOutput.Mode(
                        width: 800, height: 600,
                        refreshMillihertz: Int32((1e12 / Double(output.interval)).rounded()), isCurrent: true,
                        isPreferred: true)
                ])
        }
    }

    var enteredOutputs: [WaylandOutput] {
        let (shown, index) = state.withLock { ($0.shown, $0.output) }
        return shown ? [outputs[index]] : []
    }

    /// What the compositor did so far.
    var record: Record { state.withLock { $0.record } }

    /// The latest presentation sent by now.
    var latestPresentation: WaylandPresentedFrame? {
        let now = kernel.monotonicNanoseconds()
        return state.withLock { state in
            catchUp(&state, to: now)
            return state.latestPresentation
        }
    }

    // MARK: - Script

    /// Changes the surface or the compositor at the instant `time`.
    func schedule(_ change: Change, at time: Int64) {
        state.withLock { state in
            state.scheduled.append((time, change))
            state.scheduled.sort { $0.at < $1.at }
        }
    }

    /// The surface's commit, as the front end makes it in a frame's callback: what was asked for
    /// since the last one goes with it.
    func commit() {
        let now = kernel.monotonicNanoseconds()
        state.withLock { state in
            catchUp(&state, to: now)
            guard !state.dead, state.reading else { return }
            state.record.commits.append(now)
            var content = state.requested
            state.requested = Content()
            // A commit not yet repainted is replaced: its feedback is discarded, its callbacks stay.
            if let replaced = state.committed {
                content.callbacks = replaced.callbacks + content.callbacks
                discard(replaced.feedbacks, at: now, &state)
            }
            if let lag = showsCommitsAfter {
                // Shown once the output's frame timer has fired: at once on an idle output.
                if let replaced = state.showing?.content {
                    content.callbacks = replaced.callbacks + content.callbacks
                    discard(replaced.feedbacks, at: now, &state)
                }
                state.showing = (max(now, state.nextRepaint) + lag, content)
                return
            }
            state.committed = content
        }
    }

    // MARK: - WaylandSurfaceEvents

    func requestFrameCallback() throws(WaylandError) -> UInt64 {
        try request { $0.requested.callbacks.append($1) }
    }

    func requestPresentationFeedback() throws(WaylandError) -> UInt64 {
        try request { $0.requested.feedbacks.append($1) }
    }

    func monotonicNanoseconds() -> Int64 {
        kernel.monotonicNanoseconds()
    }

    func nextEvent(until deadline: Int64, wakingOn control: ControlChannel) -> WaylandFrameEvent {
        let began = kernel.monotonicNanoseconds()
        defer {
            if deadline > began {
                let ended = kernel.monotonicNanoseconds()
                state.withLock { $0.record.waits.append((began, ended)) }
            }
        }
        while true {
            if control.consume() { return .woken }
            let now = kernel.monotonicNanoseconds()
            let step = state.withLock { state -> (event: WaylandFrameEvent?, next: Int64) in
                catchUp(&state, to: now)
                if !state.events.isEmpty { return (state.events.removeFirst(), now) }
                if state.dead { return (.connectionLost(.brokenPipe), now) }
                return (nil, nextMoment(state))
            }
            if let event = step.event { return event }
            let target = min(step.next, deadline)
            guard target <= limit else { return .connectionLost(.canceled) }
            if target > now { kernel.elapse(Duration(nanoseconds: target - now)) }
            if step.next > deadline { return .timedOut }
        }
    }

    var connectionFailure: String? {
        state.withLock { $0.dead } ? WaylandError.connectionLost(.brokenPipe).description : nil
    }

    func close() {}

    // MARK: - The compositor's work

    private func request(_ add: (inout State, UInt64) -> Void) throws(WaylandError) -> UInt64 {
        let now = kernel.monotonicNanoseconds()
        return try state.withLock { state throws(WaylandError) -> UInt64 in
            catchUp(&state, to: now)
            guard !state.dead else { throw .connectionLost(.brokenPipe) }
            guard state.reading else { throw .compositorNotReading }
            let id = state.nextID
            state.nextID += 1
            add(&state, id)
            return id
        }
    }

    /// The next instant at which something happens: a scripted change, or a repaint while shown.
    private func nextMoment(_ state: State) -> Int64 {
        let repaint = state.shown && state.reading && showsCommitsAfter == nil ? state.nextRepaint : .max
        let shown = state.shown && state.reading ? state.showing?.at ?? .max : .max
        return min(state.scheduled.first?.at ?? .max, repaint, shown)
    }

    /// Does everything due at or before `now`, in order.
    private func catchUp(_ state: inout State, to now: Int64) {
        while !state.dead {
            let moment = nextMoment(state)
            guard moment <= now else { return }
            if let first = state.scheduled.first, first.at == moment {
                state.scheduled.removeFirst()
                apply(first.change, at: moment, &state)
            } else if let shown = state.showing, shown.at == moment {
                state.showing = nil
                present(shown.content.feedbacks, at: moment, receivedAt: moment, &state)
                answer(shown.content.callbacks, at: moment, &state)
                // The output's frame timer runs from each of its commits.
                state.nextRepaint = moment + scriptedOutputs[state.output].interval
            } else {
                repaint(at: moment, &state)
            }
        }
    }

    private func apply(_ change: Change, at time: Int64, _ state: inout State) {
        switch change {
        case .hidden:
            state.shown = false
            discard(state.repainted, at: time, &state)
            state.repainted = []
        case .shown:
            state.shown = true
            state.nextRepaint = time
            if let lag = showsCommitsAfter, let waiting = state.showing {
                state.showing = (max(waiting.at, time + lag), waiting.content)
            }
        case .skipsRepaint:
            state.skipping = true
        case .stopsReading:
            state.reading = false
        case .readsAgain:
            state.reading = true
            state.nextRepaint = time
        case .dies:
            state.dead = true
        case .movesToOutput(let index):
            state.output = index
            let output = scriptedOutputs[index]
            // The next repaint is the new output's first vblank at or after the move.
            let since = time - output.phase
            let steps = since <= 0 ? 0 : (since + output.interval - 1) / output.interval
            state.nextRepaint = output.phase + steps * output.interval
        }
    }

    /// One repaint: what was composited at the last one is presented, what was committed since is
    /// composited and its frame callbacks sent.
    private func repaint(at time: Int64, _ state: inout State) {
        let output = scriptedOutputs[state.output]
        state.nextRepaint = time + output.interval
        if state.skipping {
            state.skipping = false
            return
        }
        present(state.repainted, at: time - repaintLag, receivedAt: time, &state)
        state.repainted = []
        guard let content = state.committed else { return }
        state.committed = nil
        answer(content.callbacks, at: time, &state)
        state.repainted = content.feedbacks
    }

    /// Sends the frame callbacks `callbacks` at `time`.
    private func answer(_ callbacks: [UInt64], at time: Int64, _ state: inout State) {
        for id in callbacks {
            state.events.append(
                .frameCallback(
                    WaylandFrameCallback(
                        id: id, callbackTime: UInt32(truncatingIfNeeded: time / 1_000_000), receivedAt: time))
            )
            state.record.callbacks.append((id, time))
        }
    }

    /// Sends the presentation of `feedbacks` at `time` on the surface's output, received at `receivedAt`.
    private func present(_ feedbacks: [UInt64], at time: Int64, receivedAt: Int64, _ state: inout State) {
        let output = scriptedOutputs[state.output]
        for id in feedbacks {
            let frame = WaylandPresentedFrame(
                feedbackID: id, time: time, compositorTime: time, compositorClockID: 1,
                conversionErrorBound: 0, refreshInterval: output.interval, sequence: 0, flags: [.vsync],
                receivedAt: receivedAt, syncOutput: output.globalName)
            state.events.append(.presented(frame))
            state.latestPresentation = frame
            state.record.presentations.append((id, time))
            state.record.presentationOutputs.append(state.output)
        }
    }

    private func discard(_ feedbacks: [UInt64], at time: Int64, _ state: inout State) {
        for id in feedbacks {
            state.events.append(.discarded(feedbackID: id, receivedAt: time))
            state.record.discarded.append(id)
        }
    }
}
