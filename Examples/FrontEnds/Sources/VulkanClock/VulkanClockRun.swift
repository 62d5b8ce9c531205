import CVulkan
import FrameClock
import Wayland

#if canImport(Glibc)
    import Glibc
#endif

/// One run of vulkan-clock: the window, its Vulkan surface and swapchain, the first frame shown,
/// then `frames` frames paced by a display link on the window (or by a FIFO swapchain), and what
/// became of them.
struct VulkanClockRun {
    var options: Options

    /// How long the frames' feedback may take to arrive once they are all presented.
    static let settleTimeout: Duration = .seconds(2)
    /// How long the first frame's feedback is waited for before the frames start.
    static let firstFrameTimeout: Duration = .milliseconds(250)
    /// How often the link's progress and timeline are read while waiting.
    static let pollMicroseconds: UInt32 = 20_000
    /// How many ticks skipped for want of a swapchain image the timeline keeps room for.
    static let skippedTicksRoom = 600
    /// How long each frame may take on average before the run gives up waiting.
    static let frameTimeout: Duration = .milliseconds(200)

    /// What the run printed about its swapchain, and its figures.
    struct Outcome {
        var presentModeLine: String
        var summary: PresentationSummary
        /// Frames the link ticked whose callback found no swapchain image free, and skipped.
        var skippedNoImage = 0
    }

    /// Runs and returns the present mode and the figures.
    func run() throws(RunFailure) -> Outcome {
        let connection: WaylandConnection
        let window: WaylandWindow
        do throws(WaylandError) {
            connection = try WaylandConnection()
            window = try WaylandWindow(
                connection: connection, title: "vulkan-clock", width: options.size, height: options.size,
                appID: "org.frameclock.vulkan-clock")
        } catch {
            throw .wayland(error)
        }
        defer {
            window.close()
            connection.close()
        }
        let asked = options.pacing == .fifo ? VK_PRESENT_MODE_FIFO_KHR : VK_PRESENT_MODE_MAILBOX_KHR
        let presenter: ClearPresenter
        do throws(VulkanError) {
            presenter = try ClearPresenter(window: window, mode: asked)
        } catch {
            throw .vulkan(error)
        }
        defer { presenter.close() }
        let modeLine =
            presenter.presentMode == asked
            ? "vulkan-clock: present mode \(presenter.presentMode.name)"
            : "vulkan-clock: no \(asked.name) on this surface: present mode \(presenter.presentMode.name)"
        try showFirstFrame(window: window, presenter: presenter)
        let cpuBefore = processCPUMilliseconds()
        var skipped = 0
        let records =
            options.pacing == .fifo
            ? try FIFOLoop(window: window, presenter: presenter).run(
                frames: options.frames, settleTimeout: Self.settleTimeout)
            : try runLinked(window: window, presenter: presenter, skipped: &skipped)
        var summary = PresentationSummary(records)
        summary.cpuPerFrame = (processCPUMilliseconds() - cpuBefore) / Double(options.frames)
        return Outcome(presentModeLine: modeLine, summary: summary, skippedNoImage: skipped)
    }

    /// The frames paced by a display link on the window, each present the commit its frame
    /// callback and feedback ride on.
    private func runLinked(window: WaylandWindow, presenter: ClearPresenter, skipped: inout Int)
        throws(RunFailure) -> [FrameRecord]
    {
        let clearer = FrameClearer(presenter: presenter, count: options.frames)
        let link: DisplayLink
        do {
            link = try DisplayLink(source: .wayland(window))
            // Room for every frame's entry until the run reads them, and for the ticks skipped while a
            // stopped compositor holds every image (each takes a slot too: 5 s of them at 60 Hz).
            link.timelineCapacity =
                options.frames + Self.skippedTicksRoom + DisplayLink.defaultTimelineCapacity
            link.dispatch = options.pacing == .linkAtRenderDeadline ? .renderDeadline : .afterVBlank
            try link.start { frame in clearer.frame(frame) }
        } catch {
            throw .displayLink(error)
        }
        // After these, no callback touches the presenter, which is closed on this thread.
        defer {
            link.invalidate()
            clearer.stop()
        }
        let allowed = Self.frameTimeout * options.frames + Self.settleTimeout
        let giveUpAt = MonotonicInstant.now() + allowed
        while clearer.progress.sequences.count < options.frames {
            if let failure = clearer.progress.failure { throw RunFailure(failure, on: window.connection) }
            try Self.checkConnection(window.connection)
            guard MonotonicInstant.now() < giveUpAt else {
                throw .tooSlow(
                    presented: clearer.progress.sequences.count, of: options.frames, within: allowed)
            }
            usleep(Self.pollMicroseconds)
        }
        // The link goes on presenting while the last frames' feedback comes.
        let sequences = clearer.progress.sequences
        skipped = clearer.progress.skippedNoImage
        let settleBy = MonotonicInstant.now() + Self.settleTimeout
        var records = sequences.map { FrameRecord(entry: link.timeline.entry(sequence: $0)) }
        while records.contains(where: { $0.fate == .pending }), MonotonicInstant.now() < settleBy {
            try Self.checkConnection(window.connection)
            usleep(Self.pollMicroseconds)
            records = sequences.map { FrameRecord(entry: link.timeline.entry(sequence: $0)) }
        }
        if let path = options.timelinePath {
            do {
                try link.timeline.write(.chromeTrace, to: path)
            } catch {
                throw .timelineNotWritten(error)
            }
        }
        return records
    }

    /// Presents the first frame with a request for presentation feedback, and waits a little for
    /// it: a link made afterwards starts on the compositor's phase.
    private func showFirstFrame(window: WaylandWindow, presenter: ClearPresenter) throws(RunFailure) {
        var recorder = FeedbackRecorder(window: window)
        let start = MonotonicInstant.now()
        try recorder.present(with: presenter, startedAt: start)
        try recorder.collect(until: start + Self.firstFrameTimeout)
    }

    /// Throws when the window's connection broke (the compositor went away).
    private static func checkConnection(_ connection: WaylandConnection) throws(RunFailure) {
        if let failure = connection.failure {
            throw .compositorGone(failure)
        }
    }
}
