import Testing

@testable import FrameClock
@testable import VirtualKernel

/// A link on a window that a scripted compositor moves between a 60 Hz and a 144 Hz output, in
/// virtual time: the link's rate, frame duration, targets and divisor follow the output the frames
/// are shown on, with no frame twice, no burst, and every skipped interval counted.
@Suite("A Wayland window moved between outputs, in virtual time")
struct WaylandOutputMoveTests {
    let slow: Int64 = 16_666_667
    let fast: Int64 = 6_944_444

    /// A compositor with a 60 Hz output (the window's first) and a 144 Hz one, on a fresh kernel
    /// clock, and that clock's start.
    func compositor(feedback: Bool = true) -> (ScriptedCompositor, start: Int64) {
        let kernel = ScriptedKernel()
        let start = kernel.monotonicNanoseconds()
        let compositor = ScriptedCompositor(
            kernel: kernel, interval: slow, firstRepaint: start + 5_000_000,
            otherOutputs: [(fast, start + 1_300_000)], feedback: feedback)
        return (compositor, start)
    }

    /// A link on a window moved to the 144 Hz output 1 s after the start and back 1 s later, run 3 s:
    /// what it did, and the instants of the start, the moves and the end.
    func movedThereAndBack(preferredFramesPerSecond: Int = 0, feedback: Bool = true) async throws -> (
        outcome: WaylandLinkOutcome, start: Int64, toFast: Int64, toSlow: Int64, end: Int64
    ) {
        let (compositor, start) = compositor(feedback: feedback)
        let toFast = start + 1_000_000_000 + 3_000_000
        let toSlow = start + 2_000_000_000 + 5_000_000
        let end = start + 3_000_000_000
        compositor.schedule(.movesToOutput(1), at: toFast)
        compositor.schedule(.movesToOutput(0), at: toSlow)
        let outcome = try await WaylandLinkHarness.run(
            compositor, until: end, preferredFramesPerSecond: preferredFramesPerSecond)
        return (outcome, start, toFast, toSlow, end)
    }

    /// The frames delivered from the first at or after `instant` on.
    func frames(from instant: Int64, in outcome: WaylandLinkOutcome) -> ArraySlice<
        WaylandLinkOutcome.Delivered
    > {
        let first = outcome.delivered.firstIndex { $0.calledAt >= instant } ?? outcome.delivered.endIndex
        return outcome.delivered[first...]
    }

