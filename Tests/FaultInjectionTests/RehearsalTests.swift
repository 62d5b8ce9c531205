import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// A timer on a virtual clock that moves 1 µs at every read (so a spin ends) and jumps to the
/// armed deadline when waited on.
final class SteppingTimer: TimerSystemCalls, @unchecked Sendable {
    private let now = Locked<Int64>(0)
    private let deadline = Locked<Int64>(0)

    func monotonicNanoseconds() -> Int64 {
        now.withLock {
            $0 += 1_000; return $0
        }
    }
    func createTimer() throws(SystemCallError) -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }
    func setTimer(_ timer: Int32, absoluteDeadline: Int64) throws(SystemCallError) {
        deadline.withLock { $0 = absoluteDeadline }
    }
    func waitForTimer(_ timer: Int32) throws(SystemCallError) {
        let target = deadline.withLock { $0 }
        now.withLock { $0 = max($0, target) }
    }
    func closeTimer(_ timer: Int32) { close(timer) }
}

@Suite("Rehearsing the dispatch path before the timer's deadline")
struct RehearsalTests {
    let period = FramePeriod(uncheckedNumerator: 10_000_000, denominator: 1)

    func source(_ precision: TimerPrecision) throws -> TimerTickSource<SteppingTimer> {
        let grid = TickGrid(anchorSequence: 0, anchorTimestamp: 0, period: period)
        return try TimerTickSource(
            grid: grid, precision: precision, control: try ControlChannel(), system: SteppingTimer())
    }

    @Test("the precise timer rehearses the tick it is about to return, once, before its deadline")
    func preciseRehearsesOnce() throws {
        let timer = try source(.precise(spinWindow: .microseconds(200)))
        defer { timer.close() }
        var rehearsed: [Tick] = []
        let tick = try #require(try timer.waitForTick(atOrAfter: 3, rehearse: { rehearsed.append($0) }))
        #expect(tick.sequence == 3 && tick.timestamp == 30_000_000)
        #expect(rehearsed.count == 1)
        #expect(rehearsed.first?.sequence == 3 && rehearsed.first?.timestamp == 30_000_000)
        #expect(try #require(rehearsed.first).wokeAt < 30_000_000)
        #expect(tick.wokeAt >= 30_000_000)
    }

    @Test("the standard timer wakes once, its warm-up lead early, to rehearse, then sleeps to the deadline")
    func standardWarmsUp() throws {
        let timer = try source(.standard)
        defer { timer.close() }
        #expect(timer.warmUpLead == 300_000)
        var rehearsed: [Tick] = []
        let tick = try #require(try timer.waitForTick(atOrAfter: 3, rehearse: { rehearsed.append($0) }))
        #expect(tick.sequence == 3 && tick.timestamp == 30_000_000 && tick.wokeAt >= 30_000_000)
        #expect(rehearsed.count == 1)
        let early = try #require(rehearsed.first)
        #expect(early.sequence == 3 && early.timestamp == 30_000_000)
        #expect(early.wokeAt >= 30_000_000 - 300_000 && early.wokeAt < 30_000_000)
    }

    @Test("no early wake-up without a rehearsal to run, with a zero lead, or once the deadline is near")
    func standardWithoutWarmUp() throws {
        let grid = TickGrid(anchorSequence: 0, anchorTimestamp: 0, period: period)
        let zero = try TimerTickSource(
            grid: grid, precision: .standard, control: try ControlChannel(), system: SteppingTimer(),
            warmUpLead: 0)
        defer { zero.close() }
        var rehearsals = 0
        _ = try zero.waitForTick(atOrAfter: 3, rehearse: { _ in rehearsals += 1 })
        #expect(rehearsals == 0)
        // A lead over a quarter of the interval is cut to a quarter.
        let long = try TimerTickSource(
            grid: grid, precision: .standard, control: try ControlChannel(), system: SteppingTimer(),
            warmUpLead: 9_000_000)
        defer { long.close() }
        #expect(long.warmUpLead == 2_500_000)
        // The tick is already due: it is returned at once, with no rehearsal.
        let standard = try source(.standard)
        defer { standard.close() }
        let late = try #require(try standard.waitForTick(atOrAfter: 0, rehearse: { _ in rehearsals += 1 }))
        #expect(late.sequence >= 0)
        #expect(rehearsals == 0)
    }

