import Testing

@testable import FrameClock

/// The arithmetic of the Wayland source's grid, on made-up presentation times (no compositor).
@Suite("PresentationGrid: the grid of a compositor's presentations")
struct PresentationGridTests {
    /// weston headless's real cadence at repaint-window 16, against its advertised 16 666 666 ns.
    static let weston: Int64 = 17_120_000

    /// A grid started at 0 with the nominal 60 Hz, fed presentations every `interval` from `first`.
    static func grid(presentations count: Int, every interval: Int64, from first: Int64 = 5_000_000)
        -> PresentationGrid
    {
        var grid = PresentationGrid(start: 0, advertisedInterval: 16_666_666)
        for index in 0..<Int64(count) { grid.recordPresentation(at: first + index * interval) }
        return grid
    }

    @Test("the advertised interval serves until three gaps are measured; then the median of the real ones")
    func measuredInterval() {
        #expect(Self.grid(presentations: 3, every: Self.weston).measuredInterval == nil)
        #expect(Self.grid(presentations: 3, every: Self.weston).interval == 16_666_666)
        let grid = Self.grid(presentations: 4, every: Self.weston)
        #expect(grid.measuredInterval == Self.weston)
        #expect(grid.grid.period.nanoseconds == Double(Self.weston))
    }

    @Test("the grid is anchored on the latest presentation, numbered by the intervals since it started")
    func anchor() {
        // Tick 0 is the start; the first presentation, 5 ms later, is the nearest grid point after it.
        let grid = Self.grid(presentations: 10, every: Self.weston)
        #expect(grid.grid.anchorTimestamp == 5_000_000 + 9 * Self.weston)
        #expect(grid.grid.anchorSequence == 10)
        #expect(grid.grid.timestamp(of: 12) == grid.grid.anchorTimestamp + 2 * Self.weston)
    }

    @Test("a late repaint moves the median not at all; a gap of two intervals counts as two")
    func outliersAndSkips() {
        var grid = Self.grid(presentations: 10, every: Self.weston)
        var time = grid.grid.anchorTimestamp
        time += Self.weston + 6_000_000  // a repaint 6 ms late
        grid.recordPresentation(at: time)
        time += 2 * Self.weston - 6_000_000  // then a skipped frame
        grid.recordPresentation(at: time)
        #expect(grid.measuredInterval == Self.weston)
        #expect(grid.grid.anchorSequence == 13)
    }

    @Test(
        "a compositor running behind (30 ms between presentations) measures no shorter interval: 1.8 intervals are not two"
    )
    func runningBehind() {
        var grid = Self.grid(presentations: 10, every: Self.weston)
        var time = grid.grid.anchorTimestamp
        for _ in 0..<40 {
            time += 30_000_000
            grid.recordPresentation(at: time)
        }
        #expect(grid.measuredInterval == Self.weston)
        // Each presentation is still numbered by the intervals it lies after the last.
        #expect(grid.grid.anchorSequence == 10 + 40 * 2)
    }

    @Test("a pause (longer than four intervals) measures nothing; the numbering goes on across it")
    func pause() {
        var grid = Self.grid(presentations: 5, every: Self.weston)
        let resumed = grid.grid.anchorTimestamp + 30 * Self.weston + 1_000_000
        grid.recordPresentation(at: resumed)
        #expect(grid.measuredInterval == Self.weston)
        #expect(grid.grid.anchorSequence == 5 + 30)
        #expect(grid.grid.anchorTimestamp == resumed)
    }

    @Test(
        "before the interval is known, gaps are counted in the advertised refresh, leaning to fewer",
        arguments: [(gap: Int64(34_240_000), interval: Int64(17_120_000)), (25_200_000, 25_200_000)])
    func bootstrap(gap: Int64, interval: Int64) {
        // A client that commits every other refresh of weston's 17.12 ms; weston at 25.2 ms a frame.
        let grid = Self.grid(presentations: 6, every: gap)
        #expect(grid.measuredInterval == interval)
    }

    @Test("a presentation no later than the anchor (a stale report) leaves the grid as it is")
    func stale() {
        var grid = Self.grid(presentations: 6, every: Self.weston)
        let before = grid.grid
        grid.recordPresentation(at: before.anchorTimestamp - Self.weston)
        grid.recordPresentation(at: before.anchorTimestamp)
        #expect(grid.grid == before)
    }

