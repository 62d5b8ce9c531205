internal import SystemCalls

/// One thread for the process that watches the frame threads whose stalls someone wants to hear
/// about: when one has run the same callback or job for longer than its threshold, it takes the
/// thread's stack and reports, while the stall still lasts.
///
/// It does not poll: each look says when the next is needed — the moment a running activity passes
/// its threshold, else one threshold on (an activity that starts later cannot pass it sooner) — so
/// a stall is reported as it passes the threshold, at about one wake-up a threshold (4 a second at
/// the default 250 ms) while it watches a driver, and none while it watches none.
final class StallWatchdog: Sendable {
    static let shared = StallWatchdog()

    private struct Watched {
        weak var driver: FrameDriver?
    }

    private struct State {
        var watched: [ObjectIdentifier: Watched] = [:]
        var started = false
        var generation = 0
    }

    private let state = Locked(State())

    /// Watches `driver` (or stops watching it).
    func watch(_ driver: FrameDriver, _ watching: Bool) {
        let start = state.withLock { state -> Bool in
            if watching {
                state.watched[ObjectIdentifier(driver)] = Watched(driver: driver)
            } else {
                state.watched[ObjectIdentifier(driver)] = nil
            }
            state.generation += 1
            guard watching, !state.started else { return false }
            state.started = true
            return true
        }
        state.broadcastChange()
        if start {
            _ = StackSampler.isAvailable
            try? FrameThread.start { [self] in run() }
        }
    }

    private func run() {
        FrameThread.nameCurrentThread("FC stalls")
        while true {
            let (drivers, generation) = state.withLock { state -> ([FrameDriver], Int) in
                state.watched = state.watched.filter { $0.value.driver != nil }
                return (state.watched.values.compactMap(\.driver), state.generation)
            }
            guard !drivers.isEmpty else {
                state.withLock(whenReady: { $0.generation != generation || !$0.watched.isEmpty }) { _ in }
                continue
            }
            var nextLook = Int64.max
            for driver in drivers {
                nextLook = min(nextLook, driver.lookForStall(now: KernelClock.monotonicNanoseconds()))
            }
            sleep(until: nextLook, unlessChangedFrom: generation)
        }
    }

    /// Sleeps until `deadline` (monotonic), or until the set of watched drivers changes.
    private func sleep(until deadline: Int64, unlessChangedFrom generation: Int) {
        let now = KernelClock.monotonicNanoseconds()
        guard deadline > now else { return }
        state.withLock(
            whenReady: { $0.generation != generation || KernelClock.monotonicNanoseconds() >= deadline },
            waitingAtMost: deadline - now
        ) { _ in }
    }
}
