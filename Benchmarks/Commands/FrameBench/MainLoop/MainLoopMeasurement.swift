import ArgumentParser

#if GLibMainLoop
    internal import CGLib
    import FrameClock
    import FrameClockGLib
    import Synchronization
#endif

extension MainLoopBench {
    /// Gives the main thread to a GLib main loop until every measurement is done; the figures.
    func measure() throws -> MainLoopFigures {
        #if GLibMainLoop
            let integration = try GLibMainQueue.integrate()
            // A loop source belongs to the thread that makes it: the main thread, which runs the loop.
            let source = try LoopFrameSource(framesPerSecond: rate)
            let delivery = try GLibFrameDelivery(source)
            let loop = GLibMainLoop()
            let outcome = Mutex<Result<MainLoopFigures, any Error>?>(nil)
            let (rate, seconds, rounds) = (self.rate, self.seconds, self.rounds)
            Task.detached {
                do {
                    var figures = MainLoopFigures()
                    for _ in 0..<rounds {
                        let onLoop = try await Self.lateness(
                            of: DisplayLink(source: .loop(source)), for: seconds)
                        figures.loopLateness += onLoop.microseconds
                        figures.loopSkipped += onLoop.skipped
                        figures.loopCallbacksOffMainThread += onLoop.offMainThread
                        let onThread = try await Self.lateness(
                            of: DisplayLink(source: .timer(framesPerSecond: rate)), for: seconds)
                        figures.threadLateness += onThread.microseconds
                        figures.threadSkipped += onThread.skipped
                    }
                    let burst = await Self.hops(count: Self.burstHops, spaced: false)
                    let spaced = await Self.hops(count: Self.spacedHops, spaced: true)
                    integration.cancel()
                    let polling = g_timeout_add(Self.pollingMilliseconds, drainMainQueue, nil)
                    let polled = await Self.hops(count: Self.spacedHops, spaced: true)
                    g_source_remove(polling)
                    figures.burst = burst.microseconds
                    figures.spacedIntegrated = spaced.microseconds
                    figures.spacedPolled = polled.microseconds
                    figures.hopsInOrder = burst.inOrder && spaced.inOrder && polled.inOrder
                    figures.hopsOnMainThread =
                        burst.onMainThread && spaced.onMainThread && polled.onMainThread
                    outcome.withLock { $0 = .success(figures) }
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                }
                loop.quit()
            }
            loop.run()
            delivery.end()
            source.close()
            guard let result = outcome.withLock({ $0 }) else {
                throw ValidationError("the main loop ended early")
            }
            return try result.get()
        #else
            throw ValidationError(
                "--main-loop needs FrameClockGLib: build frame-bench with the GLibMainLoop trait "
                    + "(libglib2.0-dev installed): swift build --traits default,GLibMainLoop --product frame-bench"
            )
        #endif
    }
}

#if GLibMainLoop
    /// The order in which `MainActor` ran the current series of hops.
    @MainActor private var hopsRun: [Int] = []

    /// The polling workaround: a GLib timeout that drains the dispatch main queue.
    private let drainMainQueue: GSourceFunc = { _ in
        _dispatch_main_queue_callback_4CF(nil)
        return 1
    }

    extension MainLoopBench {
        /// `count` hops to `MainActor` from the calling task, one after another (`spaced`: each after a
        /// random pause within the polling period): each hop's latency in microseconds.
        static func hops(count: Int, spaced: Bool) async -> (
            microseconds: [Double], inOrder: Bool, onMainThread: Bool
        ) {
            await MainActor.run { hopsRun = [] }
            var microseconds: [Double] = []
            var onMainThread = true
            let clock = ContinuousClock()
            for index in 0..<count {
                if spaced {
                    try? await Task.sleep(
                        for: .microseconds(Int.random(in: 0..<Int(pollingMilliseconds) * 1000)))
                }
                let sent = clock.now
                let (ranAt, onMain) = await MainActor.run {
                    hopsRun.append(index)
                    return (clock.now, frameclock_glib_is_main_thread() != 0)
                }
                microseconds.append(Self.microseconds(sent.duration(to: ranAt)))
                onMainThread = onMainThread && onMain
            }
            let order = await MainActor.run { hopsRun }
            return (microseconds, order == Array(0..<count), onMainThread)
        }

        /// Runs `link` for `seconds`: each callback's lateness in microseconds, the frames it skipped,
        /// and how many callbacks ran off the main thread.
        static func lateness(of link: DisplayLink, for seconds: Double) async throws -> (
            microseconds: [Double], skipped: Int, offMainThread: Int
        ) {
            let values = Mutex<[Double]>([])
            let offMainThread = Atomic<Int>(0)
            try link.start { frame in
                values.withLock { $0.append(Self.microseconds(frame.lateness)) }
                if frameclock_glib_is_main_thread() == 0 { offMainThread.add(1, ordering: .relaxed) }
            }
            try await Task.sleep(for: .seconds(seconds))
            link.invalidate()
            return (
                values.withLock { $0 }, link.statistics.skippedFrames, offMainThread.load(ordering: .relaxed)
            )
        }

        static func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }
    }
#endif
