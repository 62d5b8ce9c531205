#if WaylandBackend
    import Wayland

    /// Ticks on a Wayland surface's frame callbacks, on the grid of the compositor's presentation times.
    ///
    /// Each tick it returns has asked for the next frame callback and for presentation feedback first,
    /// so the commit the front end makes in the frame's callback carries both. A callback is then a tick
    /// on the grid point it follows ([`PresentationGrid`]: the grid anchored on the latest presentation,
    /// its interval measured), and the tick says how many intervals later the compositor will show what
    /// is drawn for it, so the frame's `targetTimestamp` is the predicted presentation. Presentation
    /// feedback goes to the links as it comes (``TickSourceReport``), joined to the tick whose commit it
    /// reports.
    ///
    /// One frame callback is asked for at a time, so the callbacks that a hidden surface queues cannot
    /// come back as a burst. When none is pending (nobody wanted the last callback's tick, at a divisor)
    /// or the one pending may never have been committed (after a pause), the wanted tick comes from the
    /// grid as a timer's would. When the pending one is overdue (``CompositorRepaintPolicy``) the surface
    /// is not being shown: the source goes on as a timer on the last presentations' phase and interval,
    /// reports the change, and goes back to the callbacks, reporting that too, when the pending one
    /// fires. On a compositor that answers callbacks well before it shows the commits, ticks on the grid
    /// come a little ahead of the grid point they are stamped with (``Tick/dispatchAt``), so that the
    /// commit is in before the compositor's repaint.
    ///
    /// The source follows the output the frames are shown on (``WaylandOutputFollowing``). When the
    /// frames move to another output or refresh, the grid starts anew on the new nominal interval (what
    /// was measured on the old output is forgotten, the presentation depth learned in intervals is
    /// kept), and the change is reported (``FrameSourceInfo/Reason/outputChanged(to:from:)``), so that
    /// the links choose their divisors again from the new nominal rate. Feedback already received when a
    /// frame callback arrives is taken before the callback's tick is made, so that the first callback
    /// from the new output is already a tick on its grid.
    ///
    /// A window shown before its source was made (its latest presentation, kept by its frame timing,
    /// at most ``PresentationGrid/longestMeasuredGap`` intervals old) gives the grid its phase and
    /// refresh from the start: the first tick is one of the compositor's vblanks, not a guess that a
    /// compositor already repainting on a phase of its own would show up to an interval late.
    ///
    /// A closed surface or a lost connection (the compositor gone) fails the source; the frame thread
    /// then replaces it with a timer on its grid. Every wait is bounded and can be woken by the control
    /// channel. Deadlines are met to the millisecond (`poll`), which is what a surface shown by a
    /// compositor needs; the timer sources are the ones that aim at microseconds. For the same reason
    /// the source does not wake early to rehearse the dispatch path: a callback arrives when the
    /// compositor sends it, not at an instant the source could wake before.
    ///
    /// The source is generic over its ``WaylandSurfaceEvents``: it reads time and waits only through
    /// the surface (``WaylandSurfaceBinding`` in production, a compositor in virtual time in tests).
    final class WaylandTickSource<Surface: WaylandSurfaceEvents>: TickSource {
        let kind = FrameSourceKind.wayland
        /// The compositor shows the frames and reports when.
        let presentsFrames = true

        /// A frame callback asked for and not fired yet.
        private struct PendingCallback {
            var id: UInt64
            /// The tick whose dispatch was to commit it.
            var tick: Int64
            /// When that dispatch ended (the commit made by then); nil while it has not, or while it is
            /// unknown whether anything was committed (after the links were idle).
            var armedAt: Int64?
        }

        /// The tick a presentation feedback reports on, and the frame callback that tick followed —
        /// or, for a tick on the grid (no callback), when it was dispatched.
        private struct FeedbackRecord {
            var tick: Int64
            var callbackAt: Int64?
            var gridTickAt: Int64? = nil
        }

        private let surface: Surface
        private let control: ControlChannel
        private var presentations: PresentationGrid
        private var pending: PendingCallback?
        /// Presentation feedbacks asked for, by id.
        private var feedbackTicks: [UInt64: FeedbackRecord] = [:]
        /// A presentation taken and not yet passed on to the links. A tick's feedback is asked for
        /// before its callback runs; when the callback commits nothing (no buffer was free), the
        /// feedback rides the next commit, and is presented with that commit's own, at one time: of
        /// the feedbacks presented together only the newest tick's frame was shown, and the older
        /// ones are passed on as discarded. The held one is passed on at the surface's next event
        /// that is no presentation (a frame callback, the end of a wait): a tick may be returned
        /// between two presentations of one commit.
        private var heldPresentation: (record: FeedbackRecord, frame: WaylandPresentedFrame)?
        /// The last tick returned, until its dispatch ends (``dispatchEnded(framesDelivered:)``).
        private var lastTick: Int64?
        /// What the source ticks on.
        private var mode = WaylandTickMode.followingCallbacks

        /// The output the frames are shown on, as far as known.
        private var following: WaylandOutputFollowing
        /// The last frame callback that fired for a commit: the tick whose dispatch committed it, and
        /// when it came.
        private var lastAnswer: (tick: Int64, at: Int64)?
        /// Ticks whose feedback could not be asked for (the compositor was not reading): reported
        /// discarded at the next wait, once the links have their frames.
        private var feedbackNotAsked: [Int64] = []
        /// The last presentation of a tick's commit: the tick, and when it was shown.
        private var lastShown: (tick: Int64, at: Int64)?
        /// When the last tick returned may start its frame, as far as the source knows (its dispatch
        /// instant, or its grid point): a tick asked for at once (``answersAtOnce(receivedAt:wanted:)``)
        /// starts ``aheadSpacingEighths`` eighths of an interval after it at the earliest.
        private var lastTickStart: Int64?
        /// When ticks come relative to the compositor's repaint, and when a callback is overdue.
        private var repaint = CompositorRepaintPolicy()
        /// What the source does while the callbacks have stopped (the surface hidden).
        private var hiddenPolicy = HiddenWindowPolicy.keepRate

        /// How long before a grid point a tick on the grid comes.
        private var gridLead: Int64 {
            repaint.gridLead(interval: presentations.interval, onTimer: timerSince != nil)
        }

        /// The output the frames are shown on, with its nominal refresh, as far as known.
        var sourceOutput: FrameSourceOutput? { following.current?.info }

        /// Since when the source has been ticking as a timer because callbacks stopped; nil while it
        /// follows them.
        private var timerSince: Int64? {
            if case .onTimer(let since) = mode.ticking { return since }
            return nil
        }

        /// Changes the mode ticks follow (kept behind an idle wait while one lasts).
        private func setTicking(_ ticking: WaylandTickMode) {
            if case .idle = mode {
                mode = .idle(resume: ticking)
            } else {
                mode = ticking
            }
        }

        /// Why there is no presentation feedback; nil while there is.
        private var feedbackUnavailable: String?
        /// Why the source ticks the way it does, for ``DisplayLink/sourceInfo``.
        private(set) var reason: FrameSourceInfo.Reason
        /// The interval last published in a report.
        private var publishedInterval: Int64
        private var sink: (TickSourceReport) -> Void = { _ in }
        /// Sees every presentation reported, with the tick it belongs to (tests compare them with the
        /// links' records).
        var presentationObserver: ((WaylandPresentedFrame, Int64) -> Void)?

        /// Feedbacks asked for and not answered, at most: a hidden surface answers none until it is
        /// shown again, a stopped compositor none until it goes on; past it one is taken as discarded
        /// (``feedbackGivingWay()``), and the next frame asks. Sixteen, so that the older half kept
        /// holds every frame a front end can commit to a stopped compositor, which releases none of
        /// its buffers: a swapchain's images (lavapipe's MAILBOX has five) and the frame before.
        static var maximumOutstandingFeedback: Int { 16 }
        /// The interval assumed when the compositor names no output refresh.
        static var defaultInterval: Int64 { 16_666_667 }
        /// An idle wait (the links paused or wanting no frame) looks at its limit at least once a
        /// minute: bounded, as every wait of the source is, and a paused link costs one wake-up a
        /// minute at most (the compositor's events and the control channel end the wait at once).
        static var longestIdleWait: Int64 { 60_000_000_000 }
        /// A hidden surface paused until shown waits for the compositor at most a minute at a time: its
        /// wait is bounded as every wait is, and a hidden window costs one wake-up a minute at most.
        static var longestHiddenWait: Int64 { 60_000_000_000 }
        /// How far apart, in eighths of an interval, a tick asked for at once starts from the one before:
        /// more than the half interval a link keeps between two callbacks' starts (its rule P4), with
        /// room for a frame thread that started the last callback a little late.
        static var aheadSpacingEighths: Int64 { 5 }
        /// A measured interval is published once it moved by more than a 200th (half a percent): less
        /// is noise.
        static var publishedIntervalDivisor: Int64 { 200 }

        /// A source on `surface`, its grid starting at `now` (the surface's clock now by default) with
        /// the output's advertised refresh — or, when the surface was presented shortly before (a
        /// window shown before its link started), on that presentation's phase and refresh.
        init(surface: Surface, control: ControlChannel, now: Int64? = nil) {
            self.surface = surface
            self.control = control
            let start = now ?? surface.monotonicNanoseconds()
            let shown = Self.recentPresentation(of: surface, now: start)
            let outputs = surface.outputs
            following = WaylandOutputFollowing(
                presentedOn: shown?.syncOutput, refreshInterval: shown?.refreshInterval ?? 0,
                entered: surface.enteredOutputs, outputs: outputs)
            // Until the first presentation says, the fastest output's refresh.
            let interval =
                following.current?.interval ?? WaylandOutputFollowing.fastest(outputs)?.refreshInterval
                ?? Self.defaultInterval
            // Anchored on the presentation, the first tick is a presentation of the compositor's, not
            // an instant it would show a commit up to an interval later than the grid says.
            presentations = PresentationGrid(start: shown?.time ?? start, advertisedInterval: interval)
            publishedInterval = interval
            feedbackUnavailable = surface.feedbackUnavailable
            reason = feedbackUnavailable.map { .frameCallbacksOnly($0) } ?? .requested
            feedbackTicks.reserveCapacity(2 * Self.maximumOutstandingFeedback)
        }

        /// The surface's latest presentation if it is recent enough to give the compositor's phase: at
        /// most ``PresentationGrid/longestMeasuredGap`` intervals before `now` (a compositor's real
        /// interval may differ from its nominal one by a few percent, a tenth of an interval four on).
        private static func recentPresentation(of surface: Surface, now: Int64) -> WaylandPresentedFrame? {
            guard let shown = surface.latestPresentation, shown.time <= now else { return nil }
            let interval = shown.refreshInterval > 0 ? shown.refreshInterval : Self.defaultInterval
            return now - shown.time <= PresentationGrid.longestMeasuredGap * interval ? shown : nil
        }

        var grid: TickGrid { presentations.grid }

        var description: String {
            let interval = presentations.interval
            let rate = DecimalFormat.string(1e9 / Double(interval), digits: 3)
            let measured = presentations.measuredInterval != nil ? "measured" : "advertised"
            let callbacksOnly = feedbackUnavailable != nil ? ", frame callbacks only" : ""
            let timed = surface.commitTiming.map { ", timed commits: \($0)" } ?? ""
            return "\(surface.name) \(rate) Hz (\(measured)\(callbacksOnly)\(timed))"
        }

        /// What ``DisplayLink/sourceInfo`` says while the source ticks as it does now.
        ///
        /// While the surface is hidden it names the policy applied: a timer (kind ``FrameSourceKind/timer``)
        /// at the output's rate or the reduced one, or, paused until shown, the surface itself (kind
        /// ``FrameSourceKind/wayland``: nothing but its callbacks will tick).
        var info: FrameSourceInfo {
            let period = grid.period
            guard timerSince != nil else {
                return FrameSourceInfo(
                    kind: .wayland, name: description, period: period, reason: reason, output: sourceOutput)
            }
            let on = sourceOutput.map { " on \($0.name)" } ?? ""
            if hiddenPolicy.pausesTicks {
                return FrameSourceInfo(
                    kind: .wayland, name: "\(description), hidden: no frames until it is shown",
                    period: period, reason: reason, output: sourceOutput, hiddenWindow: hiddenPolicy)
            }
            let rate = period.framesPerSecond / Double(hiddenDivisor)
            return FrameSourceInfo(
                kind: .timer,
                name: "timer \(DecimalFormat.string(rate, digits: 3)) Hz "
                    + "(the last presentations of \(surface.name)\(on))",
                period: period, reason: reason, output: sourceOutput, hiddenWindow: hiddenPolicy)
        }

        /// How many intervals apart ticks come while the surface is hidden (``HiddenWindowPolicy``), on
        /// the output's nominal rate when it is known.
        private var hiddenDivisor: Int64 {
            let rate = sourceOutput?.framesPerSecond ?? grid.period.framesPerSecond
            return hiddenPolicy.hiddenDivisor(sourceFramesPerSecond: rate)
        }

        /// The first sequence at or after `sequence` that ticks while the surface is hidden: a multiple
        /// of ``hiddenDivisor``, on the grid's phase.
        private func hiddenSequence(atOrAfter sequence: Int64) -> Int64 {
            let divisor = hiddenDivisor
            let remainder = ((sequence % divisor) + divisor) % divisor
            return remainder == 0 ? sequence : sequence + divisor - remainder
        }

        /// The last sequence at or before `sequence` that ticks while the surface is hidden.
        private func hiddenSequence(atOrBefore sequence: Int64) -> Int64 {
            let divisor = hiddenDivisor
            return sequence - ((sequence % divisor) + divisor) % divisor
        }

        func applyHiddenWindowPolicy(_ policy: HiddenWindowPolicy) {
            guard policy != hiddenPolicy else { return }
            hiddenPolicy = policy
            // While hidden, the links hear of the new policy at once.
            if timerSince != nil { sink(.changed(info)) }
        }

        func report(to sink: @escaping (TickSourceReport) -> Void) {
            self.sink = sink
        }

        func close() {
            surface.close()
        }

        // MARK: - The wait

        func waitForTick(
            atOrAfter sequence: Int64?, until limit: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
        ) throws(TickSourceFailure) -> TickWait {
            for tick in feedbackNotAsked { sink(.discarded(tick: tick)) }
            feedbackNotAsked.removeAll()
            guard let wanted = sequence else {
                return try waitWhileIdle(until: limit)
            }
            // Whether the last wait ended at its deadline with nothing sent: a callback is overdue only
            // then (a thread that woke late may find it already sent).
            var nothingSent = false
            while true {
                let now = surface.monotonicNanoseconds()
                let armedAt = timerSince == nil ? pending?.armedAt : nil
                let overdue = armedAt.map { now >= stallDeadline(armedAt: $0) } ?? false
                if overdue, nothingSent, let armedAt {
                    callbacksStopped(now: now, armedAt: armedAt)
                    continue
                }
                // Hidden and paused until shown: nothing from the grid, only the next callback.
                let hidden = timerSince != nil
                let paused = hidden && hiddenPolicy.pausesTicks
                // On the grid: as a timer (at the hidden rate), or while no committed callback can come;
                // ahead of the grid point on a compositor that repaints right after its vblank.
                let onGrid = !paused && (hidden || pending?.armedAt == nil)
                let target = hidden ? hiddenSequence(atOrAfter: wanted) : wanted
                let due = grid.timestamp(of: target) - gridLead
                if onGrid, now >= due {
                    let reached = grid.sequence(at: now + gridLead)
                    let sequence = max(target, hidden ? hiddenSequence(atOrBefore: reached) : reached)
                    return .tick(try gridTick(sequence, now: now))
                }
                if let limit, now >= limit { return .due }
                let deadline =
                    paused
                    ? now + Self.longestHiddenWait
                    : overdue ? now + 1 : onGrid ? due : stallDeadline(armedAt: armedAt ?? now)
                switch try nextEvent(until: limit.map { min($0, deadline) } ?? deadline) {
                case .callback(let receivedAt):
                    // Feedback that came with the callback first: the grid may be on another output now.
                    try takeReceivedEvents()
                    let tick = presentations.callbackSequence(receivedAt: receivedAt)
                    if tick >= wanted { return .tick(try callbackTick(tick, callbackAt: receivedAt)) }
                    if answersAtOnce(receivedAt: receivedAt, wanted: wanted) {
                        return .tick(try callbackTick(wanted, callbackAt: receivedAt, ahead: true))
                    }
                    // Nobody wants the tick this callback follows: the grid ticks the wanted one.
                    nothingSent = false
                case .woken:
                    return .woken
                case .timedOut:
                    // Only a wait that ran to the source's own deadline says that nothing was sent.
                    nothingSent = limit.map { $0 > deadline } ?? true
                case .other:
                    nothingSent = false
                }
            }
        }

        /// Whether the callback received at `receivedAt` came with the presentation of the commit it was
        /// asked with, made in the last tick's dispatch, and asks for the next frame now: a compositor
        /// with no repaint cycle of its own (wlroots' headless backend: sway, cage) shows a commit to
        /// an idle output at once and answers its callback then, and shows the next commit when its
        /// frame timer fires an interval later. Waiting for the next grid point instead (the
        /// presentations' spacing) would commit after that timer, to an idle output again, one
        /// compositing later each time: the grid would slow down frame by frame. The callback is taken
        /// as the wanted tick's, dispatched ahead of its grid point, when the compositor is known to
        /// answer a commit when it shows it (``CompositorRepaintPolicy/answersWithPresentation``), the
        /// tick answered is the one before the wanted one (a link at a divisor waits for its grid
        /// point), and the answer came less than half an interval after that tick's grid point (weston
        /// also answers with the presentation, but an interval or two after the tick).
        private func answersAtOnce(receivedAt: Int64, wanted: Int64) -> Bool {
            guard timerSince == nil, repaint.answersWithPresentation, let answer = lastAnswer,
                answer.at == receivedAt, answer.tick + 1 == wanted
            else { return false }
            return receivedAt - grid.timestamp(of: answer.tick) < presentations.interval / 2
        }

        /// When a callback armed at `armedAt` is overdue (``CompositorRepaintPolicy``): on the measured
        /// interval, or, after a move to another output and until the new output's interval is
        /// measured, on the slower of the old and the new one.
        private func stallDeadline(armedAt: Int64) -> Int64 {
            let interval =
                presentations.measuredInterval ?? max(presentations.interval, following.leftInterval)
            let start = CompositorRepaintPolicy.waitStart(
                commit: armedAt, gridPoint: pending.map { grid.timestamp(of: $0.tick) },
                lastCallback: lastAnswer?.at, interval: presentations.interval)
            return start
                + CompositorRepaintPolicy.callbackWait(interval: interval, settled: presentations.hasMeasured)
        }

        /// The dispatch of the last tick returned has ended: what was committed in it carries the
        /// pending frame callback, which the compositor sends at its next repaint. A dispatch that
        /// delivered no frame committed nothing: the callback rides on a later commit, and the next
        /// tick comes from the grid, not from a callback that cannot come (which would take the
        /// window for hidden).
        func dispatchEnded(framesDelivered: Bool) {
            if framesDelivered, var callback = pending, callback.armedAt == nil, callback.tick == lastTick {
                callback.armedAt = surface.monotonicNanoseconds()
                pending = callback
            }
            lastTick = nil
        }

        /// Waits for the control channel (or `limit`) while no link wants a tick, taking the surface's
        /// events meanwhile. After a wake-up it is unknown whether the pending callback was ever
        /// committed.
        private func waitWhileIdle(until limit: Int64?) throws(TickSourceFailure) -> TickWait {
            mode = .idle(resume: mode.ticking)
            defer { mode = mode.ticking }
            while true {
                let now = surface.monotonicNanoseconds()
                if let limit, now >= limit { return .due }
                let deadline = min(limit ?? .max, now + Self.longestIdleWait)
                if case .woken = try nextEvent(until: deadline) { break }
            }
            pending?.armedAt = nil
            return .woken
        }

        /// Takes the events already received (presentation feedback read in the same batch as a frame
        /// callback), without waiting. A wake-up of the control channel among them is signalled again, so
        /// that the next wait sees it.
        private func takeReceivedEvents() throws(TickSourceFailure) {
            let now = surface.monotonicNanoseconds()
            while true {
                switch try nextEvent(until: now) {
                case .timedOut: return
                case .woken:
                    control.signal()
                    return
                case .callback, .other: continue
                }
            }
        }

        // MARK: - Ticks

        /// A tick for the grid point a frame callback followed, or, `ahead`, the one after it that the
        /// callback asks for (``answersAtOnce(receivedAt:wanted:)``): dispatched at once, ahead of its
        /// grid point.
        private func callbackTick(_ sequence: Int64, callbackAt: Int64, ahead: Bool = false)
            throws(TickSourceFailure) -> Tick
        {
            let depth =
                feedbackUnavailable == nil
                ? presentations.presentationDepth(of: sequence, callbackAt: callbackAt) : 1
            try requestFrame(for: sequence, callbackAt: callbackAt)
            let timestamp = grid.timestamp(of: sequence)
            var dispatchAt: Int64?
            if ahead {
                let spaced =
                    (lastTickStart ?? callbackAt) + presentations.interval * Self.aheadSpacingEighths / 8
                dispatchAt = min(max(callbackAt, spaced), timestamp)
            }
            lastTickStart = dispatchAt ?? max(callbackAt, timestamp)
            return Tick(
                sequence: sequence, timestamp: timestamp, wokeAt: callbackAt, grid: grid,
                presentationDepth: depth, output: sourceOutput, dispatchAt: dispatchAt)
        }

        /// A tick for a grid point reached without a callback.
        private func gridTick(_ sequence: Int64, now: Int64) throws(TickSourceFailure) -> Tick {
            try requestFrame(for: sequence, callbackAt: nil, gridTickAt: now)
            let timestamp = grid.timestamp(of: sequence)
            // Dispatched now: ahead of its grid point, or at once after it.
            lastTickStart = now
            return Tick(
                sequence: sequence, timestamp: timestamp, wokeAt: now, grid: grid, output: sourceOutput,
                dispatchAt: now < timestamp ? now : nil)
        }

        /// Asks for what the commit made in tick `sequence`'s dispatch should carry: a frame callback
        /// (unless one is pending already) and presentation feedback.
        private func requestFrame(for sequence: Int64, callbackAt: Int64?, gridTickAt: Int64? = nil)
            throws(TickSourceFailure)
        {
            lastTick = sequence
            do {
                if var callback = pending {
                    // Not known to be committed yet: it rides on this tick's commit.
                    if callback.armedAt == nil {
                        callback.tick = sequence
                        pending = callback
                    }
                } else {
                    pending = PendingCallback(
                        id: try surface.requestFrameCallback(), tick: sequence, armedAt: nil)
                }
            } catch .compositorNotReading {
                // Not asked for: the compositor reads nothing now (stopped), and the ticks go on on
                // the grid; the next tick asks again.
            } catch {
                throw failure(error)
            }
            guard feedbackUnavailable == nil else { return }
            if feedbackTicks.count >= Self.maximumOutstandingFeedback, let id = feedbackGivingWay(),
                let givesWay = feedbackTicks.removeValue(forKey: id)
            {
                sink(.discarded(tick: givesWay.tick))
            }
            do {
                let id = try surface.requestPresentationFeedback()
                feedbackTicks[id] = FeedbackRecord(
                    tick: sequence, callbackAt: callbackAt, gridTickAt: gridTickAt)
            } catch .missingGlobal(let interface, let version) {
                feedbackLost(WaylandError.missingGlobal(interface: interface, version: version).description)
            } catch .presentationClockUnreadable(let clockID) {
                feedbackLost(WaylandError.presentationClockUnreadable(clockID: clockID).description)
            } catch .compositorNotReading {
                // Its commit will not be sent either: the frame is not shown, which is said once the
                // link has it (at the next wait).
                feedbackNotAsked.append(sequence)
            } catch {
                throw failure(error)
            }
        }

        // MARK: - Events

        /// What a wait for the surface's next event came to, for the tick logic.
        private enum Arrival {
            /// The pending frame callback fired, read at this instant.
            case callback(receivedAt: Int64)
            /// The control channel (or the connection's wake-up) ended the wait.
            case woken
            /// The deadline passed with nothing read.
            case timedOut
            /// Anything else: feedback, an event of no interest.
            case other
        }

        /// Waits until `deadline` (on the surface's clock) for the surface's next event and takes it.
        private func nextEvent(until deadline: Int64) throws(TickSourceFailure) -> Arrival {
            let event = surface.nextEvent(until: deadline, wakingOn: control)
            if case .presented = event {} else { passOnHeldPresentation() }
            switch event {
            case .frameCallback(let done):
                guard let answered = pending, done.id == answered.id else { return .other }
                if answered.armedAt != nil {
                    lastAnswer = (answered.tick, done.receivedAt)
                    // Its commit shown already: the compositor answered after the presentation.
                    if let shown = lastShown, shown.tick == answered.tick {
                        repaint.learn(
                            callbackAt: done.receivedAt, presentedAt: shown.at,
                            interval: presentations.interval)
                    }
                }
                pending = nil
                if let since = timerSince {
                    setTicking(.followingCallbacks)
                    change(
                        reason: .frameCallbacksResumed(
                            stoppedFor: Duration(nanoseconds: done.receivedAt - since))
                    )
                }
                // Without feedback, the callbacks themselves are the grid, on the fastest output entered.
                if feedbackUnavailable != nil {
                    if let entered = following.move(entered: surface.enteredOutputs) { moveTo(entered) }
                    presentations.recordPresentation(at: done.receivedAt)
                    publishIntervalIfMoved()
                }
                return .callback(receivedAt: done.receivedAt)
            case .presented(let frame):
                presented(frame)
                return .other
            case .discarded(let id, _):
                if let record = feedbackTicks.removeValue(forKey: id) { sink(.discarded(tick: record.tick)) }
                return .other
            case .timedOut:
                return .timedOut
            case .woken:
                control.drain()
                return .woken
            case .closed:
                throw TickSourceFailure(reason: "\(surface.name) was closed", errno: nil)
            case .connectionLost(let errno):
                let reason = surface.connectionFailure ?? WaylandError.connectionLost(errno).description
                throw TickSourceFailure(reason: reason, errno: errno)
            }
        }

        /// Takes a presentation: the grid follows it, and the links learn when their frame was shown.
        private func presented(_ frame: WaylandPresentedFrame) {
            if let shown = following.move(
                presentedOn: frame.syncOutput, refreshInterval: frame.refreshInterval,
                outputs: surface.outputs)
            {
                moveTo(shown)
            }
            presentations.advertise(frame.refreshInterval)
            presentations.recordPresentation(at: frame.time)
            if let record = feedbackTicks.removeValue(forKey: frame.feedbackID) {
                if let held = heldPresentation, held.frame.time == frame.time {
                    // One commit's feedbacks: the older tick's callback drew nothing that was shown.
                    if record.tick > held.record.tick { heldPresentation = (record, frame) }
                    sink(.discarded(tick: min(record.tick, held.record.tick)))
                } else {
                    passOnHeldPresentation()
                    heldPresentation = (record, frame)
                }
            }
            publishIntervalIfMoved()
        }

        /// The feedback that gives way when ``maximumOutstandingFeedback`` are unanswered (a hidden
        /// surface, a compositor that stopped): the oldest of the newer half. The older half were
        /// committed before the compositor stopped answering, and it answers them when it repaints
        /// again (a stopped compositor shows the last commit it was sent); the newer half hold the
        /// frames it answers first when it goes on. The frames between drew nothing (every buffer
        /// held) or are replaced unseen. Two with one tick: the newest gives way; nil when none waits.
        private func feedbackGivingWay() -> UInt64? {
            let olderKept = Self.maximumOutstandingFeedback / 2
            // Without sorting (which would allocate): the one with exactly `olderKept` older than it.
            for (id, record) in feedbackTicks {
                var older = 0
                for other in feedbackTicks.values where other.tick < record.tick { older += 1 }
                if older == olderKept { return id }
            }
            return feedbackTicks.max { $0.value.tick < $1.value.tick }?.key
        }

        /// Passes the held presentation on (see ``heldPresentation``): the latency from its tick to
        /// its presentation is learned, and the links learn when their frame was shown.
        private func passOnHeldPresentation() {
            guard let (record, frame) = heldPresentation else { return }
            heldPresentation = nil
            lastShown = (record.tick, frame.time)
            if let answer = lastAnswer, answer.tick == record.tick {
                repaint.learn(
                    callbackAt: answer.at, presentedAt: frame.time, interval: presentations.interval)
            }
            if let callbackAt = record.callbackAt {
                presentations.recordLatency(callback: callbackAt, presented: frame.time)
            } else if let gridTickAt = record.gridTickAt {
                presentations.recordProvisionalLatency(gridTick: gridTickAt, presented: frame.time)
            }
            sink(.presented(tick: record.tick, time: frame.time))
            presentationObserver?(frame, record.tick)
        }

        /// Publishes the measured interval once it has moved (``publishedIntervalDivisor``).
        private func publishIntervalIfMoved() {
            let interval = presentations.interval
            guard abs(interval - publishedInterval) * Self.publishedIntervalDivisor > publishedInterval else {
                return
            }
            publishedInterval = interval
            sink(.changed(info))
        }

        // MARK: - Outputs

        /// The grid starts anew on `shown`'s nominal interval, and the change is reported.
        private func moveTo(_ shown: WaylandOutputFollowing.ShownOutput) {
            let previous = sourceOutput
            following.follow(shown, leavingInterval: presentations.interval)
            presentations.switchOutput(nominalInterval: shown.interval)
            change(reason: .outputChanged(to: shown.info, from: previous))
        }

        // MARK: - Changes of state

        /// The pending callback is overdue: tick as a timer on the grid from now on.
        private func callbacksStopped(now: Int64, armedAt: Int64) {
            setTicking(.onTimer(since: now))
            let waited = DecimalFormat.string(Double(now - armedAt) / 1e6, digits: 1)
            change(
                reason: .frameCallbacksStopped(
                    "no frame callback from \(surface.name) \(waited) ms after its last commit (the surface is "
                        + "hidden, minimised or unmapped, or nothing was committed)"))
        }

        /// Presentation feedback cannot be had after all: the callbacks alone make the grid from now on.
        private func feedbackLost(_ why: String) {
            feedbackUnavailable = why
            feedbackTicks.removeAll(keepingCapacity: true)
            change(reason: .frameCallbacksOnly(why))
        }

        private func change(reason newReason: FrameSourceInfo.Reason) {
            reason = newReason
            publishedInterval = presentations.interval
            sink(.changed(info))
        }

        /// The failure a Wayland error ends the source with.
        private func failure(_ error: WaylandError) -> TickSourceFailure {
            switch error {
            case .closed: TickSourceFailure(reason: "\(surface.name) was closed", errno: nil)
            case .connectionLost(let errno): TickSourceFailure(reason: error.description, errno: errno)
            default: TickSourceFailure(reason: error.description, errno: nil)
            }
        }
    }
#endif
