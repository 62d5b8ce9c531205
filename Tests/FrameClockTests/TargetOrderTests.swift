import Testing

@testable import FrameClock

/// Rule P12: a frame's target lies after the previous frame's. A compositor whose depth shrinks (a
/// window being mapped under load: its first commits shown four intervals after their callbacks,
/// then one) would otherwise aim a frame at or before its predecessor's refresh.
@Suite("Each frame's target after the previous frame's (P12)")
struct TargetOrderTests {
    let grid = TickGrid(
        anchorSequence: 0, anchorTimestamp: 0,
        period: FramePeriod(uncheckedNumerator: 10_000_000, denominator: 1))

    /// Tick `sequence` at its grid point, shown `depth` intervals after it.
    func tick(_ sequence: Int64, depth: Int64?, pacedBySource: Bool = false) -> Tick {
        Tick(
            sequence: sequence, timestamp: grid.timestamp(of: sequence), wokeAt: grid.timestamp(of: sequence),
            grid: grid, presentationDepth: depth, pacedBySource: pacedBySource)
    }

    /// What `state` makes of `tick` at its grid point: the frame's target, delivered and its
    /// callback returned at once; nil when the tick made no frame.
    func handle(_ state: inout LinkState, _ tick: Tick) -> (target: Int64, skipped: Int)? {
        guard let plan = state.commit(state.decide(tick, now: tick.timestamp)) else { return nil }
        _ = state.beginDelivery(of: plan, at: tick.timestamp)
        state.pacer.callbackReturned(firstEligibleSequence: tick.sequence + 1)
        return (plan.target, plan.skipped)
    }

    @Test(
        "a depth that shrinks from 4 to 1: the ticks whose targets would not come after are dropped, then the frames go on one a refresh"
    )
    func shrinkingDepth() {
        var state = LinkState()
        _ = state.pacer.nextWanted(currentSequence: 9)
        #expect(handle(&state, tick(10, depth: 4))?.target == grid.timestamp(of: 14))
        // Targets 12, 13 and 14 would not be after 14.
        #expect(handle(&state, tick(11, depth: 1)) == nil)
        #expect(handle(&state, tick(12, depth: 1)) == nil)
        #expect(handle(&state, tick(13, depth: 1)) == nil)
        #expect(state.statistics.droppedTicks == 3)
        let next = handle(&state, tick(14, depth: 1))
        #expect(next?.target == grid.timestamp(of: 15))
        // The three refreshes without a frame are counted as skipped (P5).
        #expect(next?.skipped == 3)
        #expect(handle(&state, tick(15, depth: 1))?.target == grid.timestamp(of: 16))
    }

    @Test("a depth that grows, or stays: every tick a frame, nothing dropped")
    func growingDepth() {
        var state = LinkState()
        _ = state.pacer.nextWanted(currentSequence: 9)
        let targets = [(10, 1), (11, 1), (12, 2), (13, 3), (14, 3)].compactMap {
            handle(&state, tick(Int64($0.0), depth: Int64($0.1)))?.target
        }
        #expect(targets == [11, 12, 14, 16, 17].map { grid.timestamp(of: Int64($0)) })
        #expect(state.statistics.droppedTicks == 0)
    }

    @Test(
        "a source that paces the frames itself (a followed toolkit clock): each of its ticks a frame, whatever its depth"
    )
    func pacedBySource() {
        var state = LinkState()
        _ = state.pacer.nextWanted(currentSequence: 9)
        #expect(handle(&state, tick(10, depth: 4, pacedBySource: true)) != nil)
        #expect(handle(&state, tick(11, depth: 1, pacedBySource: true)) != nil)
        #expect(state.statistics.droppedTicks == 0)
    }
}
