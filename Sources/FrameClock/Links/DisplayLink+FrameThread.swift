/// The link's side of the frame thread's run loop: each frame is planned under the lock (pacing
/// decision, the frame, its timeline slot), delivered outside it (the `frames` consumers, then the
/// callback), and finished under the lock once the callback has returned (pacing after it, the
/// render-time prediction, the outcome). A frame planned for a render deadline waits in the run
/// loop's queue for its start; nothing sleeps inside a dispatch.
extension DisplayLink {
    /// What a link made of a tick.
    enum PlanResult {
        /// No frame: the next tick the link wants (nil: none, until something changes).
        case none(wanted: Int64?)
        /// A frame to deliver at once, already taken out of the lock.
        case deliverNow(Delivery)
        /// A frame planned for a render deadline: the run loop starts frame `sequence` at `start`.
        case deliverAt(start: Int64, sequence: Int64)
    }

    /// A frame taken out of the lock for delivery (kept small: it is returned through the lock).
    struct Delivery {
        /// The grid of the tick the frame was made of.
        var grid: TickGrid
        var frame: Frame
        var callback: FrameCallback?
        var streams: [(id: Int, continuation: AsyncStream<FrameDelivery>.Continuation)]
        var intervalsSoFar: Int
        var contentSoFar: Int
        var slot: Int
        var started: Int64
        /// Whether the source's clock paces the frames: the next is the next tick, whenever it comes.
        var pacedBySource: Bool
    }

    /// The next tick the link wants, aligning it to the grid point after `currentSequence` if it has
    /// just started or resumed; nil when it wants none (inactive, or a frame in flight: see
    /// ``FrameSchedule``).
    func nextWantedSequence(currentSequence: Int64) -> Int64? {
        state.withLock { state in
            guard state.isActive else { return nil }
            return state.pacer.nextWanted(currentSequence: currentSequence)
        }
    }

    /// Plans what tick `tick`, handled at `now`, means for this link: nothing, a frame delivered at
    /// once (taken out of the lock, marked in flight), or a frame to start later.
    func plan(_ tick: Tick, now: Int64) -> PlanResult {
        state.withLock { state -> PlanResult in
            guard state.isActive, state.pacer.schedule.awaitsTick else { return .none(wanted: nil) }
            guard let plan = state.commit(state.decide(tick, now: now)) else {
                return .none(wanted: state.pacer.nextWanted)
            }
            if plan.start > now {
                state.pacer.plan(plan)
                return .deliverAt(start: plan.start, sequence: plan.sequence)
            }
            deliveryStarting.store(true, ordering: .relaxed)
            return .deliverNow(state.beginDelivery(of: plan, at: now))
        }
    }

    /// Plans the frame of `tick` (at the driver's clock) and delivers one that starts now, inside the
    /// driver's activity, so that a stall in the callback is this link's.
    func receive(_ tick: Tick, from driver: FrameDriver) -> LinkTickResult {
        switch plan(tick, now: driver.now()) {
        case .none(let wanted):
            return .wants(wanted, delivered: false)
        case .deliverNow(let delivery):
            driver.beginActivity(link: identity, at: delivery.started)
            defer { driver.endActivity() }
            return .wants(deliver(delivery, clock: driver.now), delivered: true)
        case .deliverAt(let start, let sequence):
            return .startsAt(start, sequence: sequence)
        }
    }

    /// Delivers frame `sequence`, planned for a render deadline, now that its start has come (unless
    /// the link was paused or invalidated meanwhile, which abandoned it); whether it was delivered.
    func deliverPlannedFrame(sequence: Int64, clock: () -> Int64) -> Bool {
        let now = clock()
        let delivery = state.withLock { state -> Delivery? in
            // A frame abandoned meanwhile (paused, rate changed, invalidated) is not this one.
            guard case .planned(let plan) = state.pacer.schedule, plan.sequence == sequence else {
                return nil
            }
            guard state.isActive else {
                // Never delivered: the next frame is paced from the one before it.
                state.pacer.abandonPlannedFrame()
                return nil
            }
            _ = state.pacer.startPlannedFrame()
            deliveryStarting.store(true, ordering: .relaxed)
            return state.beginDelivery(of: plan, at: now)
        }
        guard let delivery else { return false }
        _ = deliver(delivery, clock: clock)
        return true
    }