    /// Checks that the frames from `instant` on are at `interval` × `divisor` from the second frame
    /// after it at the latest, on the output of that refresh, until `end`.
    func expectFollows(
        _ outcome: WaylandLinkOutcome, from instant: Int64, until end: Int64, interval: Int64,
        divisor: Int64 = 1,
        millihertz: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let after = frames(from: instant, in: outcome).filter { $0.calledAt < end }
        guard after.count > 4 else {
            Issue.record("only \(after.count) frames", sourceLocation: sourceLocation)
            return
        }
        // Within two frames of the move: the second frame after it has the new duration.
        for frame in after.dropFirst() {
            // The mode's 60 000 mHz is 16 666 666 ns, the feedback's refresh 16 666 667.
            #expect(
                abs(frame.frame.duration.wholeNanoseconds - interval * divisor) <= divisor,
                "frame \(frame.frame.sequence) lasts \(frame.frame.duration)", sourceLocation: sourceLocation)
            #expect(frame.output?.refreshMillihertz == millihertz, sourceLocation: sourceLocation)
        }
        // Consecutive frames one frame interval apart (skips aside), targets a whole number of
        // intervals after their timestamps.
        for (earlier, later) in zip(after.dropFirst(), after.dropFirst(2)) {
            let gap = later.frame.timestamp.nanoseconds - earlier.frame.timestamp.nanoseconds
            let steps = (Double(gap) / Double(interval * divisor)).rounded()
            #expect(
                steps >= 1 && abs(Double(gap) - steps * Double(interval * divisor)) <= 2 * steps,
                "gap \(gap) between frames \(earlier.frame.sequence) and \(later.frame.sequence)",
                sourceLocation: sourceLocation)
        }
    }

    /// No frame twice, no burst, every skipped interval counted.
    func expectNoDuplicateNoBurst(
        _ outcome: WaylandLinkOutcome, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let delivered = outcome.delivered
        var skipped = 0
        for (index, frame) in delivered.enumerated().dropFirst() {
            let previous = delivered[index - 1].frame
            #expect(frame.frame.sequence > previous.sequence, sourceLocation: sourceLocation)
            #expect(frame.frame.timestamp > previous.timestamp, sourceLocation: sourceLocation)
            let refresh = 1e12 / Double(frame.output?.refreshMillihertz ?? 60_000)
            let divisor = max(1, Int64((Double(frame.frame.duration.wholeNanoseconds) / refresh).rounded()))
            let jump = Int((Int64(frame.frame.sequence) - Int64(previous.sequence)) / max(1, divisor)) - 1
            // At an unchanged divisor the skips are the grid points jumped; across a change each missed
            // refresh counts at the divisor in force when it was missed (rule P5 of the pacing model),
            // which this test does not know.
            if frame.frame.duration == previous.duration {
                #expect(
                    frame.frame.skippedFrames == jump, "frame \(frame.frame.sequence)",
                    sourceLocation: sourceLocation)
            } else {
                #expect(frame.frame.skippedFrames >= 0, sourceLocation: sourceLocation)
            }
            skipped += frame.frame.skippedFrames
        }
        for gap in outcome.callbackGaps {
            #expect(gap >= fast / 2, "callbacks \(gap) ns apart", sourceLocation: sourceLocation)
        }
        #expect(outcome.statistics.skippedFrames == skipped, sourceLocation: sourceLocation)
        #expect(outcome.statistics.framesDelivered == delivered.count, sourceLocation: sourceLocation)
    }

    @Test(
        "moved 60 → 144 → 60 Hz: the link's rate, frame duration and targets follow within two frames, each move reported, no frame twice, no burst, every skip counted"
    )
    func followsTheOutput() async throws {
        let (outcome, start, toFast, toSlow, end) = try await movedThereAndBack()
        #expect(outcome.delivered.allSatisfy { $0.kind == .wayland })
        expectFollows(outcome, from: start + 100_000_000, until: toFast, interval: slow, millihertz: 60_000)
        expectFollows(outcome, from: toFast, until: toSlow, interval: fast, millihertz: 144_000)
        expectFollows(outcome, from: toSlow, until: end, interval: slow, millihertz: 60_000)
        expectNoDuplicateNoBurst(outcome)
        WaylandVirtualTimeTests.expectTargetsInOrder(outcome.delivered)
        // The compositor kept up on both outputs: at most the one tick after the move back, whose
        // depth on the 60 Hz output is not learned yet and whose target would be the frame before's,
        // is dropped (P12), never a second frame for that refresh. A tick that made no frame
        // committed nothing: the link waits for no callback of it, and never takes the window for
        // hidden.
        #expect(outcome.statistics.skippedFrames <= 1)
        let stopped = outcome.changes.filter {
            if case .frameCallbacksStopped = $0.reason { return true }
            return false
        }
        #expect(stopped.isEmpty, "\(stopped)")

        // The rate reported within two frames of each move: the second frame after it sees it.
        for (move, millihertz) in [(toFast, 144_000), (toSlow, 60_000)] {
            let second = frames(from: move, in: outcome).dropFirst().first
            guard case .outputChanged(let output, let previous) = second?.reason else {
                Issue.record("reason \(String(describing: second?.reason))")
                continue
            }
            #expect(output.refreshMillihertz == millihertz)
            #expect(previous?.refreshMillihertz == 204_000 - millihertz)
        }
        // A sourceChanges consumer saw the two moves, in order, and nothing else.
        let changes = outcome.changes.map(\.reason)
        #expect(
            changes == [
                .outputChanged(
                    to: FrameSourceOutput(name: "output 11", refreshMillihertz: 144_000),
                    from: FrameSourceOutput(name: "output 10", refreshMillihertz: 60_000)),
                .outputChanged(
                    to: FrameSourceOutput(name: "output 10", refreshMillihertz: 60_000),
                    from: FrameSourceOutput(name: "output 11", refreshMillihertz: 144_000)),
            ], "\(changes)")
        #expect(outcome.changes.first?.description.contains("now on output 11 at 144.000 Hz") == true)

        // Each timeline entry carries its frame's interval and output; the frames after the first two
        // after each move are shown when the link predicted.
        let entries = outcome.timeline.entries
        for entry in entries {
            let expected = entry.output?.refreshMillihertz == 144_000 ? fast : slow
            #expect(abs(entry.refreshInterval.wholeNanoseconds - expected) <= 1, "frame \(entry.sequence)")
        }
        let trace = outcome.timeline.text(.chromeTrace)
        #expect(trace.contains("\"output\":\"output 11\",\"output_mhz\":144000"))
        #expect(trace.contains("\"refresh_ns\":6944444"))
        let moves = [toFast, toSlow].map { move in
            entries.firstIndex { $0.callbackStart.nanoseconds >= move } ?? 0
        }
        let judged = entries.enumerated().filter { index, entry in
            index >= WaylandVirtualTimeTests.settlingFrames && entry.presented != nil
                && !moves.contains { index >= $0 - 1 && index < $0 + 2 }
        }
        let missed = judged.filter { $0.element.outcome != .onTime }
        #expect(judged.count > 240)
        #expect(missed.isEmpty, "\(missed.map { ($0.element.sequence, $0.element.outcome) })")
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
    }

    @Test("a link preferring 30 fps runs at a divisor of each output's nominal rate: 2 at 60 Hz, 5 at 144 Hz")
    func divisorFollowsTheOutput() async throws {
        let (outcome, start, toFast, toSlow, end) = try await movedThereAndBack(preferredFramesPerSecond: 30)

        // The move is seen by the first frame after it at the latest; the divisor from the frame after.
        expectFollows(
            outcome, from: start + 100_000_000, until: toFast, interval: slow, divisor: 2, millihertz: 60_000)
        expectFollows(
            outcome, from: toFast + 2 * slow, until: toSlow, interval: fast, divisor: 5, millihertz: 144_000)
        expectFollows(
            outcome, from: toSlow + 2 * 5 * fast, until: end, interval: slow, divisor: 2, millihertz: 60_000)
        expectNoDuplicateNoBurst(outcome)
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
    }

    @Test(
        "hidden while on the 144 Hz output: the link goes on with a 144 Hz timer on that output's last presentations, and says so"
    )
    func hiddenOnTheFastOutput() async throws {
        let (compositor, start) = compositor()
        let toFast = start + 500_000_000 + 3_000_000
        let hiddenAt = start + 1_000_000_000 + 2_000_000
        compositor.schedule(.movesToOutput(1), at: toFast)
        compositor.schedule(.hidden, at: hiddenAt)
        let outcome = try await WaylandLinkHarness.run(compositor, until: hiddenAt + 500_000_000)
        let record = compositor.record

        let onTimer = outcome.delivered.filter { $0.kind == .timer }
        #expect(onTimer.count >= 60, "\(onTimer.count) frames on the timer in 500 ms")
        let lastPresentation = try #require(record.presentations.last).at
        #expect(record.presentationOutputs.last == 1)
        for frame in onTimer {
            #expect(frame.frame.duration == .nanoseconds(fast))
            let offset = frame.frame.timestamp.nanoseconds - lastPresentation
            #expect(offset > 0 && offset % fast == 0, "frame \(frame.frame.sequence) off the 144 Hz grid")
            #expect(frame.output?.refreshMillihertz == 144_000)
        }
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(outcome.sourceInfo.name.contains("output 11"), "\(outcome.sourceInfo.name)")
        #expect(outcome.sourceInfo.output == FrameSourceOutput(name: "output 11", refreshMillihertz: 144_000))
        expectNoDuplicateNoBurst(outcome)
    }

    @Test(
        "without presentation feedback, the window's enter and leave: the link follows the output within two frames"
    )
    func followsEnterAndLeave() async throws {
        let (outcome, _, toFast, toSlow, _) = try await movedThereAndBack(feedback: false)

        #expect(outcome.delivered.allSatisfy { $0.kind == .wayland })
        for (move, interval) in [(toFast, fast), (toSlow, slow)] {
            let second = try #require(frames(from: move, in: outcome).dropFirst().first)
            #expect(
                abs(second.frame.duration.wholeNanoseconds - interval) <= 1, "frame \(second.frame.sequence)")
            #expect(second.output?.refreshMillihertz == (interval == fast ? 144_000 : 60_000))
        }
        let rates = outcome.changes.compactMap(\.output?.refreshMillihertz)
        #expect(rates == [144_000, 60_000], "\(outcome.changes)")
        expectNoDuplicateNoBurst(outcome)
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
    }
}
