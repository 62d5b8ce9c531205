import Logging

// Stall reporting: what the frame thread runs, watched by the process's stall watchdog.
extension FrameDriver {
    /// Whether anyone wants stall reports: a link's ``DisplayLink/stalls`` consumer, or a logger that
    /// writes warnings. A threaded driver is then watched by the process's ``StallWatchdog``.
    func stallWatchersChanged() {
        if case .manual = mode { return }
        guard usesRealClock else { return }
        let (links, running) = shared.withLock { ($0.links, $0.lifecycle == .running) }
        stallAlarm.threshold.store(stallThreshold(links: links), ordering: .relaxed)
        let wanted = logger.logLevel <= .warning || links.contains { $0.hasStallWatchers }
        StallWatchdog.shared.watch(self, wanted && running)
    }

    /// Marks the start of an activity on the frame thread and keeps the stall alarm ahead of it.
    func beginActivity(link identity: UInt, at start: Int64) {
        activity.begin(link: identity, at: start)
        if stallAlarm.isWatched.load(ordering: .relaxed) { stallAlarm.cover(activityAt: start) }
    }

    /// The stall alarm went off (the watchdog's thread, at `now`): reports a running activity that
    /// has passed the threshold, or sets the alarm for when it will; nothing while the thread is
    /// back in its run loop (its next activity sets the alarm).
    func stallAlarmWentOff(now: Int64) {
        let links = shared.withLock { $0.links }
        let threshold = stallThreshold(links: links)
        stallAlarm.threshold.store(threshold, ordering: .relaxed)
        let since = activity.since.load(ordering: .sequentiallyConsistent)
        guard since != 0, activity.reported.load(ordering: .relaxed) != since else { return }
        if now - since >= threshold {
            reportStall(since: since, now: now, links: links)
        } else {
            stallAlarm.set(at: since + threshold)
        }
    }

    /// Reports the running activity that started at `since` as a stall, with the frame thread's
    /// stack, unless the thread came back while the stack was taken.
    private func reportStall(since: Int64, now: Int64, links: [any DrivenLink]) {
        let thread = SampledThread(
            pthread: dispatcher.load(ordering: .acquiring),
            threadID: dispatcherThreadID.load(ordering: .acquiring))
        let stack =
            thread.pthread == 0 || thread.threadID == 0
            ? SampledStack.missing("no thread was dispatching") : StackSampler.sample(thread)
        // Named once claimed, under the lock: the report of the stall's end waits for this one.
        stallReporting.withLock { _ in
            guard activity.since.load(ordering: .acquiring) == since,
                activity.reported.load(ordering: .acquiring) != since
            else { return }
            activity.reported.store(since, ordering: .releasing)
            report(
                stallOf: since, links: links, phase: .ongoing, duration: now - since,
                stack: StackSampler.name(stack))
        }
    }

    /// The shortest stall threshold of the links.
    func stallThreshold(links: [any DrivenLink]) -> Int64 {
        let period = shared.withLock { $0.info.period }
        return links.map { $0.stallThresholdNanoseconds(period: period) }.min()
            ?? max(4 * Int64(period.nanoseconds), 250_000_000)
    }

    /// The watchdog's look at the frame thread at `now`, when the thread has no stall alarm (no timer
    /// could be made): reports a stall that has passed the threshold (once per activity), with the
    /// thread's stack. When to look again.
    func lookForStall(now: Int64) -> Int64 {
        let links = shared.withLock { $0.links }
        let threshold = stallThreshold(links: links)
        let since = activity.since.load(ordering: .acquiring)
        if since != 0, now - since >= threshold, activity.reported.load(ordering: .relaxed) != since {
            reportStall(since: since, now: now, links: links)
        }
        // The next look: when the running activity passes the threshold, if it has not yet; else
        // one threshold on, which is as early as an activity that starts after this look can pass
        // it (that look then waits for the exact moment). About one wake-up a threshold while the
        // thread keeps coming back, not a poll.
        if since != 0, activity.reported.load(ordering: .relaxed) != since, since + threshold > now {
            return since + threshold
        }
        return now + max(threshold, 1_000_000)
    }

    /// In virtual time (a manual source's clock moved inside a callback or job): reports a stall
    /// that has passed the threshold, as of the moment it did, with the calling thread's stack.
    func virtualTimeMoved(to now: Int64) {
        let since = activity.since.load(ordering: .acquiring)
        guard since != 0, activity.reported.load(ordering: .relaxed) != since else { return }
        let links = shared.withLock { $0.links }
        let threshold = stallThreshold(links: links)
        guard now - since >= threshold else { return }
        let stack = StackSample(frames: StackSampler.stackOfThisThread(), missingReason: nil)
        stallReporting.withLock { _ in
            activity.reported.store(since, ordering: .releasing)
            report(stallOf: since, links: links, phase: .ongoing, duration: threshold, stack: stack)
        }
    }

    /// Ends the running activity. A stall reported while it lasted is reported as ended; one that
    /// passed the threshold before its report could go out is reported now, then as ended.
    func endActivity() {
        guard let started = activity.end() else { return }
        let wasReported = activity.reported.load(ordering: .acquiring) == started
        guard stallAlarm.isWatched.load(ordering: .relaxed) || wasReported else { return }
        let end = now()
        guard wasReported || end - started >= stallAlarm.threshold.load(ordering: .relaxed) else { return }
        stallReporting.withLock { _ in
            let links = shared.withLock { $0.links }
            if activity.reported.load(ordering: .acquiring) != started {
                guard end - started >= stallAlarm.threshold.load(ordering: .relaxed) else { return }
                activity.reported.store(started, ordering: .releasing)
                report(
                    stallOf: started, links: links, phase: .ongoing, duration: end - started,
                    stack: .missing("it ended before its stack could be taken"))
            }
            report(
                stallOf: started, links: links, phase: .ended, duration: end - started,
                stack: StackSample(frames: [], missingReason: nil))
        }
    }

    /// Sends a stall report to every link on the driver and logs it.
    private func report(
        stallOf since: Int64, links: [any DrivenLink], phase: FrameStall.Phase, duration: Int64,
        stack: StackSample
    ) {
        let identity = activity.link.load(ordering: .relaxed)
        let period = shared.withLock { $0.info.period }
        let what: FrameActivity =
            switch identity {
            case 0: .job
            case ActivityBoard.loopBusy: .loopBusy
            default: .callback(link: links.first { $0.identity == identity }?.label ?? "a display link")
            }
        let stall = FrameStall(
            phase: phase, activity: what, started: MonotonicInstant(nanoseconds: since),
            duration: Duration(nanoseconds: duration),
            intervalsMissed: max(0, Int(Double(duration) / period.nanoseconds) - 1), stack: stack.frames,
            missingStackReason: phase == .ongoing ? stack.missingReason : nil)
        logger.warning("\(stall)")
        for link in links { link.report(stall) }
    }
}

/// The watchdog watches a driver through ``StallWatched``, which Stalls/ declares below Driving/.
extension FrameDriver: StallWatched {}
