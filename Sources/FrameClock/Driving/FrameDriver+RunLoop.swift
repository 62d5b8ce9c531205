// The run loop's turn, the one routine that orders it for every caller: the frame thread, the manual
// source's virtual clock, a caller's own poll loop.
extension FrameDriver {
    /// One turn of the run loop, after a wait that ended with `wake`: the tick the wait ended with (if
    /// it did) goes to the links, then the events due at the driver's clock run, then the jobs that
    /// fit before the next tick or event (and before `jobLimit`). Returns what to wait for next.
    ///
    /// The order of a turn is written here alone: a scheduling change is made in this function.
    /// `wanted` is the ``RunLoopDeadline/tick`` the caller waited for; `source` (nil without a
    /// thread) hears when every frame of its tick has been delivered.
    func turn(
        after wake: consuming TickWait, wanted: Int64?, grid: TickGrid, source: (any TickSource)? = nil,
        jobLimit: Int64 = .max
    ) -> RunLoopDeadline {
        var target = wanted
        if case .tick(let tick) = consume wake { target = dispatch(tick, source: source) }
        runDueEvents(source: source)
        target = nextWantedSequence(afterDispatchWanting: target, grid: grid)
        // Then the jobs that fit before the next frame; the links may have changed meanwhile.
        if hasExecutor.load(ordering: .relaxed) {
            runJobs(
                until: min(jobBudgetEnd(target: target, grid: grid), jobLimit),
                interval: Int64(grid.period.nanoseconds))
            target = nextWantedSequence(afterDispatchWanting: target, grid: grid)
        }
        return RunLoopDeadline(tick: target, event: nextEventDue, grid: grid)
    }

    // MARK: - One pass over the links

    /// The earliest tick any active link wants, asking every link (a link that has just started or
    /// resumed aligns to the grid point after `now`); nil when none wants one.
    func nextWantedSequence(grid: TickGrid, now: Int64) -> Int64? {
        linksChanged.store(false, ordering: .sequentiallyConsistent)
        let links = shared.withLock { $0.links }
        let current = grid.sequence(at: now)
        var earliest: Int64? = nil
        for link in links {
            if let wanted = link.nextWantedSequence(currentSequence: current) {
                earliest = min(earliest ?? wanted, wanted)
            }
        }
        return earliest
    }

    /// The earliest tick wanted after a dispatch that returned `earliest`: that, unless a link changed
    /// since, in which case every link is asked again at the driver's clock.
    func nextWantedSequence(afterDispatchWanting earliest: Int64?, grid: TickGrid) -> Int64? {
        let changed = linksChanged.load(ordering: .acquiring)
        return changed ? nextWantedSequence(grid: grid, now: now()) : earliest
    }

    /// Hands a tick to every link, in the order they were attached: each link plans its frame and
    /// delivers it at once, or queues its start for a render deadline. Returns the earliest tick the
    /// links want next, nil when none wants one. `source` (nil for a manual driver) hears when every
    /// frame of the tick has been delivered.
    func dispatch(_ tick: Tick, source: (any TickSource)?) -> Int64? {
        let links = shared.withLock { $0.links }
        var earliest: Int64? = nil
        var queued = false
        var delivered = false
        for link in links {
            switch link.receive(tick, from: self) {
            case .wants(let wanted, let linkDelivered):
                if let wanted { earliest = min(earliest ?? wanted, wanted) }
                delivered = delivered || linkDelivered
            case .startsAt(let start, let sequence):
                loop.queue.insert(.linkStart(link, sequence: sequence), due: start)
                loop.startsPending += 1
                queued = true
            }
        }
        if queued {
            loop.deliveredOfTick = delivered
        } else {
            source?.dispatchEnded(framesDelivered: delivered)
        }
        return earliest
    }

    /// When the run loop's earliest queued event is due; nil when none is queued.
    var nextEventDue: Int64? { loop.queue.nextDue }

    /// Runs every queued event due at the driver's clock. The links are then asked again what they
    /// want (a delivered frame changes it). `source` hears when the last frame planned from its tick
    /// has been delivered.
    func runDueEvents(source: (any TickSource)?) {
        guard !loop.queue.isEmpty else { return }
        var ran = false
        while let event = loop.queue.popDue(at: now()) {
            ran = true
            switch event {
            case .linkStart(let link, let sequence):
                beginActivity(link: link.identity, at: now())
                if link.deliverPlannedFrame(sequence: sequence, clock: now) { loop.deliveredOfTick = true }
                endActivity()
                loop.startsPending -= 1
                if loop.startsPending == 0 { source?.dispatchEnded(framesDelivered: loop.deliveredOfTick) }
            }
        }
        if ran { linksChanged.store(true, ordering: .releasing) }
    }
}
