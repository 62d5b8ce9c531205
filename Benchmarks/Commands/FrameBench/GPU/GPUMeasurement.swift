#if EGLSurfaces
    import ArgumentParser
    import CEGL
    import Dispatch
    import FrameClock
    import Glibc
    import Wayland
    import WaylandEGL

    /// The three pacings of `--gpu`, each on a window of its own on one connection to the compositor.
    struct GPUMeasurement {
        /// How long the last frames' feedback may take to come.
        static let settleTimeout: Duration = .seconds(2)
        /// How often a link's timeline is read while its last frames settle.
        static let settlePoll: Duration = .milliseconds(20)
        /// How long a frame may take on average before a pacing gives up.
        static let frameTimeout: Duration = .milliseconds(200)

        let frames: Int
        let size: Int

        /// Each pacing in turn, on the compositor `WAYLAND_DISPLAY` names.
        func measureEachPacing() throws -> [GPUPacingRun] {
            let connection: WaylandConnection
            do {
                connection = try WaylandConnection()
            } catch {
                throw ValidationError("--gpu needs a Wayland compositor (WAYLAND_DISPLAY): \(error)")
            }
            defer { connection.close() }
            return try GPUPacingRun.Pacing.allCases.map { try measure($0, on: connection) }
        }

        private func measure(_ pacing: GPUPacingRun.Pacing, on connection: WaylandConnection) throws
            -> GPUPacingRun
        {
            let window = try WaylandWindow(
                connection: connection, title: "frame-bench --gpu", width: size, height: size)
            defer { window.close() }
            let gles = try WaylandEGLSurface(window: window, swapInterval: pacing == .swapIntervalOne ? 1 : 0)
            defer { gles.close() }
            switch pacing {
            case .swapIntervalOne: return try swapIntervalOne(window: window, gles: gles)
            case .link, .linkAtRenderDeadline: return try linked(pacing, window: window, gles: gles)
            }
        }

        /// One frame's drawing: the window cleared to a colour that sweeps once a second, then swapped.
        static func draw(_ gles: WaylandEGLSurface, at time: MonotonicInstant) throws(WaylandEGLError) {
            try gles.makeCurrent()
            let fraction = Float(time.nanoseconds % 1_000_000_000) / 1e9
            glViewport(0, 0, GLsizei(gles.width), GLsizei(gles.height))
            glClearColor(fraction, 0.3, 1 - fraction, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try gles.swapBuffers()
        }

        /// The driver's pacing: draw and swap in a loop, each swap blocking until Mesa's own frame
        /// callback; feedback asked for before each swap only to learn when the frame was shown.
        private func swapIntervalOne(window: WaylandWindow, gles: WaylandEGLSurface) throws -> GPUPacingRun {
            var run = GPUPacingRun(pacing: .swapIntervalOne)
            var startOfFeedback: [UInt64: Int64] = [:]
            func take(waitingUpTo timeout: Duration) {
                while true {
                    switch window.frameTiming.nextEvent(timeout: timeout) {
                    case .presented(let shown):
                        guard let start = startOfFeedback.removeValue(forKey: shown.feedbackID) else {
                            continue
                        }
                        run.latencies.append(Double(shown.time - start) / 1e6)
                    case .discarded(let id, _):
                        if startOfFeedback.removeValue(forKey: id) != nil { run.discarded += 1 }
                    case .frameCallback:
                        continue
                    case .timedOut, .woken, .closed, .connectionLost:
                        return
                    }
                }
            }
            for _ in 0..<frames {
                let start = MonotonicInstant.now()
                startOfFeedback[try window.frameTiming.requestPresentationFeedback()] = start.nanoseconds
                try Self.draw(gles, at: start)
                take(waitingUpTo: .zero)
            }
            let clock = ContinuousClock()
            let settleBy = clock.now + Self.settleTimeout
            while !startOfFeedback.isEmpty, clock.now < settleBy { take(waitingUpTo: Self.settlePoll) }
            run.pending = startOfFeedback.count
            return run
        }

        /// The link's pacing, swap interval 0: each callback draws and swaps, the swap's commit carrying
        /// the frame callback and feedback the link asked for.
        private func linked(_ pacing: GPUPacingRun.Pacing, window: WaylandWindow, gles: WaylandEGLSurface)
            throws
            -> GPUPacingRun
        {
            // A first frame shown before the link starts, so that it starts on the compositor's phase.
            try Self.draw(gles, at: .now())
            gles.releaseCurrent()
            let link = try DisplayLink(source: .wayland(window))
            defer { link.invalidate() }
            link.timelineCapacity = frames + DisplayLink.defaultTimelineCapacity
            link.dispatch = pacing == .linkAtRenderDeadline ? .renderDeadline : .afterVBlank
            let drawer = GPULinkDrawer(gles: gles, count: frames)
            try link.start { frame in drawer.frame(frame) }
            let allowed = Self.frameTimeout * frames + Self.settleTimeout
            let finished = drawer.done.wait(timeout: .now() + .milliseconds(Int(allowed / .milliseconds(1))))
            let sequences = drawer.sequences
            let clock = ContinuousClock()
            let settleBy = clock.now + Self.settleTimeout
            var run = Self.tally(pacing, link.timeline, sequences)
            while run.pending > 0, clock.now < settleBy {
                Self.pause(Self.settlePoll)
                run = Self.tally(pacing, link.timeline, sequences)
            }
            // The surface is closed from this thread: the link's must let go of the context first.
            drawer.releaseContext(waitingUpTo: Self.settleTimeout)
            if let failure = drawer.failure { throw ValidationError("--gpu: \(pacing.rawValue): \(failure)") }
            guard finished == .success else {
                throw ValidationError(
                    "--gpu: \(pacing.rawValue): only \(sequences.count) of \(frames) frames drawn")
            }
            return run
        }

        /// What became of frames `sequences`, from the link's timeline.
        private static func tally(
            _ pacing: GPUPacingRun.Pacing, _ timeline: FrameTimeline, _ sequences: [UInt64]
        )
            -> GPUPacingRun
        {
            var run = GPUPacingRun(pacing: pacing)
            for sequence in sequences {
                guard let entry = timeline.entry(sequence: sequence) else {
                    run.pending += 1
                    continue
                }
                switch entry.outcome {
                case .pending:
                    run.pending += 1
                case .dropped, .notPresented:
                    run.discarded += 1
                case .onTime, .early, .late:
                    guard let presented = entry.presented else { continue }
                    if case .late = entry.outcome { run.late += 1 }
                    run.latencies.append(
                        Double(presented.nanoseconds - entry.callbackStart.nanoseconds) / 1e6)
                    run.predictionErrors.append(
                        abs(Double(presented.nanoseconds - entry.target.nanoseconds)) / 1e6)
                }
            }
            return run
        }

        /// Sleeps `duration` on this thread.
        private static func pause(_ duration: Duration) {
            usleep(UInt32(duration / .microseconds(1)))
        }
    }
#endif
