import Testing

@testable import FrameClock
@testable import VirtualKernel

/// A display link on a Wayland surface whose compositor is scripted in virtual time: the source's
/// fall back to a timer when the callbacks stop, its return, its failover when the compositor dies
/// and its render deadlines, each run exactly through the real frame thread.
@Suite("A Wayland surface in virtual time")
struct WaylandVirtualTimeTests {
    /// The compositor's repaint interval (and advertised refresh).
    let interval: Int64 = 16_666_667

    /// Frames made before the source learns the compositor's depth (the first presentation of a commit
    /// made after a callback, two intervals after it): the grid tick that maps the window, and the
    /// frames of the callbacks before that presentation arrives; they target one interval on, and are
    /// shown one interval late.
    static let settlingFrames = 5

    /// A compositor on a fresh kernel clock, its first repaint 5 ms after the clock's start, and
    /// that start.
    func compositor() -> (ScriptedCompositor, start: Int64) {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        return (
            ScriptedCompositor(kernel: kernel, interval: interval, firstRepaint: start + 5_000_000), start
        )
    }

    /// A compositor on a fresh kernel clock whose vblanks come `firstVBlank` after the clock's start
    /// and every interval on, each repaint `lag` after a vblank; and that start.
    func compositor(firstVBlank: Int64, repaintLag lag: Int64) -> (ScriptedCompositor, start: Int64) {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        return (
            ScriptedCompositor(
                kernel: kernel, interval: interval, firstRepaint: start + firstVBlank + lag, repaintLag: lag),
            start
        )
    }

