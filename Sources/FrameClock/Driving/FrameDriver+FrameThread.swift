import Logging

// The frame thread of a threaded driver: its turns of the run loop, each followed by one absolute
// wait on the source.
extension FrameDriver {
    /// Starts the frame thread if it has not started yet (nothing for a manual driver).
    func ensureRunning() throws(DisplayLinkError) {
        guard case .threaded(let driving) = mode else { return }
        let start = shared.withLock { state -> Bool in
            guard state.lifecycle == .waiting else { return false }
            state.lifecycle = .running
            return true
        }
        guard start else { return }
        do {
            try FrameThread.start { [self] in self.runThread(driving) }
        } catch {
            shared.withLock { $0.lifecycle = .waiting }
            throw .system(error)
        }
    }

    private var isStopping: Bool {
        shared.withLock { $0.lifecycle == .stopping || $0.lifecycle == .ended }
    }

    private func runThread(_ driving: ThreadedDriving) {
        let latency = LatencyOnDemand(options: driving.options)
        defer { latency.close() }
        let report = FrameThread.configureCurrentThread(
            name: "FrameClock", options: driving.options, latency: latency)
        DispatchingThread.mark(true)
        StackSampler.acceptSamplingOnThisThread()
        markDispatcher(true)
        defer { markDispatcher(false) }
        shared.withLock { $0.threadReport = report }
        logger.debug("frame thread started: \(report)")
        stallWatchersChanged()
        defer { StallWatchdog.shared.watch(self, false) }
        var failover = SourceFailover(
            fallback: driving.fallback, recovery: driving.recovery,
            recoveryInterval: driving.recoveryInterval, recoveryPatience: driving.recoveryPatience,
            logger: logger)
        // The source in use; nil once it failed with no fallback (failover has closed it: closing it
        // again would close a descriptor number that another thread may have reused).
        var current = driving.source.take()
        // How the last wait ended, and the tick it waited for.
        var wake = TickWait.woken
        var wanted: Int64? = nil
        while let source = current, !isStopping {
            let deadline = turn(after: wake, wanted: wanted, grid: source.grid, source: source)
            wanted = deadline.tick
            wake = .woken
            if let change = failover.recoverIfDue(replacing: source, control: driving.control, now: now()) {
                current = adopt(change)
                continue
            }
            do {
                wake = try wait(for: deadline, on: source, latency: latency)
            } catch {
                // The last link has left and the thread is ending: a source that fails now (a window
                // closed right after its link was invalidated) is closed, neither failed over nor
                // reported.
                if isStopping { break }
                let change = failover.failOver(
                    from: source, failure: error, control: driving.control, now: now())
                current = adopt(change, failedSource: source, failure: error.reason)
                if current == nil { shared.withLock { _ = stop(&$0) } }
            }
        }
        failover.abandonRecovery()
        current?.close()
        loop.clear()
        shared.withLock { $0.lifecycle = .ended }
        // Jobs queued while the thread ended are not stranded.
        if let executor = shared.withLock({ $0.executor }), executor.pendingJobs > 0 {
            drainJobsOnThreadOfTheirOwn()
        }
    }

    /// One absolute wait on `source` for `deadline`'s tick or event, or the control channel.
    ///
    /// Latency on demand: a request of 0 from the rehearsal wake-up until the wait ends, so that the
    /// thread wakes for the tick without an idle state's exit; withdrawn before the tick is dispatched
    /// (a callback's length of polling on every idle core would cost more than the write).
    private func wait(
        for deadline: RunLoopDeadline, on source: any TickSource, latency: LatencyOnDemand
    ) throws(TickSourceFailure) -> TickWait {
        let holdsLatency = latency.isAvailable && source.holdsLatencyBeforeTicks
        defer { latencyFailed(latency.release()) }
        source.applyHiddenWindowPolicy(hiddenWindowPolicy)
        return try source.waitForTick(
            atOrAfter: deadline.tick, until: deadline.event, rehearsing: true
        ) { tick in
            rehearse(tick)
            // Held once the rehearsal is done: every idle core polls from the request on.
            if holdsLatency { latencyFailed(latency.hold()) }
        }
    }

    /// Runs every link's planning path for `tick` without delivering anything (see
    /// ``DisplayLink/rehearse(_:now:)``).
    private func rehearse(_ tick: Tick) {
        // The tick's activity is covered now, so that the alarm is never set on the way to it.
        stallAlarm.cover(activityAt: tick.timestamp)
        let links = shared.withLock { $0.links }
        let now = now()
        for link in links {
            link.rehearse(tick, now: now)
        }
    }

    /// Reports that the CPU-latency request was given up (a write to the device failed: `reason`), in
    /// the thread report and the log; nothing when `reason` is nil.
    private func latencyFailed(_ reason: String?) {
        guard let reason else { return }
        let report = shared.withLock { state -> FrameThreadReport? in
            state.threadReport = state.threadReport?.withdrawingLatencyOnDemand(reason)
            return state.threadReport
        }
        logger.warning("latency on demand given up: \(reason)\(report.map { "; frame thread: \($0)" } ?? "")")
    }
}