    @Test("a callback belongs to the presentation before it, or to one an eighth of an interval after")
    func callbackSequence() {
        let grid = Self.grid(presentations: 6, every: Self.weston)
        let anchor = grid.grid.anchorTimestamp
        #expect(grid.callbackSequence(receivedAt: anchor + 1_000_000) == 6)
        #expect(grid.callbackSequence(receivedAt: anchor + Self.weston - 1_000_000) == 7)
        #expect(grid.callbackSequence(receivedAt: anchor + Self.weston / 2) == 6)
    }

    @Test(
        "the presentation depth: the next grid point until latencies are known, then where they put the commit",
        arguments: [(latency: Int64(33_000_000), depth: Int64(2)), (16_300_000, 1), (50_000_000, 3)])
    func depth(latency: Int64, depth: Int64) {
        var grid = Self.grid(presentations: 6, every: Self.weston)
        let callback = grid.grid.anchorTimestamp + 1_000_000
        #expect(grid.presentationDepth(of: 6, callbackAt: callback) == 1)
        for _ in 0..<3 { grid.recordLatency(callback: 0, presented: latency) }
        #expect(grid.presentationDepth(of: 6, callbackAt: callback) == depth)
    }

    @Test("an interval measured longer than the advertised one leaves the latencies known as they were")
    func latencyOutlivesTheMeasuredInterval() {
        // weston 10 headless advertises 16.7 ms and repaints every 25: a commit made after a callback
        // is shown 41 ms later, which is two of its real intervals. Before the interval was measured
        // that latency was kept as 2.45 advertised intervals, and became 61 ms, three real ones, when
        // the 25 ms were measured: frames then aimed a presentation too far, and the next one behind.
        let real: Int64 = 25_090_000
        var grid = PresentationGrid(start: 0, advertisedInterval: 16_666_667)
        grid.recordPresentation(at: 5_000_000)
        grid.recordLatency(callback: 0, presented: 40_800_000)
        #expect(grid.measuredInterval == nil)
        for index in 1...4 { grid.recordPresentation(at: 5_000_000 + Int64(index) * real) }
        #expect(grid.measuredInterval == real)
        #expect(grid.measuredLatency == 40_800_000)
        let anchor = grid.grid.anchorTimestamp
        #expect(grid.presentationDepth(of: grid.grid.anchorSequence, callbackAt: anchor + 1_000_000) == 2)
    }

    @Test("on another output the latencies known are scaled to its refresh")
    func latencyFollowsTheOutput() {
        var grid = Self.grid(presentations: 6, every: 16_666_667)
        grid.recordLatency(callback: 0, presented: 33_333_334)
        grid.switchOutput(nominalInterval: 6_944_444)
        // Two intervals of 60 Hz are two of 144 Hz.
        let scaled: Int64 = 33_333_334 * 6_944_444 / 16_666_667
        #expect(grid.measuredLatency == scaled)
    }

    @Test(
        "a grid tick's time to its commit's presentation stands in for the depth until a callback's is known")
    func gridTickStandsIn() {
        var grid = Self.grid(presentations: 6, every: Self.weston)
        let callback = grid.grid.anchorTimestamp + 1_000_000
        // A first commit, ticked on the grid, shown 1.9 intervals later: commits after callbacks are
        // taken to be shown two on.
        grid.recordProvisionalLatency(gridTick: 0, presented: 19 * Self.weston / 10)
        #expect(grid.presentationDepth(of: 6, callbackAt: callback) == 2)
        // A callback's own sample replaces it at once, and later grid ticks are ignored.
        grid.recordLatency(callback: 0, presented: 16_300_000)
        #expect(grid.presentationDepth(of: 6, callbackAt: callback) == 1)
        grid.recordProvisionalLatency(gridTick: 0, presented: 50_000_000)
        #expect(grid.presentationDepth(of: 6, callbackAt: callback) == 1)
    }

