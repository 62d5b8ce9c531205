import Logging

// The frame thread's executor: the jobs it runs between frames, within each interval's budget.
extension FrameDriver {
    /// The frame thread's executor, made on first use and shared by every link on this driver.
    var executor: FrameExecutor {
        shared.withLock { state in
            if let executor = state.executor { return executor }
            let executor = FrameExecutor(driver: self)
            state.executor = executor
            hasExecutor.store(true, ordering: .releasing)
            return executor
        }
    }

    /// The executor was released: a threaded driver with no links left ends its thread.
    ///
    /// The released executor's weak reference reads nil before its `deinit` runs, so a link may
    /// already have made the next one: then jobs are still queued on the driver, and the flag stays.
    func executorReleased() {
        endThread { state in
            if state.executor == nil { hasExecutor.store(false, ordering: .releasing) }
            return isUnneeded(state)
        }
    }

    /// Jobs came into an empty queue: the thread that runs them is woken (started if need be; on an
    /// ended source, a thread of its own drains them).
    func jobsArrived() {
        if case .loop(let control) = mode { return control.signal() }
        guard case .threaded(let driving) = mode else { return }
        let lifecycle = shared.withLock { $0.lifecycle }
        switch lifecycle {
        case .waiting:
            do {
                try ensureRunning()
            } catch {
                logger.error("frame thread cannot start for queued jobs: \(error)")
                drainJobsOnThreadOfTheirOwn()
            }
        case .running:
            driving.control.signal()
        case .stopping, .ended:
            drainJobsOnThreadOfTheirOwn()
        }
    }

    /// How much of the next interval jobs may not use: the margin before the next frame starts.
    private func jobMargin(period: FramePeriod) -> Int64 {
        min(1_000_000, Int64(period.nanoseconds / 8))
    }

    /// Runs queued jobs while each one's predicted duration fits before `budgetEnd` (on the driver's
    /// clock); the rest wait for the next frame — except that the first job of the batch runs anyway
    /// when the prediction is a whole frame `interval` or more, which no frame's budget could fit (one
    /// a frame), or when the last batch ran none (one every other frame at least): a long job, or a
    /// prediction that frames starting late never leave room for, cannot keep the jobs waiting while
    /// frames run. Counts them, and records them in the links' timelines.
    func runJobs(until budgetEnd: Int64, interval: Int64) {
        guard hasExecutor.load(ordering: .acquiring), let executor = shared.withLock({ $0.executor }),
            loop.claimJobs()
        else { return }
        defer { loop.releaseJobs() }
        var ran = 0
        var deferred = false
        let batchStart = now()
        var start = batchStart
        while true {
            let predicted = loop.jobDurations.prediction ?? 0
            let runsAnyway = ran == 0 && (predicted >= interval || loop.jobsWaitedAFrame)
            guard start &+ predicted <= budgetEnd || runsAnyway else {
                deferred = executor.pendingJobs > 0
                break
            }
            guard let job = executor.jobs.withLock({ $0.pop() }) else { break }
            beginActivity(link: 0, at: start)
            executor.run(job)
            endActivity()
            let end = now()
            loop.jobDurations.record(end - start)
            ran += 1
            start = end
        }
        loop.jobsWaitedAFrame = ran == 0 && deferred
        guard ran > 0 || deferred else { return }
        let time = start - batchStart
        let links = shared.withLock { state -> [any DrivenLink] in
            state.jobs.record(ran: ran, deferred: deferred, nanoseconds: time)
            return state.links
        }
        if ran > 0 {
            for link in links { link.recordJobs(count: ran, start: batchStart, nanoseconds: time) }
        }
    }

    /// The end of the jobs' budget when the next thing the loop must do is the tick `target` of
    /// `grid` or the queue's next event: that, less a margin; no limit when there is neither.
    func jobBudgetEnd(target: Int64?, grid: TickGrid) -> Int64 {
        let next = min(target.map { grid.timestamp(of: $0) } ?? .max, nextEventDue ?? .max)
        return next == .max ? .max : next - jobMargin(period: grid.period)
    }

    /// Whether an executor exists, read without the lock (jobs can be queued only then).
    var hasExecutorInUse: Bool { hasExecutor.load(ordering: .relaxed) }

    /// Job counters for the links' statistics.
    var jobStatistics: JobStatistics { shared.withLock { $0.jobs } }

    /// Runs the queued jobs on a detached thread of their own, one after another, when the frame
    /// thread has ended (a closed shared source, a source that failed with no fallback).
    func drainJobsOnThreadOfTheirOwn() {
        guard let executor = shared.withLock({ $0.executor }) else { return }
        guard loop.claimJobs() else { return }
        do {
            try FrameThread.start { [self] in
                markDispatcher(true)
                DispatchingThread.mark(true)
                StackSampler.acceptSamplingOnThisThread()
                while true {
                    while let job = executor.jobs.withLock({ $0.pop() }) {
                        beginActivity(link: 0, at: now())
                        executor.run(job)
                        endActivity()
                    }
                    // Give the right up, then look once more: a job queued in between is not stranded.
                    loop.releaseJobs()
                    guard executor.pendingJobs > 0, loop.claimJobs() else { break }
                }
                markDispatcher(false)
            }
        } catch {
            loop.releaseJobs()
            logger.error("no thread can run the frame executor's jobs: \(error)")
        }
    }
}
