#if EGLSurfaces && X11Backend
    import ArgumentParser
    import CEGL
    import Dispatch
    import FrameClock
    import Glibc
    import X11
    import X11EGL

    /// The pacings of `--x11`, in turn on one window and one EGL surface of one connection to the X
    /// server `DISPLAY` names. Every swap is followed by the window's request for the next MSC
    /// (`X11Window.presentDrawnContent()`), read back on a watch of the same connection.
    struct X11PacingMeasurement {
        /// How long the last frames' completions may take to come.
        static let settleTimeout: Duration = .seconds(2)
        /// How long a frame may take on average before a pacing gives up.
        static let frameTimeout: Duration = .milliseconds(200)
        /// How long connecting and mapping may wait for the X server.
        static let serverTimeout: Duration = .seconds(5)

        let frames: Int
        let size: Int
        let rate: Double

        /// The server's name, each pacing's run, and where the server latches frames.
        func measureEachPacing() throws -> (server: String, runs: [X11PacingRun], latch: [X11LatchOffset]) {
            let connection: X11Connection
            do {
                connection = try X11Connection(timeout: Self.serverTimeout)
            } catch {
                throw ValidationError(
                    "--x11 needs an X server with the Present extension (DISPLAY): \(error)")
            }
            defer { connection.close() }
            let window = try X11Window(
                connection: connection, title: "frame-bench --x11", width: size, height: size,
                timeout: Self.serverTimeout)
            defer { window.close() }
            let gles = try X11EGLSurface(window: window)
            defer { gles.close() }
            let server = "\(connection.displayName) (Present \(connection.presentVersion))"
            let runs = try X11PacingRun.Pacing.allCases.map { pacing in
                try measure(pacing, window: window, gles: gles)
            }
            let watch = try X11PresentWatch(connection: window.connection, window: window.id)
            defer { watch.close() }
            let latch = try X11LatchSweep(interval: Int64((1e9 / rate).rounded())).run(
                window: window, gles: gles, watch: watch)
            return (server, runs, latch)
        }

        /// One pacing, its completions read on a watch of the window's own connection.
        private func measure(_ pacing: X11PacingRun.Pacing, window: X11Window, gles: X11EGLSurface) throws
            -> X11PacingRun
        {
            let watch = try X11PresentWatch(connection: window.connection, window: window.id)
            defer { watch.close() }
            let period = Int64((1e9 / rate).rounded())
            var run = X11PacingRun(pacing: pacing)
            switch pacing {
            case .mesaSwapIntervalOne:
                run.drawn = try swapIntervalOne(gles, for: period * Int64(frames))
            case .swapAndWait:
                run.drawn = try swapAndWait(gles, watch: watch, into: &run.completions)
            case .foundationTimer, .dispatchTimer, .asyncAfter, .sleepLoop:
                run.drawn = try X11TimerLoops(gles: gles, frames: frames, period: period).run(pacing)
            case .link, .linkAtRenderDeadline, .linkAtLatch:
                (run.drawn, run.linkTimes) = try linked(pacing, window: window, gles: gles)
            }
            collect(watch, serials: Set(run.drawn.map(\.serial)), into: &run.completions)
            return run
        }

        /// One frame's drawing: the window cleared to a colour that sweeps once a second, then swapped;
        /// the frame's start and the serial of its presentation request.
        static func drawAndSwap(_ gles: X11EGLSurface, at time: Int64) throws(X11EGLError)
            -> X11PacingRun.DrawnFrame
        {
            try gles.makeCurrent()
            let fraction = Float(time % 1_000_000_000) / 1e9
            glViewport(0, 0, GLsizei(gles.width), GLsizei(gles.height))
            glClearColor(fraction, 0.3, 1 - fraction, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try gles.swapBuffers()
            return X11PacingRun.DrawnFrame(start: time, serial: gles.lastPresentationSerial ?? 0)
        }

        /// Mesa's pacing: swap interval 1, draw and swap in a loop for `duration` nanoseconds.
        private func swapIntervalOne(_ gles: X11EGLSurface, for duration: Int64) throws -> [X11PacingRun
            .DrawnFrame]
        {
            try gles.setSwapInterval(1)
            defer {
                try? gles.setSwapInterval(0)
                gles.releaseCurrent()
            }
            var drawn: [X11PacingRun.DrawnFrame] = []
            let end = MonotonicInstant.now().nanoseconds + duration
            while MonotonicInstant.now().nanoseconds < end {
                drawn.append(try Self.drawAndSwap(gles, at: MonotonicInstant.now().nanoseconds))
            }
            return drawn
        }

        /// Draw, swap, wait for the frame's completion, and on to the next.
        private func swapAndWait(
            _ gles: X11EGLSurface, watch: X11PresentWatch,
            into completions: inout [UInt32: X11PacingRun.Shown]
        ) throws -> [X11PacingRun.DrawnFrame] {
            defer { gles.releaseCurrent() }
            var drawn: [X11PacingRun.DrawnFrame] = []
            for _ in 0..<frames {
                let frame = try Self.drawAndSwap(gles, at: MonotonicInstant.now().nanoseconds)
                drawn.append(frame)
                collect(watch, serials: [frame.serial], into: &completions, timeout: Self.frameTimeout)
            }
            return drawn
        }

        /// The link's pacing, swap interval 0: each callback draws and swaps.
        private func linked(_ pacing: X11PacingRun.Pacing, window: X11Window, gles: X11EGLSurface) throws
            -> ([X11PacingRun.DrawnFrame], [X11PacingRun.LinkFrameTimes])
        {
            gles.releaseCurrent()
            let link = try DisplayLink(source: .x11(window))
            defer { link.invalidate() }
            link.timelineCapacity = frames + DisplayLink.defaultTimelineCapacity
            link.dispatch = pacing == .link ? .afterVBlank : .renderDeadline
            if pacing == .linkAtLatch {
                link.presentationLatency = X11PresentLatch.presentationLatency(
                    refreshInterval: .nanoseconds(Int64(link.sourceInfo.period.nanoseconds.rounded())))
            }
            let drawer = X11LinkDrawer(gles: gles, count: frames)
            try link.start { frame in drawer.frame(frame) }
            let allowed = Self.frameTimeout * frames + Self.settleTimeout
            let finished =
                drawer.done.wait(timeout: .now() + .milliseconds(Int(allowed / .milliseconds(1)))) == .success
            link.invalidate()
            let timeline = link.timeline
            let times = drawer.sequences.compactMap { sequence -> X11PacingRun.LinkFrameTimes? in
                guard let entry = timeline.entry(sequence: sequence), let callback = entry.callbackDuration
                else {
                    return nil
                }
                return X11PacingRun.LinkFrameTimes(
                    callback: callback / .milliseconds(1),
                    predicted: entry.predictedDuration / .milliseconds(1),
                    startToTarget: Double(entry.target.nanoseconds - entry.callbackStart.nanoseconds) / 1e6)
            }
            if let failure = drawer.failure { throw ValidationError("--x11: \(pacing.rawValue): \(failure)") }
            guard finished else {
                throw ValidationError(
                    "--x11: \(pacing.rawValue): only \(drawer.drawn.count) of \(frames) frames drawn")
            }
            return (drawer.drawn, times)
        }

        /// Reads the watch's completions until those of `serials` have come, or `timeout` has passed.
        private func collect(
            _ watch: X11PresentWatch, serials: Set<UInt32>,
            into completions: inout [UInt32: X11PacingRun.Shown],
            timeout: Duration = settleTimeout
        ) {
            var missing = serials.subtracting(completions.keys)
            let deadline = MonotonicInstant.now().nanoseconds + Int64(timeout / .nanoseconds(1))
            while !missing.isEmpty {
                switch watch.nextEvent(until: deadline) {
                case .completed(let done) where done.kind == .notifyMSC && serials.contains(done.serial):
                    missing.remove(done.serial)
                    completions[done.serial] = X11PacingRun.Shown(
                        msc: done.msc, ust: Int64(clamping: done.ust) * 1000)
                case .timedOut, .connectionLost, .destroyed, .unmapped, .woken:
                    return
                default:
                    continue
                }
            }
        }
    }
#endif