    /// Hands a frame to the `frames` consumers, its input to the input handler and the frame to the
    /// callback, then finishes it; the next tick the link wants.
    func deliver(_ delivery: Delivery, clock: () -> Int64) -> Int64? {
        if !delivery.streams.isEmpty {
            let element = FrameDelivery(
                frame: delivery.frame, intervalsSoFar: delivery.intervalsSoFar,
                contentSoFar: delivery.contentSoFar)
            for stream in delivery.streams { stream.continuation.yield(element) }
        }
        // From here the callback has started: an invalidate() waiting for the frame returns.
        deliveryStarting.store(false, ordering: .releasing)
        // The input phase before the callback, wherever the frame is delivered (as Choreographer's);
        // user code, so after the barrier above.
        if let oldestInput = input.runPhase(for: delivery.frame, startedAt: delivery.started) {
            // The input handler is user code, run outside the barrier: a link invalidated while it
            // ran starts no callback (looked at with the flag set again, as when the frame began).
            deliveryStarting.store(true, ordering: .relaxed)
            let active = state.withLock { state in
                state.timeline.update(slot: delivery.slot, sequence: delivery.frame.sequence) {
                    $0.oldestInput = MonotonicInstant(nanoseconds: oldestInput)
                }
                return state.isActive
            }
            deliveryStarting.store(false, ordering: .releasing)
            guard active else { return finish(delivery, returnedAt: clock()) }
        }
        delivery.callback?.body(delivery.frame)
        return finish(delivery, returnedAt: clock())
    }

    /// The callback returned at `returned`: pacing after it, the prediction, the timeline and the
    /// outcome.
    private func finish(_ delivery: Delivery, returnedAt returned: Int64) -> Int64? {
        let grid = delivery.grid
        let current = grid.sequence(at: returned)
        let eligible =
            delivery.pacedBySource
            ? Int64(bitPattern: delivery.frame.sequence) + 1
            : (grid.timestamp(of: current) == returned ? current : current + 1)
        var rateChange: (change: FrameRateChange, watchers: [AsyncStream<FrameRateChange>.Continuation])?
        let wanted = state.withLock { state -> Int64? in
            if state.adaptiveRate.isEnabled {
                rateChange = state.adaptRate(
                    callback: returned - delivery.started, of: delivery.frame.sequence, returnedAt: returned,
                    firstEligibleSequence: eligible)
            } else {
                state.pacer.callbackReturned(firstEligibleSequence: eligible)
            }
            // Only a render-deadline link needs the prediction (it starts learning when switched).
            if case .renderDeadline = state.dispatch { state.predictor.record(returned - delivery.started) }
            let entry = state.timeline.recordCallback(
                slot: delivery.slot, sequence: delivery.frame.sequence, start: delivery.started, end: returned
            )
            // Feedback that came while the callback ran is judged now that its end is known.
            if let entry, entry.presented != nil, entry.outcome == .pending {
                var outcome = FrameOutcome.pending
                state.timeline.update(slot: delivery.slot, sequence: delivery.frame.sequence) {
                    $0.classify()
                    outcome = $0.outcome
                }
                state.statistics.count(outcome)
                state.adaptiveRate.recordPresentation(outcome, sequence: delivery.frame.sequence)
            }
            return state.isActive ? state.pacer.nextWanted : nil
        }
        if let rateChange {
            for watcher in rateChange.watchers { watcher.yield(rateChange.change) }
        }
        return wanted
    }

    /// Jobs ran on the frame thread after this link's newest frame: its timeline entry says so.
    func recordJobs(count: Int, start: Int64, nanoseconds: Int64) {
        state.withLock { $0.timeline.recordJobs(count: count, start: start, nanoseconds: nanoseconds) }
    }

    /// Runs the planning path for `tick` as if handled at `now` (its decision, never committed) and
    /// delivers nothing: the sources do it shortly before a tick so that the real dispatch finds its
    /// code and data in the caches.
    func rehearse(_ tick: Tick, now: Int64) {
        state.withLock { state in
            guard state.isActive, state.pacer.schedule.awaitsTick,
                let plan = state.decide(tick, now: now).plan
            else { return }
            withExtendedLifetime((plan.frame(startedAt: now), state.callback, state.streams)) {}
        }
    }
}

