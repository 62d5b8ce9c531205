internal import SystemCalls

/// One thread for the process that watches the frame threads whose stalls someone wants to hear
/// about: when one has run the same callback or job for longer than its threshold, it takes the
/// thread's stack and reports, while the stall still lasts.
///
/// It waits on each watched frame thread's ``StallAlarm`` (and on a descriptor that says the set
/// of watched threads changed): a frame thread that keeps coming back to its run loop keeps its
/// alarm ahead of it, so the watchdog does not wake at all; it wakes when an activity has run for
/// half a threshold or more, or when a thread has been idle for a threshold.
final class StallWatchdog: Sendable {
    static let shared = StallWatchdog()

    private struct Watched {
        weak var driver: (any StallWatched)?
        let alarm: StallAlarm
    }

    private struct State {
        var watched: [ObjectIdentifier: Watched] = [:]
        var started = false
    }

    private let state = Locked(State())
    /// Signalled when the set of watched drivers changes; nil when it could not be made (the
    /// watchdog then looks again every 50 ms for changes).
    private let changes = try? EventDescriptor.create()

    /// Watches `driver` (or stops watching it).
    func watch(_ driver: any StallWatched, _ watching: Bool) {
        driver.stallAlarm.isWatched.store(watching, ordering: .relaxed)
        let start = state.withLock { state -> Bool in
            if watching {
                state.watched[ObjectIdentifier(driver)] = Watched(driver: driver, alarm: driver.stallAlarm)
            } else {
                state.watched[ObjectIdentifier(driver)] = nil
            }
            guard watching, !state.started else { return false }
            state.started = true
            return true
        }
        try? changes?.signal()
        if start {
            _ = StackSampler.isAvailable
            try? FrameThread.start { [self] in run() }
        }
    }

    private func run() {
        FrameThread.nameCurrentThread("FC stalls")
        var entries: [PollDescriptor] = []
        var fallbackLook: Int64? = nil
        while true {
            let watched = state.withLock { state -> [Watched] in
                state.watched = state.watched.filter { $0.value.driver != nil }
                return Array(state.watched.values)
            }
            entries.removeAll(keepingCapacity: true)
            entries.append(PollDescriptor(changes?.fileDescriptor ?? .init(rawValue: -1)))
            for entry in watched {
                entries.append(PollDescriptor(entry.alarm.timer?.fileDescriptor ?? .init(rawValue: -1)))
            }
            // Without a descriptor for changes, or a driver without an alarm: a look a while on.
            var until = changes == nil ? KernelClock.monotonicNanoseconds() + 50_000_000 : nil
            if let fallbackLook { until = min(until ?? .max, fallbackLook) }
            _ = try? SystemCall.poll(&entries, until: until)
            if !entries[0].returnedEvents.isEmpty { _ = try? changes?.drain() }
            let now = KernelClock.monotonicNanoseconds()
            fallbackLook = nil
            for (index, entry) in watched.enumerated() {
                guard let driver = entry.driver else { continue }
                if entry.alarm.timer == nil {
                    // Looked at on every wake-up; it says when it needs the next look.
                    fallbackLook = min(fallbackLook ?? .max, driver.lookForStall(now: now))
                } else if !entries[index + 1].returnedEvents.isEmpty, entry.alarm.wentOff() {
                    driver.stallAlarmWentOff(now: now)
                }
            }
        }
    }
}
