import FrameClock

extension GTKClockApp {
    /// The largest error, at p95, of FrameClock's prediction of a frame's presentation.
    static let predictionBound = 500.0
    /// Fewer ticks of GTK's frame clock than this in a run is no frame clock running.
    static let fewestTicks = 10
    /// The longest wait for a frame while the fetch is out, as a share of the fetch's length: a
    /// loaded software renderer waits a few intervals, a loop held by the fetch waits all of it.
    static let longestWaitShareOfFetch = 0.25

    /// Prints what the run measured and checks it; the exit status (1 when a check failed).
    func report() -> Int32 {
        guard let frameClock else {
            print("gtk-clock: FrameClock did not start: \(failures)")
            return 1
        }
        let figures = frameClock.figures
        let statistics = frameClock.link.statistics
        var failed = failures
        func check(_ condition: Bool, _ description: String) {
            print("\(condition ? "ok  " : "FAIL") \(description)")
            if !condition { failed.append(description) }
        }
        let seconds = options.duration ?? 0
        // GTK's own rate is the compositor's (mutter headless, loaded, paints a few times a second):
        // what is checked is that each of GTK's ticks made one frame.
        let ticks = figures.frameTimes.count
        check(
            ticks >= Self.fewestTicks && statistics.framesDelivered == ticks,
            "a frame for each of GTK's \(ticks) ticks: \(statistics.framesDelivered) in \(seconds) s, "
                + "cadence \(rounded(figures.cadenceMilliseconds)) ms")
        check(figures.ticksOffMainThread == 0, "every tick on the main thread")
        if options.fetchAt != nil {
            check(
                state.fetchResult != nil && state.resultOnMainThread,
                "the fetch's result applied on the main thread: \(state.fetchResult ?? "none")")
            // The fetch must not hold the main loop: one held for it leaves a single wait of the
            // fetch's whole length. Skips are real-time figures (llvmpipe draws each frame on the
            // same two processors as everything else), printed beside, not checked.
            let longestWait = state.longestWaitDuringFetch / .milliseconds(1)
            let bound = Double(Self.fetchSeconds) * 1000 * Self.longestWaitShareOfFetch
            check(
                state.framesDuringFetch > 0 && longestWait < bound,
                "\(state.framesDuringFetch) frames while the fetch was out, the longest wait for one "
                    + "\(rounded(longestWait)) ms (under \(Int(bound)) ms; a fetch on the main loop waits "
                    + "\(Self.fetchSeconds * 1000) ms)")
            let outsideFrames = statistics.framesDelivered - state.framesDuringFetch
            let outsideSkips = statistics.skippedFrames - state.skippedDuringFetch
            print(
                "skipped while the fetch was out: \(state.skippedDuringFetch) in \(state.framesDuringFetch) frames; "
                    + "outside it: \(outsideSkips) in \(outsideFrames)")
        }
        if options.destroyAt != nil {
            let before = framesBeforeDestroy ?? -1
            check(
                state.ringDestroyed && statistics.framesDelivered == before,
                "the drawing area destroyed while its link ran: the link ended with it, "
                    + "\(statistics.framesDelivered - before) frames after")
        }
        let frameClockP50 = PresentationFigures.percentile(figures.frameClockErrors, 0.5)
        let frameClockP95 = PresentationFigures.percentile(figures.frameClockErrors, 0.95)
        let gtkP50 = PresentationFigures.percentile(figures.gtkErrors, 0.5)
        let gtkP95 = PresentationFigures.percentile(figures.gtkErrors, 0.95)
        print(
            "presentation prediction error over \(figures.frameClockErrors.count) frames: FrameClock's "
                + "targetTimestamp p50 \(rounded(frameClockP50)) µs, p95 \(rounded(frameClockP95)) µs; "
                + "GTK's predicted presentation time over \(figures.gtkErrors.count) frames p50 "
                + "\(rounded(gtkP50)) µs, p95 \(rounded(gtkP95)) µs")
        print(
            "FrameClock's targets by whole intervals from their presentation: "
                + figures.frameClockOffsetsInIntervals.map { "\($0.intervals): \($0.frames)" }.joined(
                    separator: ", "))
        let jitterP95 = figures.presentationJitter(0.95)
        print(
            "the compositor's presentation intervals stray from their median by p50 "
                + "\(rounded(figures.presentationJitter(0.5))) µs, p95 \(rounded(jitterP95)) µs")
        let within = frameClockP95 < Self.predictionBound ? "within" : "over"
        print(
            "FrameClock's p95 is \(within) \(Int(Self.predictionBound)) µs "
                + "(no prediction can beat the presentations' own spread)")
        let comparison =
            "FrameClock's prediction closer than GTK's at the median (×\(rounded(gtkP50 / frameClockP50)))"
        if !options.checksPrediction {
            print("not checked: \(comparison)")
        } else {
            check(figures.frameClockErrors.count > 20 && frameClockP50 < gtkP50, comparison)
        }
        print(failed.isEmpty ? "gtk-clock: all passed" : "gtk-clock: \(failed.count) failed")
        return failed.isEmpty ? 0 : 1
    }

    private func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