    @Test(
        "the DRM source wakes once a tick, 2 to 1 ms before the vblank, to rehearse; ticks stay the kernel's")
    func drmWarmsUp() throws {
        let kernel = ScriptedKernel()
        let source = try DRMTickSource(system: kernel, crtc: ScriptedKernel.crtc, control: ControlChannel())
        defer { source.close() }
        #expect(source.warmUpLead == 2_000_000)
        let first = source.grid.anchorSequence
        var rehearsed: [Tick] = []
        for k: Int64 in 1...3 {
            let tick = try #require(
                try source.waitForTick(atOrAfter: first + k, rehearse: { rehearsed.append($0) }))
            #expect(tick.sequence == first + k && tick.timestamp == kernel.vblankTime(k))
            #expect(tick.wokeAt >= kernel.vblankTime(k))
        }
        #expect(rehearsed.map(\.sequence) == [first + 1, first + 2, first + 3])
        for (index, tick) in zip(Int64(1)..., rehearsed) {
            let due = kernel.vblankTime(index)
            #expect(tick.timestamp == due)
            #expect(
                tick.wokeAt >= due - 2_000_000 && tick.wokeAt <= due - 1_000_000,
                "woke \(due - tick.wokeAt) ns early")
        }
    }

    @Test("the DRM source does not wake early without a rehearsal to run or with a zero lead")
    func drmWithoutWarmUp() throws {
        let kernel = ScriptedKernel()
        let plain = try DRMTickSource(system: kernel, crtc: ScriptedKernel.crtc, control: ControlChannel())
        defer { plain.close() }
        let first = plain.grid.anchorSequence
        _ = try plain.waitForTick(atOrAfter: first + 1)
        let polls = kernel.calls(.poll)
        let zero = try DRMTickSource(
            system: kernel, crtc: ScriptedKernel.crtc, control: ControlChannel(), warmUpLead: 0)
        defer { zero.close() }
        var rehearsals = 0
        _ = try zero.waitForTick(atOrAfter: first + 2, rehearse: { _ in rehearsals += 1 })
        #expect(rehearsals == 0)
        // One poll a tick in both: the wait for the event itself.
        #expect(polls == 1 && kernel.calls(.poll) == 2)
    }

    @Test("a wake-up with less than a quarter of the lead left rehearses nothing (it would delay the tick)")
    func lateWakeUp() {
        let grid = TickGrid(anchorSequence: 0, anchorTimestamp: 0, period: period)
        let early = grid.rehearsal(of: 3, now: 30_000_000 - 280_000, lead: 300_000)
        #expect(early == Tick(sequence: 3, timestamp: 30_000_000, wokeAt: 30_000_000 - 280_000, grid: grid))
        #expect(grid.rehearsal(of: 3, now: 30_000_000 - 75_000, lead: 300_000) != nil)
        #expect(grid.rehearsal(of: 3, now: 30_000_000 - 74_999, lead: 300_000) == nil)
        #expect(grid.rehearsal(of: 3, now: 30_000_000 + 5_000, lead: 300_000) == nil)
    }

    @Test("a rehearsal delivers nothing and changes nothing: the frames are those without it")
    func rehearsalHasNoEffect() throws {
        let source = try ManualFrameSource(framesPerSecond: 100)
        let link = try DisplayLink(source: .manual(source))
        let frames = Locked<[Frame]>([])
        try link.start { frame in frames.withLock { $0.append(frame) } }
        source.advance(to: MonotonicInstant(nanoseconds: 10_000_000))
        let grid = TickGrid(anchorSequence: 0, anchorTimestamp: 0, period: period)
        for early: Int64 in [150_000, 100_000, 50_000] {
            let tick = Tick(sequence: 2, timestamp: 20_000_000, wokeAt: 20_000_000 - early, grid: grid)
            link.rehearse(tick, now: 20_000_000 - early)
        }
        #expect(frames.withLock { $0.count } == 1)
        source.advance(to: MonotonicInstant(nanoseconds: 30_000_000))
        let delivered = frames.withLock { $0 }
        #expect(delivered.map(\.sequence) == [1, 2, 3])
        #expect(delivered.map(\.skippedFrames) == [0, 0, 0])
        #expect(link.statistics.framesDelivered == 3)
        #expect(link.statistics.droppedTicks == 0)
    }
}
