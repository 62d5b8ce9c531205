import TestSupport

@testable import FrameClock
@testable import VirtualKernel

/// A display link on a real ``WaylandTickSource`` over a ``ScriptedCompositor``, with the real frame
/// thread and the real failover to a ``TimerTickSource`` on the compositor's kernel clock: all of it
/// in virtual time.
enum WaylandLinkHarness {
    /// Runs a link until a callback starts at or after `end` on the virtual clock (it invalidates
    /// itself there), and returns what it did. Each callback works for `work` of virtual time (and
    /// every `stall.every`th callback for `stall.duration` more, a swap that blocks), then commits
    /// the surface: the commit is the end of the frame's dispatch, as a front end's is. A callback
    /// for which `commits` (given its start and its count, from 1) is false commits nothing, as a
    /// front end's with no buffer free.
    static func run(
        _ compositor: ScriptedCompositor, until end: Int64, dispatch: FrameDispatch = .afterVBlank,
        presentationLatency: Duration? = nil, work: Duration = .zero, preferredFramesPerSecond: Int = 0,
        hiddenWindowPolicy: HiddenWindowPolicy = .keepRate, stall: (every: Int, duration: Duration)? = nil,
        commits: @escaping @Sendable (_ calledAt: Int64, _ count: Int) -> Bool = { _, _ in true }
    ) async throws -> WaylandLinkOutcome {
        let kernel = compositor.kernel
        let capture = LogCapture()
        let control = try ControlChannel()
        kernel.watchControl(control)
        let source = WaylandTickSource(surface: compositor, control: control)
        let driver = FrameDriver(
            source: source, control: control, reason: source.reason,
            options: FrameThreadOptions(realtimePriority: nil), logger: capture.logger,
            now: { kernel.monotonicNanoseconds() },
            fallback: { grid, control throws(DisplayLinkError) in
                try TimerTickSource(grid: grid, precision: .standard, control: control, system: kernel)
            })
        let link = DisplayLink(driver: driver, logger: capture.logger)
        link.timelineCapacity = 1000
        link.dispatch = dispatch
        link.preferredFramesPerSecond = preferredFramesPerSecond
        link.hiddenWindowPolicy = hiddenWindowPolicy
        if let presentationLatency { link.presentationLatency = presentationLatency }
        var changes = link.sourceChanges.makeAsyncIterator()
        let log = Locked<[WaylandLinkOutcome.Delivered]>([])
        try link.start { [link] frame in
            let calledAt = kernel.monotonicNanoseconds()
            let info = link.sourceInfo
            log.withLock {
                $0.append(
                    .init(
                        frame: frame, calledAt: calledAt, kind: info.kind, reason: info.reason,
                        output: info.output))
            }
            let count = log.withLock { $0.count }
            if work > .zero { kernel.elapse(work) }
            if let stall, count.isMultiple(of: stall.every) { kernel.elapse(stall.duration) }
            if commits(calledAt, count) { compositor.commit() }
            if calledAt >= end { link.invalidate() }
        }
        // The frame thread runs through virtual time as fast as it can; real time bounds only a hang.
        let ended = RealTimePolling.waitUntil(seconds: 60) { driver.hasThreadEnded }
        link.invalidate()
        precondition(ended, "the frame thread did not finish within 60 s of real time")
        var seen: [FrameSourceInfo] = []
        while let change = await changes.next() { seen.append(change) }
        return WaylandLinkOutcome(
            delivered: log.withLock { $0 }, changes: seen, sourceInfo: link.sourceInfo,
            statistics: link.statistics, timeline: link.timeline,
            warnings: capture.messages(at: .warning), errors: capture.messages(at: .error))
    }
}
