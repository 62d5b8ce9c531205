import Dispatch
import FrameClock
import Wayland
import WaylandEGL

#if canImport(Glibc)
    import Glibc
#endif

/// One run of gles-clock: the window and its EGL surface, the first frame shown, then `frames`
/// frames paced by a display link on the window, and what became of them.
struct GLESClockRun {
    var options: Options

    /// Why the run stopped: a Wayland, EGL or shader failure, or the link's, in one line.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How long `--hide-at` keeps the window hidden.
    static let hiddenFor: Duration = .milliseconds(300)
    /// How much `--resize-at` grows the surface.
    static let growth = (numerator: 3, denominator: 2)
    /// How long the frames' feedback may take to arrive once they are all drawn.
    static let settleTimeout: Duration = .seconds(2)
    /// How often the timeline is read while the last frames settle.
    static let settlePollMicroseconds: UInt32 = 20_000
    /// How long each frame may take on average before the run gives up waiting.
    static let frameTimeout: Duration = .milliseconds(200)

    /// Runs and returns the report.
    func run() throws(Failure) -> PresentationReport {
        let connection: WaylandConnection
        let window: WaylandWindow
        let gles: WaylandEGLSurface
        let renderer: RingRenderer
        do {
            connection = try WaylandConnection()
            window = try WaylandWindow(
                connection: connection, title: "gles-clock", width: options.size, height: options.size,
                appID: "org.frameclock.gles-clock")
        } catch {
            throw Failure(description: "wayland: \(error)")
        }
        defer { connection.close() }
        do {
            gles = try WaylandEGLSurface(
                window: window, swapInterval: options.pacing == .swapIntervalOne ? 1 : 0)
        } catch {
            throw Failure(description: "egl: \(error)")
        }
        defer {
            gles.close()
            window.close()
        }
        do {
            try gles.makeCurrent()
            renderer = try RingRenderer()
        } catch let error as WaylandEGLError {
            throw Failure(description: "egl: \(error)")
        } catch {
            throw Failure(description: "gles: \(error)")
        }
        let drawer = FrameDrawer(
            gles: gles, renderer: renderer, count: options.frames,
            resize: options.resizeAt.map {
                ($0, options.size * Self.growth.numerator / Self.growth.denominator)
            },
            hide: options.hideAt.map { ($0, Self.hiddenFor) })
        showFirstFrame(window: window, drawer: drawer)
        let cpuBefore = ProcessCPUTime.now()
        var report: PresentationReport
        if options.pacing == .swapIntervalOne {
            do {
                report = PresentationReport(
                    samples: try SwapIntervalOneLoop(window: window, drawer: drawer).run(
                        frames: options.frames, settleTimeout: Self.settleTimeout))
            } catch {
                throw Failure(description: "egl: \(error)")
            }
        } else {
            gles.releaseCurrent()
            report = try runLinked(connection: connection, window: window, drawer: drawer)
        }
        report.cpuPerFrame = (ProcessCPUTime.now() - cpuBefore) / Double(options.frames)
        return report
    }

    /// The frames paced by a display link on the window (or on its surface adopted as a toolkit's),
    /// each swap the commit its frame callback and feedback ride on.
    private func runLinked(
        connection: WaylandConnection, window: WaylandWindow, drawer: FrameDrawer
    ) throws(Failure) -> PresentationReport {
        let link: DisplayLink
        do {
            let source: DisplayLink.Source =
                switch options.surface {
                case .window: .wayland(window)
                case .adopted: .wayland(display: connection.displayPointer, surface: window.surfacePointer)
                }
            link = try DisplayLink(source: source)
            link.timelineCapacity = options.frames + DisplayLink.defaultTimelineCapacity
            link.dispatch = options.pacing == .linkAtRenderDeadline ? .renderDeadline : .afterVBlank
            try link.start { frame in drawer.frame(frame) }
        } catch {
            throw Failure(description: "display link: \(error)")
        }
        defer {
            link.invalidate()
            drawer.stop()
        }
        let allowed = Self.frameTimeout * options.frames + Self.settleTimeout
        let finished = drawer.done.wait(timeout: .after(allowed)) == .success
        // The link goes on drawing while the last frames' feedback comes.
        let sequences = drawer.progress.sequences
        let report = Self.settledReport(link.timeline, sequences: sequences)
        if let path = options.timelinePath {
            do {
                try link.timeline.write(.chromeTrace, to: path)
            } catch {
                throw Failure(description: "the timeline: \(error)")
            }
        }
        if let failure = drawer.progress.failure {
            throw Failure(description: "\(failure); \(report.accounting(frames: sequences.count))")
        }
        guard finished else {
            throw Failure(
                description: "only \(sequences.count) of \(options.frames) frames in \(allowed); "
                    + report.accounting(frames: sequences.count))
        }
        // The surface is closed from this thread: the link's must let go of the context first.
        _ = drawer.releaseContext(timeout: Self.settleTimeout)
        return report
    }

    /// The report on frames `sequences` once each has an outcome, or after ``settleTimeout``.
    private static func settledReport(_ timeline: @autoclosure () -> FrameTimeline, sequences: [UInt64])
        -> PresentationReport
    {
        let clock = ContinuousClock()
        let settleBy = clock.now + settleTimeout
        var report = PresentationReport(samples: FrameSample.fromTimeline(timeline(), sequences: sequences))
        while !report.isSettled, clock.now < settleBy {
            usleep(settlePollMicroseconds)
            report = PresentationReport(samples: FrameSample.fromTimeline(timeline(), sequences: sequences))
        }
        return report
    }

    /// Draws and swaps the first frame with a request for presentation feedback, and waits up to
    /// a quarter of a second for it: a link made afterwards starts on the compositor's phase.
    private func showFirstFrame(window: WaylandWindow, drawer: FrameDrawer) {
        let feedback = try? window.frameTiming.requestPresentationFeedback()
        guard (try? drawer.drawAndSwap(at: .now())) != nil, let feedback else { return }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(250)
        while clock.now < deadline {
            switch window.frameTiming.nextEvent(timeout: deadline - clock.now) {
            case .presented(let frame) where frame.feedbackID == feedback: return
            case .discarded(let id, _) where id == feedback: return
            case .timedOut, .closed, .connectionLost: return
            default: continue
            }
        }
    }
}
