import Dispatch
import FrameClock
import X11
import X11EGL

#if canImport(Glibc)
    import Glibc
#endif

/// One run of x11-gles-clock: the window and its EGL surface, a first frame, then `frames` frames
/// paced by a display link on the window, and what became of them.
struct X11GLESRun {
    var options: Options

    /// Why the run stopped: an X11, EGL or link failure, in one line.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the run measured.
    struct Outcome {
        /// The source the link ticked on at the end.
        var source: String
        var figures: RunFigures
        /// Frames not delivered on the X11 source (a failover to the timer).
        var offSource: Int
        /// The frames' presentations (nil on an adopted window: the link presents nothing).
        var tally: PresentationTally?
    }

    /// How long the frames' presentations may take to arrive once they are all drawn.
    static let settleTimeout: Duration = .seconds(2)
    /// How often the timeline is read while the last frames settle.
    static let settlePollMicroseconds: UInt32 = 20_000
    /// How long each frame may take on average before the run gives up waiting.
    static let frameTimeout: Duration = .milliseconds(200)
    /// How long connecting and mapping may wait for the X server.
    static let serverTimeout: Duration = .seconds(5)

    /// Runs and returns what it measured.
    func run() throws(Failure) -> Outcome {
        let connection: X11Connection
        let window: X11Window
        do {
            connection = try X11Connection(display: options.display, timeout: Self.serverTimeout)
            window = try X11Window(
                connection: connection, title: "x11-gles-clock", width: options.size, height: options.size,
                timeout: Self.serverTimeout)
        } catch {
            throw Failure(description: "x11: \(error)")
        }
        defer {
            window.close()
            connection.close()
        }
        let gles: X11EGLSurface
        do {
            gles =
                switch options.window {
                case .own: try X11EGLSurface(window: window)
                // The window belongs to another connection (the toolkit's): the surface is made there.
                case .adopted: try X11EGLSurface(connection: connection, windowID: window.id)
                }
            try gles.makeCurrent()
            SweepScene.draw(gles, at: MonotonicInstant.now().nanoseconds)
            try gles.swapBuffers()
            gles.releaseCurrent()
        } catch {
            throw Failure(description: "egl: \(error)")
        }
        defer { gles.close() }
        return try runLinked(window: window, gles: gles)
    }

    /// The frames paced by a display link on the window (or on its XID, adopted as a toolkit's).
    private func runLinked(window: X11Window, gles: X11EGLSurface) throws(Failure) -> Outcome {
        let link: DisplayLink
        let drawer = LinkDrawer(gles: gles, count: options.frames)
        do {
            let source: DisplayLink.Source =
                switch options.window {
                case .own: .x11(window)
                case .adopted: .x11(display: window.connection.displayName, window: window.id)
                }
            link = try DisplayLink(source: source)
            link.timelineCapacity = options.frames + DisplayLink.defaultTimelineCapacity
            link.dispatch = options.dispatch == .renderDeadline ? .renderDeadline : .afterVBlank
            if options.latchLatency {
                // A frame must reach the server half an interval before the refresh it is for.
                link.presentationLatency = X11PresentLatch.presentationLatency(
                    refreshInterval: .nanoseconds(Int64(link.sourceInfo.period.nanoseconds.rounded())))
            }
            try link.start { frame in drawer.frame(frame, kind: link.sourceInfo.kind) }
        } catch {
            throw Failure(description: "display link: \(error)")
        }
        defer { link.invalidate() }
        let allowed = Self.frameTimeout * options.frames + Self.settleTimeout
        let finished =
            drawer.done.wait(timeout: .now() + .milliseconds(Int(allowed / .milliseconds(1)))) == .success
        let frames = drawer.frames
        var tally: PresentationTally?
        if options.window == .own {
            tally = Self.settledTally(link.timeline, sequences: frames.map(\.sequence))
        }
        let source = link.sourceInfo.description
        // The surface is closed from this thread: the link's must let go of the context first.
        _ = drawer.releaseContext(waitingUpTo: Self.settleTimeout)
        if let failure = drawer.failure {
            throw Failure(description: "\(failure); \(frames.count) frames drawn before it")
        }
        guard finished else {
            throw Failure(description: "only \(frames.count) of \(options.frames) frames in \(allowed)")
        }
        return Outcome(
            source: source, figures: RunFigures(frames: frames),
            offSource: frames.filter { $0.kind != .x11 }.count, tally: tally)
    }

    /// The tally of frames `sequences` once each has an outcome, or after ``settleTimeout``.
    private static func settledTally(_ timeline: @autoclosure () -> FrameTimeline, sequences: [UInt64])
        -> PresentationTally
    {
        let clock = ContinuousClock()
        let settleBy = clock.now + settleTimeout
        var tally = PresentationTally(timeline(), sequences: sequences)
        while !tally.isSettled, clock.now < settleBy {
            usleep(settlePollMicroseconds)
            tally = PresentationTally(timeline(), sequences: sequences)
        }
        return tally
    }
}
