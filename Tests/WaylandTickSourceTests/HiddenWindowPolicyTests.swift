import TestSupport
import Testing

@testable import FrameClock
@testable import VirtualKernel

/// A link on a Wayland window hidden for two seconds and shown again, under each
/// ``HiddenWindowPolicy``, through the real frame thread and source in virtual time.
@Suite("A hidden window costs what its policy says")
struct HiddenWindowPolicyTests {
    /// The compositor's repaint interval (and advertised refresh).
    static let interval: Int64 = 16_666_667
    /// How long the window stays hidden.
    static let hiddenFor: Int64 = 2_000_000_000
    /// How long the run goes on after the window is shown again.
    static let shownFor: Int64 = 300_000_000

    /// A run of a link whose window is hidden a second after it starts and shown again two seconds
    /// later, on one of the compositor's vblanks (an output's vblanks go on while a window is hidden).
    struct HiddenRun {
        var outcome: WaylandLinkOutcome
        var record: ScriptedCompositor.Record
        /// The last commit before the window was hidden.
        var lastCommit: Int64
        /// The last presentation before it was hidden: the grid's phase.
        var lastPresentation: Int64
        var shownAt: Int64

        /// From four intervals after the last commit before the hide to the show: the source knows the
        /// window is hidden within two intervals of the last callback, and a link at a divisor of two
        /// makes its last commit up to two intervals after that callback.
        var hiddenSpan: ClosedRange<Int64> { (lastCommit + 4 * interval)...(shownAt - 1) }
        var hiddenSeconds: Double { Double(hiddenSpan.count) / 1e9 }
        /// Frames whose callbacks started while the window was known to be hidden.
        var hiddenFrames: [WaylandLinkOutcome.Delivered] {
            outcome.delivered.filter { hiddenSpan.contains($0.calledAt) }
        }
        /// Wake-ups of the frame thread (blocking waits that ended) while it was known to be hidden.
        var hiddenWakeUps: Int {
            record.waits.filter { $0.ended > $0.began && hiddenSpan.contains($0.ended) }.count
        }
        /// The first frame whose callback started at or after the show, and the one before it.
        func firstShown() throws -> (
            before: WaylandLinkOutcome.Delivered, first: WaylandLinkOutcome.Delivered
        ) {
            let index = try #require(outcome.delivered.firstIndex { $0.calledAt >= shownAt })
            try #require(index > 0)
            return (outcome.delivered[index - 1], outcome.delivered[index])
        }
    }