    @Test("until three callbacks' latencies are known, the shortest known: the depth grows, never shrinks")
    func shortestUntilSure() {
        // mutter 43 mapping a window: the first commit, on the grid, shown 4.2 ms on; the first
        // after a callback 32.8 ms on (two intervals), the next ones 16.1 and 16.2 ms (one). Taken
        // as they come, the depth went 0, 2, 2, 1, and the fourth frame aimed at the third's refresh.
        let interval: Int64 = 16_666_667
        var grid = Self.grid(presentations: 6, every: interval)
        let callback = grid.grid.anchorTimestamp + 150_000
        grid.recordProvisionalLatency(gridTick: 0, presented: 4_240_000)
        var depths = [grid.presentationDepth(of: 6, callbackAt: callback)]
        for latency: Int64 in [32_780_000, 16_100_000, 16_200_000] {
            grid.recordLatency(callback: 0, presented: latency)
            depths.append(grid.presentationDepth(of: 6, callbackAt: callback))
        }
        #expect(depths == [0, 0, 0, 1])
        // From three on, the median: a long time among short ones moves nothing.
        grid.recordLatency(callback: 0, presented: 16_300_000)
        grid.recordLatency(callback: 0, presented: 50_000_000)
        #expect(grid.presentationDepth(of: 6, callbackAt: callback) == 1)
    }

    @Test("a grid tick's time far longer than the confirmed stand-in waits for the next to confirm it")
    func longStandInWaitsForConfirmation() {
        let interval: Int64 = 16_666_667
        var grid = Self.grid(presentations: 6, every: interval)
        for _ in 0..<2 { grid.recordProvisionalLatency(gridTick: 0, presented: 18_700_000) }
        // A frame that stalled 95 ms: shown late by its own doing.
        grid.recordProvisionalLatency(gridTick: 0, presented: 118_700_000)
        #expect(grid.measuredLatency == 18_700_000)
        grid.recordProvisionalLatency(gridTick: 0, presented: 18_700_000)
        #expect(grid.measuredLatency == 18_700_000)
        // Two in a row: the compositor shows commits later now (the shorter of the two).
        grid.recordProvisionalLatency(gridTick: 0, presented: 52_000_000)
        grid.recordProvisionalLatency(gridTick: 0, presented: 51_000_000)
        #expect(grid.measuredLatency == 51_000_000)
        // On another output the first time stands in, and an unconfirmed one is replaced at once
        // (the first may be a tick made for the output left, shown at the new one's first repaint).
        grid.switchOutput(nominalInterval: interval)
        grid.recordProvisionalLatency(gridTick: 0, presented: 4_570_000)
        grid.recordProvisionalLatency(gridTick: 0, presented: 33_300_000)
        #expect(grid.measuredLatency == 33_300_000)
    }

    @Test(
        "presentations under half the advertised refresh apart measure no interval (mutter mapping a window)")
    func burstIsNoInterval() {
        var grid = PresentationGrid(start: 0, advertisedInterval: 16_666_667)
        for index in 0..<6 { grid.recordPresentation(at: 1_000_000 + Int64(index) * 775_000) }
        #expect(grid.measuredInterval == nil)
        #expect(grid.interval == 16_666_667)
        for index in 1...4 { grid.recordPresentation(at: 20_000_000 + Int64(index) * 16_800_000) }
        #expect(grid.measuredInterval == 16_800_000)
    }

    @Test("the advertised refresh replaces the output's until an interval is measured")
    func advertise() {
        var grid = PresentationGrid(start: 0, advertisedInterval: 16_666_666)
        grid.advertise(0)
        #expect(grid.interval == 16_666_666)
        grid.advertise(8_333_333)
        #expect(grid.interval == 8_333_333)
        #expect(grid.grid.period.nanoseconds == 8_333_333)
    }
}

@Suite("RecentSamples: a fixed ring and its median")
struct RecentSamplesTests {
    @Test("the median of what is held; the oldest values give way")
    func median() {
        var samples = RecentSamples(capacity: 3)
        #expect(samples.median == nil)
        samples.record(5)
        #expect(samples.median == 5)
        samples.record(1)
        samples.record(9)
        #expect(samples.median == 5)
        samples.record(100)
        samples.record(200)  // holds 9, 100, 200
        #expect(samples.count == 3)
        #expect(samples.median == 100)
        samples.removeAll()
        #expect(samples.median == nil)
    }
}