extension LinkState {
    /// What the pacing rules make of `tick` at `now`. Nothing a dispatch sees moves (only the cached
    /// frame interval of the tick's grid): the decision takes effect when committed.
    ///
    /// Beside the pacer's rules (``FramePacer``), one on targets (P12): a frame's target lies after
    /// the previous frame's, or the tick is dropped (a source that paces the frames itself, a
    /// followed toolkit clock, excepted: each of its ticks is a frame).
    mutating func decide(_ tick: Tick, now: Int64) -> TickDecision {
        let divisor = pacer.divisor
        let timing = timing(for: tick.grid.period)
        var halfFrame = timing.halfFrame
        if let last = lastFrameTiming, last.sourcePeriod != timing.sourcePeriod {
            halfFrame = min(halfFrame, last.halfFrame)
        }
        let before = self.pacer
        var pacer = before
        switch pacer.decide(tick, halfFrame: halfFrame, now: now, checkingStart: false) {
        case .notYet:
            return TickDecision(pacer: pacer, timing: timing)
        case .drop:
            return TickDecision(pacer: pacer, droppedTick: true, timing: timing)
        case .deliver(let sequence, let timestamp, let skipped):
            // Shown one frame interval on, unless the display decides (a compositor).
            let target = tick.grid.timestamp(
                of: tick.presentationDepth.map { tick.sequence + $0 } ?? sequence + divisor)
            // A frame aimed at or before the previous frame's target would be shown with it, or
            // replace it, and its animation would step back: a compositor whose depth shrank (a
            // window being mapped under load, shown first four intervals after its callback, then
            // one) makes it. The tick is dropped until a target lies after (P12).
            if !tick.pacedBySource, let lastTarget, target <= lastTarget {
                pacer = before
                pacer.refuseDecided(tick)
                return TickDecision(pacer: pacer, droppedTick: true, timing: timing)
            }
            let deadline = target - latency(compositorDepth: tick.presentationDepth, grid: tick.grid)
            // At the grid point, or as early as the source ticked ahead of it.
            let earliest = tick.dispatchAt.map { min($0, timestamp) } ?? timestamp
            var start = earliest
            var predicted: Int64 = 0
            if case .renderDeadline(let margin) = dispatch, let prediction = predictor.prediction {
                predicted = prediction
                start = max(earliest, deadline - prediction - margin.wholeNanoseconds)
            }
            // The callback starts at the later of its planned start and now (a late wake-up), half an
            // interval from the previous callback's start at least (P4).
            if !pacer.planStart(max(start, now), halfFrame: halfFrame, previous: before, tick: tick) {
                return TickDecision(pacer: pacer, droppedTick: true, timing: timing)
            }
            let animation = animationClock.time(forTarget: target, interval: timing.nanoseconds)
            let plan = FramePlan(
                grid: tick.grid, sequence: sequence, timestamp: timestamp, target: target, deadline: deadline,
                animation: animation, skipped: skipped, start: start, predicted: predicted,
                duration: timing.duration, durationNanoseconds: timing.nanoseconds,
                refreshNanoseconds: timing.refreshNanoseconds, output: tick.output,
                pacedBySource: tick.pacedBySource, pacerBefore: before.memory)
            return TickDecision(plan: plan, pacer: pacer, timing: timing)
        }
    }

    /// Makes `decision` the link's: its pacer, a dropped tick counted, the frame interval of a frame
    /// remembered; returns its frame.
    mutating func commit(_ decision: TickDecision) -> FramePlan? {
        pacer = decision.pacer
        if decision.droppedTick { statistics.droppedTicks += 1 }
        if decision.plan != nil { lastFrameTiming = decision.timing }
        return decision.plan
    }

    /// The time from the end of a frame's work to its target: ``presentationLatency``, or, on a
    /// compositor that shows a commit `depth` intervals after the tick (a depth learned from its
    /// feedback), the intervals it waits for its next repaint plus the commit's own margin, if more.
    /// A render deadline so lands before the repaint that shows the frame, not after it.
    func latency(compositorDepth depth: Int64?, grid: TickGrid) -> Int64 {
        guard let depth, depth > 1 else { return presentationLatency }
        let compositorLatency = grid.period.offset(ofTicks: depth - 1) + Self.defaultPresentationLatency
        return max(presentationLatency, compositorLatency)
    }

    /// The default ``presentationLatency`` (1 ms): also how long before a compositor's repaint a
    /// commit is made to be in it.
    static let defaultPresentationLatency: Int64 = 1_000_000

    /// Counts the frame, gives it a timeline slot and takes its consumers out of the lock: its
    /// callback starts at `now`.
    mutating func beginDelivery(of plan: FramePlan, at now: Int64) -> DisplayLink.Delivery {
        // Content is taken by the frame delivered, never by a decision that may yet be given up.
        let (shown, dropped) = content.take(forTarget: plan.target, policy: lateContentPolicy)
        let frame = plan.frame(startedAt: now, content: shown, droppedContent: dropped)
        if shown != nil {
            statistics.contentShown += 1
            statistics.contentDropped += dropped
        }
        pacer.started(at: now)
        animationClock.delivered(target: plan.target, animation: plan.animation)
        lastTarget = plan.target
        statistics.framesDelivered += 1
        statistics.skippedFrames += plan.skipped
        let slot = timeline.append(
            FrameTimelineEntry(
                sequence: frame.sequence, timestamp: frame.timestamp,
                callbackStart: MonotonicInstant(nanoseconds: now), deadline: frame.deadline,
                target: frame.targetTimestamp, skippedFrames: plan.skipped,
                predictedNanoseconds: plan.predicted,
                refreshNanoseconds: plan.refreshNanoseconds, frameNanoseconds: plan.durationNanoseconds,
                output: plan.output, content: shown),
            evicted: &jank)
        return DisplayLink.Delivery(
            grid: plan.grid, frame: frame, callback: callback, streams: streams,
            intervalsSoFar: statistics.intervalsCovered, contentSoFar: statistics.contentTaken, slot: slot,
            started: now,
            pacedBySource: plan.pacedBySource)
    }
}

/// The driver drives a link through ``DrivenLink``, which Driving/ declares below Links/.
extension DisplayLink: DrivenLink {}
