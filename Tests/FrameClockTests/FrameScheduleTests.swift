import Testing

@testable import FrameClock

/// The frame's scheduling state (``FrameSchedule``) through every transition of the diagram in
/// docs/architecture.md, "A frame's scheduling state", on a link driven in virtual time.
@Suite("A frame's scheduling state")
struct FrameScheduleTests {
    /// A state as a short word and its sequence, for comparing and for readable failures.
    static func describe(_ schedule: FrameSchedule) -> String {
        switch schedule {
        case .unaligned: "unaligned"
        case .waiting(let sequence): "waiting \(sequence)"
        case .planned(let plan): "planned \(plan.sequence)"
        case .dispatching(let sequence): "dispatching \(sequence)"
        }
    }

    @Test("start, tick, plan, dispatch, return, pause with a planned frame, resume, rate change, invalidate")
    func everyTransition() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.dispatch = .renderDeadline
        let seenInCallbacks = Locked<[String]>([])
        func schedule() -> String { Self.describe(link.state.withLock { $0.pacer.schedule }) }
        func isActive() -> Bool { link.state.withLock { $0.isActive } }
        func plannedStart() -> Int64? {
            guard case .planned(let plan) = link.state.withLock({ $0.pacer.schedule }) else { return nil }
            return plan.start
        }
        /// The frame thread's look at the links at the source's clock.
        func look() -> Int64? {
            link.nextWantedSequence(currentSequence: source.grid.sequence(at: source.now.nanoseconds))
        }
        func lastFrame() -> Int64? { link.state.withLock { $0.pacer.last?.sequence } }
        func tick(_ sequence: Int64) -> MonotonicInstant { source.timestamp(ofTick: sequence) }

        // Made, no callback: inactive (the gate) and unaligned.
        #expect(schedule() == "unaligned")
        #expect(!isActive())

        // start: active, still unaligned until the frame thread looks; the look aligns.
        try link.start { [link] _ in
            seenInCallbacks.withLock { $0.append(Self.describe(link.state.withLock { $0.pacer.schedule })) }
            source.elapse(.milliseconds(2))
        }
        #expect(isActive())
        #expect(schedule() == "unaligned")
        #expect(look() == 1)
        #expect(schedule() == "waiting 1")

        // tick: no prediction yet, so frame 1 starts at once (dispatching in its callback); its
        // return waits for the next grid point.
        #expect(source.advanceTicks(1) == 1)
        #expect(seenInCallbacks.withLock { $0 } == ["dispatching 1"])
        #expect(schedule() == "waiting 2")

        // render-deadline plan: with 2 ms learned, frame 2 starts 3.5 ms before its target.
        source.advance(to: tick(2) + .milliseconds(1))
        #expect(schedule() == "planned 2")
        let start = try #require(plannedStart())
        #expect(start > source.now.nanoseconds)
        #expect(look() == nil)

        // dispatch at the start, then return.
        source.advance(to: MonotonicInstant(nanoseconds: start))
        #expect(seenInCallbacks.withLock { $0 } == ["dispatching 1", "dispatching 2"])
        #expect(schedule() == "waiting 3")

        // pause with a planned frame: abandoned, the pacing as before its decision (frame 2 last).
        source.advance(to: tick(3) + .milliseconds(1))
        #expect(schedule() == "planned 3")
        #expect(lastFrame() == 3)
        link.isPaused = true
        #expect(schedule() == "unaligned")
        #expect(!isActive())
        #expect(lastFrame() == 2)
        source.advance(to: tick(5))
        #expect(seenInCallbacks.withLock { $0.count } == 2)
        #expect(look() == nil)

        // resume: active and unaligned; the look aligns on the grid point after the tick in progress.
        link.isPaused = false
        #expect(isActive())
        #expect(schedule() == "unaligned")
        #expect(look() == 6)
        #expect(schedule() == "waiting 6")

        // rate change with a planned frame: abandoned too, and the next look aligns on the new grid.
        source.advance(to: tick(6) + .milliseconds(1))
        #expect(schedule() == "planned 6")
        link.preferredFramesPerSecond = 30
        #expect(schedule() == "unaligned")
        #expect(lastFrame() == 2)
        #expect(look() == 8)
        #expect(schedule() == "waiting 8")

        // invalidate with a planned frame: dropped for good.
        source.advance(to: tick(8) + .milliseconds(1))
        #expect(schedule() == "planned 8")
        link.invalidate()
        #expect(schedule() == "unaligned")
        #expect(!isActive())
        source.advance(to: tick(12))
        #expect(seenInCallbacks.withLock { $0.count } == 2)
        #expect(look() == nil)
    }

    @Test(
        "a refused tick waits for the next grid point; a planned frame with no consumer at its start is abandoned"
    )
    func refusedTickAndPlanWithoutConsumer() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        func schedule() -> String { Self.describe(link.state.withLock { $0.pacer.schedule }) }
        try link.start { _ in }
        // Frame 1 starts 12 ms late; tick 2, on time, would start 4.7 ms after it (half an interval
        // is 8.3 ms): refused, waiting → waiting on the grid point after it.
        source.wake(at: source.timestamp(ofTick: 1) + .milliseconds(12))
        #expect(schedule() == "waiting 2")
        source.wake(at: source.timestamp(ofTick: 2))
        #expect(schedule() == "waiting 3")
        #expect(link.statistics.droppedTicks == 1)

        // A caller-thread consumer leaves with frame 2 planned: it is abandoned at its start.
        let other = try ManualFrameSource(framesPerSecond: 60)
        let planning = try DisplayLink(source: .manual(other))
        planning.dispatch = .renderDeadline
        func plan() -> FramePlan? {
            guard case .planned(let plan) = planning.state.withLock({ $0.pacer.schedule }) else { return nil }
            return plan
        }
        var frames = 0
        try other.advance(to: other.timestamp(ofTick: 2) + .milliseconds(1), driving: planning) { _ in
            frames += 1
            other.elapse(.milliseconds(2))
        }
        let planned = try #require(plan())
        #expect(planned.sequence == 2)
        #expect(!planning.state.withLock { $0.isActive })
        other.advance(to: MonotonicInstant(nanoseconds: planned.start))
        #expect(frames == 1)
        #expect(Self.describe(planning.state.withLock { $0.pacer.schedule }) == "unaligned")
        #expect(planning.state.withLock { $0.pacer.last?.sequence } == 1)
    }
}
