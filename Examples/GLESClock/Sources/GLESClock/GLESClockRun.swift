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
        let drawer = FrameDrawer(gles: gles, renderer: renderer, count: options.frames)
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
        guard drawer.done.wait(timeout: .after(allowed)) == .success else {
            throw Failure(
                description:
                    "only \(drawer.progress.sequences.count) of \(options.frames) frames in \(allowed)")
        }
        if let failure = drawer.progress.failure { throw Failure(description: "egl: \(failure)") }
        // The link goes on drawing while the last frames' feedback comes.
        let sequences = drawer.progress.sequences
        let clock = ContinuousClock()
        let settleBy = clock.now + Self.settleTimeout
        var report = PresentationReport(
            samples: FrameSample.fromTimeline(link.timeline, sequences: sequences))
        while !report.isSettled, clock.now < settleBy {
            usleep(Self.settlePollMicroseconds)
            report = PresentationReport(
                samples: FrameSample.fromTimeline(link.timeline, sequences: sequences))
        }
        // The surface is closed from this thread: the link's must let go of the context first.
        _ = drawer.releaseContext(timeout: Self.settleTimeout)
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