    /// Expects each frame's target after the one before: through the learning, and across every
    /// switch to the timer and back.
    static func expectTargetsInOrder(
        _ delivered: [WaylandLinkOutcome.Delivered], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let behind = zip(delivered, delivered.dropFirst()).filter {
            $1.frame.targetTimestamp <= $0.frame.targetTimestamp
        }
        #expect(
            behind.isEmpty,
            "\(behind.map { "\($0.kind) \($0.frame.sequence) → \($0.frame.targetTimestamp), then \($1.kind) \($1.frame.sequence) → \($1.frame.targetTimestamp)" })",
            sourceLocation: sourceLocation)
    }

    /// Expects every entry on time, shown exactly at its target.
    static func expectShownAtTheirTargets(_ entries: [FrameTimelineEntry]) {
        for entry in entries {
            #expect(entry.outcome == .onTime, "frame \(entry.sequence): \(entry.outcome)")
            #expect(entry.target == entry.presented, "frame \(entry.sequence)")
        }
    }

    @Test(
        "hidden for 500 ms: on the timer within two intervals of the last callback, on the last presentations' grid; shown again: back on the callbacks, no burst, no frame twice"
    )
    func hiddenAndShown() async throws {
        let (compositor, start) = compositor()
        let hiddenAt = start + 1_000_000_000 + 3_000_000
        let shownAt = hiddenAt + 500_000_000
        compositor.schedule(.hidden, at: hiddenAt)
        compositor.schedule(.shown, at: shownAt)
        let outcome = try await WaylandLinkHarness.run(compositor, until: shownAt + 300_000_000)
        let record = compositor.record
        let delivered = outcome.delivered
        Self.expectTargetsInOrder(delivered)

        // Before the hide, every frame follows the callbacks.
        #expect(delivered.filter { $0.calledAt < hiddenAt }.allSatisfy { $0.kind == .wayland })
        // On the timer within two intervals of the last callback, saying why.
        let lastCallback = try #require(record.callbacks.last { $0.at < hiddenAt }).at
        let firstOnTimer = try #require(delivered.firstIndex { $0.kind == .timer })
        let switched = delivered[firstOnTimer].calledAt - lastCallback
        #expect(switched > interval && switched <= 2 * interval, "on the timer \(switched) ns after it")
        guard case .frameCallbacksStopped(let why) = delivered[firstOnTimer].reason else {
            Issue.record("reason: \(delivered[firstOnTimer].reason)")
            return
        }
        #expect(why.hasPrefix("no frame callback from Wayland window 'scripted'"), "\(why)")
        // Frames keep coming while hidden, on the grid of the last presentations.
        let lastPresentation = try #require(record.presentations.last { $0.at < hiddenAt }).at
        let onTimer = delivered.filter { $0.kind == .timer }
        #expect(onTimer.count >= 28, "\(onTimer.count) frames in 500 ms hidden")
        for frame in onTimer {
            let offset = frame.frame.timestamp.nanoseconds - lastPresentation
            #expect(offset > 0 && offset % interval == 0, "frame \(frame.frame.sequence) off the grid")
            #expect(frame.calledAt < shownAt + 2 * interval)
        }
        for (earlier, later) in zip(onTimer, onTimer.dropFirst()) {
            #expect(later.calledAt - earlier.calledAt <= 2 * interval)
        }

        // Shown again: back on the callbacks, reported, and the last frames follow them.
        let firstBack = try #require(delivered.lastIndex { $0.kind == .timer }) + 1
        try #require(firstBack < delivered.count)
        #expect(
            delivered[firstBack].calledAt >= shownAt
                && delivered[firstBack].calledAt <= shownAt + 3 * interval)
        #expect(delivered[firstBack...].allSatisfy { $0.kind == .wayland })
        guard case .frameCallbacksResumed(let stoppedFor) = outcome.sourceInfo.reason else {
            Issue.record("reason: \(outcome.sourceInfo.reason)")
            return
        }
        let stopped = stoppedFor.wholeNanoseconds
        #expect(abs(stopped - 500_000_000) <= 2 * interval, "stopped for \(stopped) ns")
        let callbackTimes = Set(record.callbacks.map(\.at))
        #expect(delivered.suffix(10).allSatisfy { callbackTimes.contains($0.calledAt) })

        // No burst, no frame twice: never two callbacks within half an interval, the sequence always
        // forward, and every grid point passed over counted as skipped.
        for gap in outcome.callbackGaps { #expect(gap >= interval / 2, "gap \(gap) ns") }
        var skipped = 0
        for (earlier, later) in zip(outcome.sequences, outcome.sequences.dropFirst()) {
            #expect(later > earlier)
        }
        for (index, frame) in delivered.enumerated().dropFirst() {
            let jump = Int(outcome.sequences[index] - outcome.sequences[index - 1]) - 1
            #expect(frame.frame.skippedFrames == jump, "frame \(frame.frame.sequence)")
            skipped += jump
        }
        // (Ticking ahead of the compositor's repaint, the link passes over no grid point at the hide or
        // the show here; whatever it passes over is counted.)
        #expect(outcome.statistics.skippedFrames == skipped)
        // The commits made while hidden were never shown.
        #expect(!record.discarded.isEmpty && outcome.statistics.framesDropped >= 1)

        // A sourceChanges consumer saw both changes, in order.
        let changes = outcome.changes.map { ($0.kind, $0.reason) }
        try #require(changes.count == 2, "\(outcome.changes)")
        #expect(changes[0].0 == .timer && changes[1].0 == .wayland)
        if case .frameCallbacksStopped = changes[0].1 {} else { Issue.record("\(changes[0].1)") }
        if case .frameCallbacksResumed = changes[1].1 {} else { Issue.record("\(changes[1].1)") }
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
    }

    @Test(
        "a callback that blocks 95 ms every 18th frame (a swap that waits): the frame after it aims no further than the others, each target after the last's"
    )
    func targetsStayInOrderAcrossStalls() async throws {
        let (compositor, start) = compositor()
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: start + 3_000_000_000, stall: (every: 18, duration: .milliseconds(95)))
        let delivered = outcome.delivered
        #expect(delivered.count > 100)
        // A stalled frame's commit is shown about seven intervals after its tick, by its own doing:
        // taken as the compositor's depth, the next frame aimed that far and the one after it two
        // intervals behind.
        Self.expectTargetsInOrder(delivered)
        let depths = Set(
            delivered.map { ($0.frame.targetTimestamp - $0.frame.timestamp).wholeNanoseconds / interval })
        #expect(depths.allSatisfy { $0 <= 2 }, "targets \(depths.sorted()) intervals after their frames")
        #expect(outcome.errors.isEmpty)
    }

    @Test(
        "the compositor stops reading its socket for 2 s (stopped): the link goes on on its grid without failing over, the frames it could not send are discarded, and it is back on the callbacks after"
    )
    func compositorStopsReading() async throws {
        let (compositor, start) = compositor()
        let stoppedAt = start + 1_000_000_000 + 3_000_000
        let readsAt = stoppedAt + 2_000_000_000
        compositor.schedule(.stopsReading, at: stoppedAt)
        compositor.schedule(.readsAgain, at: readsAt)
        let outcome = try await WaylandLinkHarness.run(compositor, until: readsAt + 500_000_000)
        Self.expectTargetsInOrder(outcome.delivered)
        // No failure: the source was never replaced, and nothing was logged as an error.
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(!outcome.changes.contains { if case .failedOver = $0.reason { true } else { false } })
        #expect(outcome.sourceInfo.kind == .wayland)
        // Frames all through the stop, at the grid's rate (two intervals' grace at each end).
        let during = outcome.delivered.filter {
            $0.calledAt > stoppedAt + 2 * interval && $0.calledAt < readsAt
        }
        #expect(during.count >= Int((readsAt - stoppedAt) / interval) - 4, "\(during.count) frames")
        // Those whose feedback could not be asked for were discarded, not left pending.
        let stopped = outcome.timeline.entries.filter {
            $0.callbackStart.nanoseconds > stoppedAt + 2 * interval && $0.callbackStart.nanoseconds < readsAt
        }
        #expect(
            !stopped.isEmpty && stopped.allSatisfy { $0.outcome == .dropped }, "\(stopped.map(\.outcome))")
        // Shown again after the compositor reads.
        let after = outcome.timeline.entries.filter {
            $0.callbackStart.nanoseconds > readsAt + 5 * interval && $0.presented != nil
        }
        #expect(after.count >= 20)
    }

    @Test(
        "the compositor dies: the link fails over to a timer on its grid with the reason, and no frame it was to show stays pending"
    )
    func compositorDies() async throws {
        let (compositor, start) = compositor()
        let diedAt = start + 1_000_000_000 + 7_000_000
        compositor.schedule(.dies, at: diedAt)
        let outcome = try await WaylandLinkHarness.run(compositor, until: diedAt + 300_000_000)
        Self.expectTargetsInOrder(outcome.delivered)
        let record = compositor.record
        let failure = "the Wayland connection was lost: EPIPE"

        // On a timer, with the reason, and a sourceChanges consumer saw the change.
        #expect(outcome.sourceInfo.kind == .timer)
        guard case .failedOver(let from, let why) = outcome.sourceInfo.reason else {
            Issue.record("reason: \(outcome.sourceInfo.reason)")
            return
        }
        #expect(from.hasPrefix("Wayland window 'scripted'"), "\(from)")
        #expect(why.hasPrefix(failure) && why.hasSuffix("the compositor has gone away"), "\(why)")
        #expect(outcome.changes.map(\.kind) == [.timer])
        #expect(outcome.changes.first?.reason == outcome.sourceInfo.reason)
        #expect(outcome.warnings.count == 1)

        // No gap: the timer goes on within two intervals, on the last presentations' grid.
        let lastPresentation = try #require(record.presentations.last).at
        let firstOnTimer = try #require(outcome.delivered.firstIndex { $0.kind == .timer })
        try #require(firstOnTimer > 0)
        #expect(
            outcome.delivered[firstOnTimer].calledAt - outcome.delivered[firstOnTimer - 1].calledAt <= 2
                * interval)
        for frame in outcome.delivered[firstOnTimer...] {
            #expect((frame.frame.timestamp.nanoseconds - lastPresentation) % interval == 0)
        }
        for gap in outcome.callbackGaps {
            #expect(gap >= interval / 2 && gap <= 2 * interval, "gap \(gap) ns")
        }

        // Every frame made before the death has its outcome: shown on time, or not presented, with
        // the failure; none stays pending. (The first frames, made before the source has learned
        // that a commit is shown two intervals after its callback, target one interval on and are
        // late by one: passed over.)
        let before = outcome.timeline.entries.filter { $0.callbackStart.nanoseconds < diedAt }.dropFirst(
            Self.settlingFrames)
        #expect(before.count >= 50)
        var notPresented = 0
        for entry in before {
            switch entry.outcome {
            case .onTime:
                #expect(entry.presented != nil)
            case .notPresented(let reason):
                notPresented += 1
                #expect(entry.presented == nil)
                #expect(reason.contains(failure), "\(reason)")
            default:
                Issue.record("frame \(entry.sequence): \(entry.outcome)")
            }
        }
        #expect(notPresented >= 1 && notPresented == outcome.statistics.framesNotPresented)
        #expect(compositor.kernel.timers == (created: 1, closed: 1))
    }

    @Test(
        "a compositor with no repaint cycle of its own (wlroots headless: sway, cage), which shows a commit 0.3 ms after it is made and answers its callback with it: frames follow its frame timer, each targets the presentation it gets (none early, none late), and the rate stays the output's"
    )
    func commitsShownAtOnce() async throws {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        let lag: Int64 = 300_000
        let compositor = ScriptedCompositor(
            kernel: kernel, interval: interval, firstRepaint: start + 5_000_000, showsCommitsAfter: lag)
        let outcome = try await WaylandLinkHarness.run(compositor, until: start + 3_000_000_000)
        let firstPresentation = try #require(compositor.record.presentations.first).at
        let after = outcome.timeline.entries.filter {
            $0.callbackStart.nanoseconds > firstPresentation + 10 * interval && $0.presented != nil
        }
        #expect(after.count >= 150)
        for entry in after {
            let shown = try #require(entry.presented).nanoseconds
            let target = entry.target.nanoseconds
            #expect(entry.outcome == .onTime, "frame \(entry.sequence): \(entry.outcome)")
            #expect(abs(shown - target) <= 500_000, "frame \(entry.sequence): \(shown - target) ns")
        }
        // Each commit made as soon as the compositor answers makes its next frame timer: presentations
        // an interval and the compositing apart from the first to the last, not drifting slower.
        let presentations = compositor.record.presentations.map(\.at).filter {
            $0 > firstPresentation + 10 * interval
        }
        let gaps = zip(presentations, presentations.dropFirst()).map { $1 - $0 }
        #expect(!gaps.isEmpty && gaps.allSatisfy { $0 <= interval + 2 * lag }, "\(gaps.max() ?? 0) ns")
    }

    @Test(
        "a window's first commit, on the grid, shown 1.9 intervals later: every frame made after that presentation targets the depth it shows (two), none reported late"
    )
    func depthFromTheFirstPresentation() async throws {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        // The first repaint 15 ms after the window's first tick: that commit is shown at the one after.
        let compositor = ScriptedCompositor(
            kernel: kernel, interval: interval, firstRepaint: start + 15_000_000)
        let outcome = try await WaylandLinkHarness.run(compositor, until: start + 500_000_000)
        let firstPresentation = try #require(compositor.record.presentations.first).at
        #expect(firstPresentation - start >= 18 * interval / 10)
        let after = outcome.timeline.entries.filter {
            $0.callbackStart.nanoseconds >= firstPresentation && $0.presented != nil
        }
        // The callback that came with that presentation makes the first of them.
        #expect(after.first?.callbackStart.nanoseconds == firstPresentation)
        #expect(after.count >= 20)
        Self.expectShownAtTheirTargets(after)
    }

    @Test(
        "a window shown before its link starts, on a compositor repainting on a phase of its own: the link starts on that presentation's phase, every frame on time from the first"
    )
    func phaseFromAPresentationBeforeTheLink() async throws {
        let lag: Int64 = 700_000
        // Vblanks 2 ms after the start and every interval on; repaints 0.7 ms after each.
        let (compositor, start) = compositor(firstVBlank: 2_000_000, repaintLag: lag)
        // The window's first frame, committed by the front end before it makes the link, and shown.
        _ = try compositor.requestPresentationFeedback()
        compositor.commit()
        compositor.kernel.elapse(.nanoseconds(2_000_000 + interval + lag + 1_500_000))
        let shown = try #require(compositor.latestPresentation)
        #expect(shown.time == start + 2_000_000 + interval)

        let outcome = try await WaylandLinkHarness.run(compositor, until: start + 500_000_000)
        let entries = outcome.timeline.entries.filter { $0.presented != nil }
        #expect(entries.count >= 25)
        // The first tick is the compositor's next vblank, not the instant the link started.
        let first = try #require(entries.first)
        #expect((first.callbackStart.nanoseconds - shown.time) % interval < 1_000_000)
        Self.expectShownAtTheirTargets(entries)
    }

    @Test(
        "a compositor that repaints 0.7 ms after its vblank, callbacks that take 1 ms: once its answers show that, frames on the grid start 2 ms ahead of their vblank, and every commit makes the repaint after it"
    )
    func ticksAheadOfARepaintAfterTheVBlank() async throws {
        let (compositor, start) = compositor(firstVBlank: 5_000_000, repaintLag: 700_000)
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: start + 500_000_000, work: .milliseconds(1))
        // The first presentation shows the compositor answering the first commit's callback an
        // interval before showing it.
        let firstPresentation = try #require(compositor.record.presentations.first).at
        let after = outcome.timeline.entries.filter {
            $0.callbackStart.nanoseconds > firstPresentation && $0.presented != nil
        }
        #expect(after.count >= 25)
        for entry in after {
            // Ticked at the vblank, the commit (1 ms later) would miss the repaint 0.7 ms after it.
            #expect(
                entry.timestamp.nanoseconds - entry.callbackStart.nanoseconds == 2_000_000,
                "frame \(entry.sequence) started \(entry.timestamp.nanoseconds - entry.callbackStart.nanoseconds) ns ahead"
            )
        }
        Self.expectShownAtTheirTargets(after)
        #expect(outcome.statistics.skippedFrames == 0)
    }

    @Test(
        "a render-deadline link: its callbacks start at the planned moment, and the commit counts from the deferred callback's end (a skipped repaint is no stall)"
    )
    func renderDeadline() async throws {
        let (compositor, start) = compositor()
        // The compositor misses one repaint: the callback comes an interval later than usual, within
        // two intervals of the commit made in the deferred callback but not of the tick.
        compositor.schedule(.skipsRepaint, at: start + 500_000_000)
        let margin: Int64 = 500_000
        let work: Int64 = 2_000_000
        // A commit is shown at the repaint after the next one: it must be made before the next.
        let latency = interval + 2_000_000
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: start + 1_000_000_000,
            dispatch: .renderDeadline(safetyMargin: .nanoseconds(margin)),
            presentationLatency: .nanoseconds(latency), work: .nanoseconds(work))
        let record = compositor.record

        // Always on the callbacks: the skipped repaint is not taken for a hidden surface.
        #expect(outcome.delivered.allSatisfy { $0.kind == .wayland })
        #expect(outcome.changes.isEmpty, "\(outcome.changes)")
        #expect(outcome.sourceInfo.reason == .requested)

        // Once the callback's duration and the compositor's depth are known, each callback starts at
        // its deadline less the prediction and the margin: late in the interval, not at the tick.
        let entries = outcome.timeline.entries
        let deferred = entries.filter { $0.callbackStart > $0.timestamp }
        #expect(deferred.count >= entries.count - 10, "\(deferred.count) of \(entries.count) deferred")
        for entry in deferred {
            let planned = entry.deadline.nanoseconds - entry.predictedDuration.wholeNanoseconds - margin
            #expect(entry.callbackStart.nanoseconds == planned, "frame \(entry.sequence)")
            #expect(entry.predictedDuration.wholeNanoseconds == work)
            #expect(entry.callbackStart.nanoseconds - entry.timestamp.nanoseconds > interval / 2)
        }
        // Each deferred frame is committed before the next repaint and shown on time, except the
        // one the skipped repaint delays; the link keeps the compositor's full rate.
        // (The last two were still to be shown when the run ended.)
        let settled = entries.dropFirst(Self.settlingFrames).dropLast(2)
        let delayed = settled.filter { $0.outcome == .late(intervals: 1, cause: .displayLate) }
        #expect(delayed.count == 2, "the skipped repaint delays the frame it was to present and the next")
        let others = settled.filter { $0.outcome != .onTime && !delayed.contains($0) }
        #expect(others.isEmpty, "\(others.map { ($0.sequence, $0.outcome) })")
        let sequences = outcome.sequences
        let jumps = zip(sequences, sequences.dropFirst()).filter { $1 - $0 != 1 }
        #expect(jumps.count <= 1, "\(jumps)")
        #expect(record.commits.count == outcome.delivered.count)
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
    }
}