    static func run(
        _ policy: HiddenWindowPolicy, dispatch: FrameDispatch = .afterVBlank,
        presentationLatency: Duration? = nil,
        work: Duration = .zero, preferredFramesPerSecond: Int = 0
    ) async throws -> HiddenRun {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        let phase = start + 5_000_000
        let compositor = ScriptedCompositor(kernel: kernel, interval: interval, firstRepaint: phase)
        let hiddenAt = start + 1_000_000_000 + 3_000_000
        let intervalsToShow = (hiddenAt + hiddenFor - phase + interval - 1) / interval
        let shownAt = phase + intervalsToShow * interval
        compositor.schedule(.hidden, at: hiddenAt)
        compositor.schedule(.shown, at: shownAt)
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: shownAt + shownFor, dispatch: dispatch,
            presentationLatency: presentationLatency,
            work: work, preferredFramesPerSecond: preferredFramesPerSecond, hiddenWindowPolicy: policy)
        let record = compositor.record
        return HiddenRun(
            outcome: outcome, record: record,
            lastCommit: try #require(record.commits.last { $0 < hiddenAt }),
            lastPresentation: try #require(record.presentations.last { $0.at < hiddenAt }).at,
            shownAt: shownAt)
    }

    /// Prints the figures of a hidden span: frames and wake-ups a second.
    static func report(_ name: String, _ run: HiddenRun) {
        let frames = Double(run.hiddenFrames.count) / run.hiddenSeconds
        let wakeUps = Double(run.hiddenWakeUps) / run.hiddenSeconds
        print(
            "figure: \(name): hidden \(run.hiddenSeconds) s: \(run.hiddenFrames.count) frames "
                + "(\(frames)/s), \(run.hiddenWakeUps) wake-ups (\(wakeUps)/s)")
    }

    /// Expects the two changes a hide and a show make, the first naming `policy`, the second none.
    static func expectHiddenThenShown(_ run: HiddenRun, policy: HiddenWindowPolicy, kind: FrameSourceKind) {
        let changes = run.outcome.changes
        guard changes.count == 2 else {
            Issue.record("\(changes)")
            return
        }
        if case .frameCallbacksStopped = changes[0].reason {} else { Issue.record("\(changes[0])") }
        #expect(changes[0].hiddenWindow == policy && changes[0].kind == kind)
        #expect(changes[0].description.hasSuffix("(hidden window: \(policy))"), "\(changes[0])")
        if case .frameCallbacksResumed = changes[1].reason {} else { Issue.record("\(changes[1])") }
        #expect(changes[1].hiddenWindow == nil && changes[1].kind == .wayland)
        #expect(run.outcome.sourceInfo.hiddenWindow == nil)
        #expect(run.outcome.errors.isEmpty && run.outcome.warnings.isEmpty)
    }

    /// Expects no burst and every grid point passed over counted, at the link's `divisor`.
    static func expectNoBurst(_ run: HiddenRun, divisor: Int64) {
        for gap in run.outcome.callbackGaps { #expect(gap >= interval / 2, "gap \(gap) ns") }
        let delivered = run.outcome.delivered
        for (earlier, later) in zip(delivered, delivered.dropFirst()) {
            let jump = Int64(later.frame.sequence) - Int64(earlier.frame.sequence)
            #expect(jump > 0 && jump % divisor == 0, "frame \(later.frame.sequence)")
            #expect(later.frame.skippedFrames == Int(jump / divisor) - 1, "frame \(later.frame.sequence)")
        }
    }

    /// Expects the first frame after the show on the callback that came with it, on the grid point
    /// of the link's `divisor` it follows, with every frame missed while hidden counted, and its
    /// target a whole number of intervals on.
    static func expectFirstShownOnTheCallback(_ run: HiddenRun, divisor: Int64) throws {
        let (before, first) = try run.firstShown()
        #expect(first.kind == .wayland && first.calledAt == run.shownAt)
        let sinceGridPoint = run.shownAt - first.frame.timestamp.nanoseconds
        #expect(sinceGridPoint >= 0 && sinceGridPoint < divisor * interval && sinceGridPoint % interval == 0)
        let missed = (Int64(first.frame.sequence) - Int64(before.frame.sequence)) / divisor - 1
        #expect(missed > 0 && first.frame.skippedFrames == Int(missed))
        let ahead = first.frame.targetTimestamp.nanoseconds - first.frame.timestamp.nanoseconds
        #expect(ahead > 0 && ahead % interval == 0)
    }

    @Test(
        "keep the rate (the default): hidden two seconds, a timer at the output's rate on the last presentations' grid, 60 frames and wake-ups a second; sourceInfo names the policy"
    )
    func keepRate() async throws {
        let run = try await Self.run(.keepRate)
        Self.report("keep the rate", run)
        let frames = run.hiddenFrames
        #expect(frames.count >= Int(run.hiddenSeconds * 59) && frames.allSatisfy { $0.kind == .timer })
        for frame in frames {
            #expect((frame.frame.timestamp.nanoseconds - run.lastPresentation) % Self.interval == 0)
        }
        #expect(run.hiddenWakeUps >= frames.count)
        Self.expectHiddenThenShown(run, policy: .keepRate, kind: .timer)
        Self.expectNoBurst(run, divisor: 1)
    }

    @Test(
        "pause until shown: hidden two seconds, no frame and no wake-up; the first callback after the show is the next frame, on the grid, every missed interval in skippedFrames, shown at its target"
    )
    func pauseUntilShown() async throws {
        let run = try await Self.run(.pauseUntilShown)
        Self.report("paused until shown", run)
        #expect(run.hiddenFrames.isEmpty)
        #expect(run.hiddenWakeUps == 0)
        try Self.expectFirstShownOnTheCallback(run, divisor: 1)
        Self.expectHiddenThenShown(run, policy: .pauseUntilShown, kind: .wayland)
        Self.expectNoBurst(run, divisor: 1)
        // Back on the callbacks for good.
        #expect(run.outcome.delivered.filter { $0.calledAt >= run.shownAt }.count >= 15)
    }

    @Test(
        "a reduced rate of 10 fps on 60 Hz: hidden two seconds, a tick every sixth interval of the same grid, 10 frames and wake-ups a second"
    )
    func reducedRate() async throws {
        let policy = try HiddenWindowPolicy.reducedRate(framesPerSecond: 10)
        let run = try await Self.run(policy)
        Self.report("reduced to 10 fps", run)
        try Self.expectReducedToEverySixth(run)
        Self.expectHiddenThenShown(run, policy: policy, kind: .timer)
        Self.expectNoBurst(run, divisor: 1)
    }

    /// Expects the hidden frames every sixth interval of the grid, and as many wake-ups.
    static func expectReducedToEverySixth(_ run: HiddenRun) throws {
        let frames = run.hiddenFrames
        let expected = Int(run.hiddenSeconds * 10)
        #expect(abs(frames.count - expected) <= 1, "\(frames.count) frames hidden")
        for frame in frames {
            #expect(frame.kind == .timer && frame.frame.sequence % 6 == 0)
            #expect((frame.frame.timestamp.nanoseconds - run.lastPresentation) % interval == 0)
            #expect(frame.calledAt == frame.frame.timestamp.nanoseconds)
        }
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            #expect(later.calledAt - earlier.calledAt == 6 * interval)
        }
        #expect(run.hiddenWakeUps <= frames.count + 1, "\(run.hiddenWakeUps) wake-ups")
    }

    @Test(
        "a link at 30 fps on 60 Hz: paused until shown, no frame hidden and its first frame after the show on its own grid; reduced to 10 fps, every sixth interval, two of its frames skipped between two"
    )
    func atADivisor() async throws {
        let paused = try await Self.run(.pauseUntilShown, preferredFramesPerSecond: 30)
        #expect(paused.hiddenFrames.isEmpty && paused.hiddenWakeUps == 0)
        let (_, first) = try paused.firstShown()
        #expect(first.frame.sequence % 2 == 0)
        try Self.expectFirstShownOnTheCallback(paused, divisor: 2)
        Self.expectNoBurst(paused, divisor: 2)
        Self.expectHiddenThenShown(paused, policy: .pauseUntilShown, kind: .wayland)

        let policy = try HiddenWindowPolicy.reducedRate(framesPerSecond: 10)
        let reduced = try await Self.run(policy, preferredFramesPerSecond: 30)
        try Self.expectReducedToEverySixth(reduced)
        #expect(reduced.hiddenFrames.dropFirst().allSatisfy { $0.frame.skippedFrames == 2 })
        Self.expectNoBurst(reduced, divisor: 2)
        Self.expectHiddenThenShown(reduced, policy: policy, kind: .timer)
    }

    @Test(
        "a render-deadline link: paused until shown, no frame and no wake-up hidden, and the frames after the show start at their deadlines again; reduced to 10 fps, every sixth interval"
    )
    func renderDeadline() async throws {
        let dispatch = FrameDispatch.renderDeadline(safetyMargin: .microseconds(500))
        let latency = Duration.nanoseconds(Self.interval + 2_000_000)
        let paused = try await Self.run(
            .pauseUntilShown, dispatch: dispatch, presentationLatency: latency, work: .milliseconds(2))
        #expect(paused.hiddenFrames.isEmpty && paused.hiddenWakeUps == 0)
        let (_, first) = try paused.firstShown()
        #expect(first.frame.timestamp.nanoseconds == paused.shownAt)
        Self.expectNoBurst(paused, divisor: 1)
        Self.expectHiddenThenShown(paused, policy: .pauseUntilShown, kind: .wayland)
        let after = paused.outcome.timeline.entries.filter { $0.callbackStart.nanoseconds >= paused.shownAt }
        #expect(after.count >= 15)
        #expect(after.dropFirst(3).allSatisfy { $0.callbackStart > $0.timestamp }, "deferred to the deadline")

        let policy = try HiddenWindowPolicy.reducedRate(framesPerSecond: 10)
        let reduced = try await Self.run(
            policy, dispatch: dispatch, presentationLatency: latency, work: .milliseconds(2))
        let frames = reduced.hiddenFrames
        #expect(abs(frames.count - Int(reduced.hiddenSeconds * 10)) <= 1, "\(frames.count)")
        #expect(frames.allSatisfy { $0.frame.sequence % 6 == 0 })
        Self.expectNoBurst(reduced, divisor: 1)
    }

    @Test(
        "a reduced rate of 0, negative, NaN or infinite is a typed error; one at or above the output's rate is clamped to every interval; 10 on 59.94 Hz is every sixth"
    )
    func badRates() throws {
        for rate in [0, -1, -.infinity, .infinity, .nan, 0.0001, 1e6] {
            #expect(throws: DisplayLinkError.self) {
                try HiddenWindowPolicy.reducedRate(framesPerSecond: rate)
            }
            do {
                _ = try HiddenWindowPolicy.reducedRate(framesPerSecond: rate)
            } catch {
                guard case .invalidFrameRate = error else {
                    Issue.record("\(error)")
                    continue
                }
            }
        }
        #expect(
            try HiddenWindowPolicy.reducedRate(framesPerSecond: 120).hiddenDivisor(sourceFramesPerSecond: 60)
                == 1)
        #expect(
            try HiddenWindowPolicy.reducedRate(framesPerSecond: 60).hiddenDivisor(sourceFramesPerSecond: 60)
                == 1)
        #expect(
            try HiddenWindowPolicy.reducedRate(framesPerSecond: 10).hiddenDivisor(
                sourceFramesPerSecond: 59.94) == 6)
        #expect(
            try HiddenWindowPolicy.reducedRate(framesPerSecond: 7).hiddenDivisor(sourceFramesPerSecond: 60)
                == 9)
        #expect(
            try HiddenWindowPolicy.reducedRate(framesPerSecond: 1).hiddenDivisor(sourceFramesPerSecond: 144)
                == 144)
        #expect(HiddenWindowPolicy.keepRate.hiddenDivisor(sourceFramesPerSecond: 60) == 1)
    }

    @Test("links on one shared source share its policy: the last one set applies to all")
    func sharedSource() throws {
        let kernel = ScriptedKernel()
        let compositor = ScriptedCompositor(
            kernel: kernel, interval: Self.interval, firstRepaint: kernel.monotonicNanoseconds())
        let control = try ControlChannel()
        let source = WaylandTickSource(surface: compositor, control: control)
        let driver = FrameDriver(
            source: source, control: control, reason: source.reason,
            options: FrameThreadOptions(realtimePriority: nil), logger: LogCapture().logger,
            now: { kernel.monotonicNanoseconds() })
        let first = DisplayLink(driver: driver, logger: LogCapture().logger)
        let second = DisplayLink(driver: driver, logger: LogCapture().logger)
        #expect(first.hiddenWindowPolicy == .keepRate && second.hiddenWindowPolicy == .keepRate)
        first.hiddenWindowPolicy = .pauseUntilShown
        #expect(second.hiddenWindowPolicy == .pauseUntilShown)
        second.hiddenWindowPolicy = try .reducedRate(framesPerSecond: 4)
        #expect(first.hiddenWindowPolicy == second.hiddenWindowPolicy)
        first.invalidate()
        second.invalidate()
    }
}
