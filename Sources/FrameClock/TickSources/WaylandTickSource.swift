#if WaylandBackend
    import Wayland

    /// Ticks on a Wayland surface's frame callbacks, on the grid of the compositor's presentation times.
    ///
    /// Each tick it returns has asked for the next frame callback and for presentation feedback first,
    /// so the commit the front end makes in the frame's callback carries both. A callback is then a tick
    /// on the grid point it follows ([`PresentationGrid`]: the grid anchored on the latest presentation,
    /// its interval measured), and the tick says how many intervals later the display will show what is
    /// drawn for it (weston: two), so the frame's `targetTimestamp` is the predicted presentation.
    /// Presentation feedback goes to the links as it comes (``TickSourceReport``), joined to the tick
    /// whose commit it reports.
    ///
    /// One frame callback is asked for at a time, so the callbacks that a hidden surface queues cannot
    /// come back as a burst. When none is pending (nobody wanted the last callback's tick, at a divisor)
    /// or the one pending may never have been committed (after a pause), the wanted tick comes from the
    /// grid as a timer's would. When the pending one is overdue — not yet there two intervals (and at
    /// least 20 ms) after the last callback — the surface is not being shown: the source goes on as a timer on
    /// the last presentations' phase and interval, reports the change, and goes back to the callbacks,
    /// reporting that too, when the pending one fires.
    ///
    /// The source knows the output the frames are shown on: the presentation feedback's `sync_output`
    /// and `refresh` (or, from a compositor without feedback, the fastest output the window entered).
    /// When they name another output or refresh, the grid starts anew on the new nominal interval (what
    /// was measured on the old output is forgotten, the presentation depth learned in intervals is
    /// kept), and the change is reported (``FrameSourceInfo/Reason/outputChanged(to:from:)``), so that
    /// the links choose their divisors again from the new nominal rate. Feedback already received when a
    /// frame callback arrives is taken before the callback's tick is made, so that the first callback
    /// from the new output is already a tick on its grid.
    ///
    /// A compositor may answer a commit's frame callback well before it shows the commit: weston
    /// repaints right after its vblank and then waits for the next one, so a commit made at the vblank
    /// races that repaint (at repaint-window 16, 0.7–1 ms after it), and one that loses is shown an
    /// interval later. When the presentations show that (a commit's callback came more than half an
    /// interval before the commit was shown), ticks on the grid come an eighth of an interval early,
    /// 2 ms at most, stamped with the grid point they precede (``Tick/dispatchAt``); the wait for a
    /// callback then counts from the last callback, so that a hidden surface is still on its timer
    /// within two intervals of it. Compositors whose callbacks follow the presentation (mutter) are
    /// ticked at the grid point.
    ///
    /// A window shown before its source was made (its latest presentation, kept by its frame timing,
    /// at most four intervals old) gives the grid its phase and refresh from the start: the first tick
    /// is one of the compositor's vblanks. Without it the first ticks are on a guess, and a compositor
    /// already repainting on a phase of its own (weston, for other windows) showed a window's first two
    /// frames up to an interval after their targets.
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
        /// The last tick returned, until its dispatch ends (``dispatchEnded()``).
        private var lastTick: Int64?
        /// What the source ticks on, as one value.
        private indirect enum Mode: Equatable {
            /// The surface's frame callbacks (the grid where none can come yet).
            case followingCallbacks
            /// The callbacks stopped: a timer on the last presentations' grid, since this instant.
            case onTimer(since: Int64)
            /// No link wants a tick: waiting for the control channel, taking the surface's events
            /// meanwhile; then back to `resume`.
            case idle(resume: Mode)

            /// The mode ticks follow: this one, or the one an idle wait returns to.
            var ticking: Mode {
                if case .idle(let resume) = self { return resume }
                return self
            }
        }

        private var mode = Mode.followingCallbacks

        /// The output the frames are shown on, as far as known.
        private struct ShownOutput {
            /// Its global name; nil when the compositor named none.
            var id: UInt32?
            var info: FrameSourceOutput
            /// The nominal refresh interval, in nanoseconds.
            var interval: Int64
        }

        private var output: ShownOutput?
        /// The last frame callback that fired for a commit: the tick whose dispatch committed it, and
        /// when it came.
        private var lastAnswer: (tick: Int64, at: Int64)?
        /// Whether the compositor answers a commit's frame callback well before it shows the commit:
        /// it repaints right after its vblank and then waits for the next (weston), so that a commit
        /// made at the vblank races that repaint. Grid ticks then come ``gridLead`` early.
        private var repaintsAhead = false

        /// How long before a grid point the source ticks on a compositor that ``repaintsAhead``: an
        /// eighth of the interval, at most 2 ms (weston headless at repaint-window 16 repaints
        /// 0.7–1 ms after its vblank; a commit made 0.2–0.4 ms after a tick at the vblank lost that race
        /// now and then, and its frame was shown late or about 2 ms after its target).
        private var gridLead: Int64 {
            guard repaintsAhead, timerSince == nil else { return 0 }
            return min(presentations.interval / 8, 2_000_000)
        }

        /// The interval on the output left last, until the new one's is measured: the stall deadline
        /// keeps to the slower of the two meanwhile (mutter's first callbacks on a faster output come late).
        private var leftOutputInterval: Int64 = 0

        /// The output the frames are shown on, with its nominal refresh, as far as known.
        var sourceOutput: FrameSourceOutput? { output?.info }

        /// Since when the source has been ticking as a timer because callbacks stopped; nil while it
        /// follows them.
        private var timerSince: Int64? {
            if case .onTimer(let since) = mode.ticking { return since }
            return nil
        }

        /// Changes the mode ticks follow (kept behind an idle wait while one lasts).
        private func setTicking(_ ticking: Mode) {
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
        /// shown again, and frames beyond these go without feedback meanwhile.
        static var maximumOutstandingFeedback: Int { 8 }
        /// How long a first frame callback may take before the surface counts as not shown, in ns.
        static var settlingTimeout: Int64 { 100_000_000 }
        /// The shortest wait for a callback after its commit before the surface counts as not shown, in ns.
        static var minimumStallWait: Int64 { 20_000_000 }
        /// The interval assumed when the compositor names no output refresh.
        static var defaultInterval: Int64 { 16_666_667 }

        /// A source on `surface`, its grid starting at `now` (the surface's clock now by default) with
        /// the output's advertised refresh — or, when the surface was presented shortly before (a
        /// window shown before its link started), on that presentation's phase and refresh.
        init(surface: Surface, control: ControlChannel, now: Int64? = nil) {
            self.surface = surface
            self.control = control
            let start = now ?? surface.monotonicNanoseconds()
            let shown = Self.recentPresentation(of: surface, now: start)
            // The output that presentation named; else the output the surface is on, or the
            // compositor's only one; else, until the first presentation says, the fastest output's
            // refresh.
            let named = shown?.syncOutput.flatMap { id in surface.outputs.first { $0.globalName == id } }
            let known =
                named ?? Self.fastest(surface.enteredOutputs)
                ?? (surface.outputs.count == 1 ? surface.outputs.first : nil)
            output = known.flatMap { Self.shownOutput($0, refreshInterval: shown?.refreshInterval ?? 0) }
            let interval =
                output?.interval ?? Self.fastest(surface.outputs)?.refreshInterval ?? Self.defaultInterval
            // Anchored on the presentation, the first tick is a presentation of the compositor's, not
            // an instant it would show a commit up to an interval later than the grid says.
            presentations = PresentationGrid(start: shown?.time ?? start, advertisedInterval: interval)
            publishedInterval = interval
            feedbackUnavailable = surface.feedbackUnavailable
            reason = feedbackUnavailable.map { .frameCallbacksOnly($0) } ?? .requested
            feedbackTicks.reserveCapacity(2 * Self.maximumOutstandingFeedback)
        }

        /// The surface's latest presentation if it is recent enough to give the compositor's phase: at
        /// most ``PresentationGrid/longestMeasuredGap`` intervals before `now` (weston headless's real
        /// interval is 3 % longer than it says: four intervals on, the phase is a tenth of one off).
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
            return "\(surface.name) \(rate) Hz (\(measured)\(callbacksOnly))"
        }

        /// What ``DisplayLink/sourceInfo`` says while the source ticks as it does now.
        var info: FrameSourceInfo {
            let period = grid.period
            guard timerSince != nil else {
                return FrameSourceInfo(
                    kind: .wayland, name: description, period: period, reason: reason, output: output?.info)
            }
            let on = output.map { " on \($0.info.name)" } ?? ""
            return FrameSourceInfo(
                kind: .timer,
                name: "timer \(DecimalFormat.string(period.framesPerSecond, digits: 3)) Hz "
                    + "(the last presentations of \(surface.name)\(on))",
                period: period, reason: reason, output: output?.info)
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
                // On the grid: as a timer, or while no committed callback can come; ahead of the grid
                // point on a compositor that repaints right after its vblank.
                let onGrid = timerSince != nil || pending?.armedAt == nil
                let due = grid.timestamp(of: wanted) - gridLead
                if onGrid, now >= due {
                    return .tick(try gridTick(max(wanted, grid.sequence(at: now + gridLead)), now: now))
                }
                if let limit, now >= limit { return .due }
                let deadline = overdue ? now + 1 : onGrid ? due : stallDeadline(armedAt: armedAt ?? now)
                switch try nextEvent(until: limit.map { min($0, deadline) } ?? deadline) {
                case .callback(let receivedAt):
                    // Feedback that came with the callback first: the grid may be on another output now.
                    try takeReceivedEvents()
                    let tick = presentations.callbackSequence(receivedAt: receivedAt)
                    // Nobody wants the tick this callback follows: the grid ticks the wanted one.
                    if tick >= wanted { return .tick(try callbackTick(tick, callbackAt: receivedAt)) }
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

        /// When a callback armed at `armedAt` is overdue: a quarter of an interval short of two intervals
        /// after the commit, so that the link is on its timer within two intervals of the last callback
        /// (a commit follows its callback by well under an eighth, and the waits end to the millisecond).
        /// The compositor sends the callback at its first repaint after the commit, at most an interval
        /// later; the rest absorbs a repaint that comes late (weston headless on a busy machine: by most
        /// of an interval now and then). Never under ``minimumStallWait``: at 144 Hz, two intervals are
        /// 14 ms, and mutter's software renderer on a busy machine sends a callback 13 to 16 ms after the
        /// commit every few frames. Until the grid was first measured (the first presentations, the first
        /// mapping of a window), at least ``settlingTimeout``; after a move to another output, until the
        /// new output's interval is measured, on the slower of the old and the new interval.
        private func stallDeadline(armedAt: Int64) -> Int64 {
            let interval = presentations.measuredInterval ?? max(presentations.interval, leftOutputInterval)
            let overdue = max(2 * interval - interval / 4, Self.minimumStallWait)
            let settled = presentations.hasMeasured
            return stallBase(armedAt: armedAt) + (settled ? overdue : max(overdue, Self.settlingTimeout))
        }

        /// The instant the wait for a callback counts from: the commit — or, for a commit made ahead of
        /// its grid point (``gridLead``), most of an interval after the last callback rather than just
        /// after it, that callback plus the eighth a commit may follow it by, so that the link is
        /// still on its timer within two intervals of the last callback. (A commit made after its grid
        /// point, as at a render deadline, counts from itself.)
        private func stallBase(armedAt: Int64) -> Int64 {
            guard let last = lastAnswer?.at, let committed = pending?.tick,
                armedAt < grid.timestamp(of: committed), last <= armedAt,
                armedAt - last < presentations.interval
            else { return armedAt }
            return min(armedAt, last + presentations.interval / 8)
        }

        /// The dispatch of the last tick returned has ended: what was committed in it carries the
        /// pending frame callback, which the compositor sends at its next repaint.
        func dispatchEnded() {
            if var callback = pending, callback.armedAt == nil, callback.tick == lastTick {
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
                let deadline = min(limit ?? .max, now + 1_000_000_000)
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

        /// A tick for the grid point a frame callback followed.
        private func callbackTick(_ sequence: Int64, callbackAt: Int64) throws(TickSourceFailure) -> Tick {
            let depth =
                feedbackUnavailable == nil
                ? presentations.presentationDepth(of: sequence, callbackAt: callbackAt) : 1
            try requestFrame(for: sequence, callbackAt: callbackAt)
            return Tick(
                sequence: sequence, timestamp: grid.timestamp(of: sequence), wokeAt: callbackAt, grid: grid,
                presentationDepth: depth, output: output?.info)
        }

        /// A tick for a grid point reached without a callback.
        private func gridTick(_ sequence: Int64, now: Int64) throws(TickSourceFailure) -> Tick {
            try requestFrame(for: sequence, callbackAt: nil, gridTickAt: now)
            let timestamp = grid.timestamp(of: sequence)
            return Tick(
                sequence: sequence, timestamp: timestamp, wokeAt: now, grid: grid, output: output?.info,
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
            } catch {
                throw failure(error)
            }
            guard feedbackUnavailable == nil, feedbackTicks.count < Self.maximumOutstandingFeedback else {
                return
            }
            do {
                let id = try surface.requestPresentationFeedback()
                feedbackTicks[id] = FeedbackRecord(
                    tick: sequence, callbackAt: callbackAt, gridTickAt: gridTickAt)
            } catch .missingGlobal(let interface, let version) {
                feedbackLost(WaylandError.missingGlobal(interface: interface, version: version).description)
            } catch .presentationClockUnreadable(let clockID) {
                feedbackLost(WaylandError.presentationClockUnreadable(clockID: clockID).description)
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
            switch surface.nextEvent(until: deadline, wakingOn: control) {
            case .frameCallback(let done):
                guard let answered = pending, done.id == answered.id else { return .other }
                if answered.armedAt != nil { lastAnswer = (answered.tick, done.receivedAt) }
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
                    if let entered = Self.fastest(surface.enteredOutputs) {
                        follow(entered, refreshInterval: 0)
                    }
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
            if let id = frame.syncOutput,
                id != output?.id || !Self.sameRefresh(frame.refreshInterval, output?.interval),
                let named = surface.outputs.first(where: { $0.globalName == id })
            {
                follow(named, refreshInterval: frame.refreshInterval)
            } else if frame.syncOutput == nil, frame.refreshInterval > 0, let current = output,
                !Self.sameRefresh(frame.refreshInterval, current.interval)
            {
                // Another refresh, no output named: the same output in another mode, as far as known.
                let millihertz = Int((1e12 / Double(frame.refreshInterval)).rounded())
                moveTo(
                    ShownOutput(
                        id: current.id,
                        info: FrameSourceOutput(name: current.info.name, refreshMillihertz: millihertz),
                        interval: frame.refreshInterval))
            }
            presentations.advertise(frame.refreshInterval)
            presentations.recordPresentation(at: frame.time)
            if let record = feedbackTicks.removeValue(forKey: frame.feedbackID) {
                if let answer = lastAnswer, answer.tick == record.tick {
                    repaintsAhead = answer.at < frame.time - presentations.interval / 2
                }
                if let callbackAt = record.callbackAt {
                    presentations.recordLatency(callback: callbackAt, presented: frame.time)
                } else if let gridTickAt = record.gridTickAt {
                    presentations.recordProvisionalLatency(gridTick: gridTickAt, presented: frame.time)
                }
                sink(.presented(tick: record.tick, time: frame.time))
                presentationObserver?(frame, record.tick)
            }
            publishIntervalIfMoved()
        }

        /// Publishes the measured interval once it has moved by more than half a percent.
        private func publishIntervalIfMoved() {
            let interval = presentations.interval
            guard abs(interval - publishedInterval) * 200 > publishedInterval else { return }
            publishedInterval = interval
            sink(.changed(info))
        }

        // MARK: - Outputs

        /// Whether two refresh intervals name the same rate (to half a percent: a mode's 60 000 mHz is
        /// 16 666 666 ns, a feedback's refresh 16 666 667); zero and nil name none.
        private static func sameRefresh(_ interval: Int64, _ other: Int64?) -> Bool {
            guard let other, interval > 0, other > 0 else { return interval <= 0 }
            return abs(interval - other) * 200 <= other
        }

        /// The output of `outputs` with the shortest nominal refresh interval, if any names one.
        private static func fastest(_ outputs: [WaylandOutput]) -> WaylandOutput? {
            outputs.filter { $0.refreshInterval != nil }.min {
                $0.refreshInterval ?? 0 < $1.refreshInterval ?? 0
            }
        }

        /// What the source knows of `output` shown at `refreshInterval` (the feedback's; 0: the output's
        /// mode's), or nil when neither names a refresh. The rate is the mode's when it agrees with the
        /// feedback's refresh to half a percent (144 000 mHz, not 1e12 / 6 944 445).
        private static func shownOutput(_ output: WaylandOutput, refreshInterval: Int64) -> ShownOutput? {
            guard let interval = refreshInterval > 0 ? refreshInterval : output.refreshInterval else {
                return nil
            }
            var millihertz = Int((1e12 / Double(interval)).rounded())
            if let mode = output.refreshInterval, let modeRate = output.refreshMillihertz,
                abs(mode - interval) * 200 <= interval
            {
                millihertz = modeRate
            }
            return ShownOutput(
                id: output.globalName,
                info: FrameSourceOutput(name: output.label, refreshMillihertz: millihertz),
                interval: interval)
        }

        /// The frames are shown on `named` (at the feedback's `refreshInterval`, or 0 for its mode's):
        /// follows it unless it is the output already followed, at the same refresh.
        private func follow(_ named: WaylandOutput, refreshInterval: Int64) {
            guard let shown = Self.shownOutput(named, refreshInterval: refreshInterval),
                shown.id != output?.id || !Self.sameRefresh(shown.interval, output?.interval)
            else { return }
            moveTo(shown)
        }

        /// The grid starts anew on `shown`'s nominal interval, and the change is reported.
        private func moveTo(_ shown: ShownOutput) {
            let previous = output?.info
            output = shown
            leftOutputInterval = presentations.interval
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
