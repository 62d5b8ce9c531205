import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Pacing rules on raw ticks")
struct PacerTests {
    let grid = TickGrid(
        anchorSequence: 0, anchorTimestamp: 0,
        period: FramePeriod(uncheckedNumerator: 10_000_000, denominator: 1))

    func tick(_ sequence: Int64, timestamp: Int64? = nil) -> Tick {
        Tick(sequence: sequence, timestamp: timestamp ?? grid.timestamp(of: sequence), wokeAt: 0, grid: grid)
    }

    /// The pacer's decision for `tick` handled `lateBy` nanoseconds after its timestamp; a frame's
    /// callback returns at once, before the next tick (a frame in flight decides nothing).
    func decide(
        _ pacer: inout FramePacer, _ tick: Tick, halfFrame: Int64, lateBy: Int64 = 0
    ) -> FramePacer.Decision {
        let decision = pacer.decide(tick, halfFrame: halfFrame, now: tick.timestamp + lateBy)
        if case .deliver = decision { pacer.callbackReturned(firstEligibleSequence: tick.sequence + 1) }
        return decision
    }

    @Test func aTickLessThanHalfAnIntervalAfterThePreviousIsDropped() {
        var pacer = FramePacer()
        _ = pacer.nextWanted(currentSequence: 0)
        #expect(
            decide(&pacer, tick(1), halfFrame: 5_000_000)
                == .deliver(sequence: 1, timestamp: 10_000_000, skipped: 0))
        // A source that reports tick 2 only 4 ms after tick 1 (half an interval is 5 ms).
        #expect(decide(&pacer, tick(2, timestamp: 14_000_000), halfFrame: 5_000_000) == .drop)
        #expect(
            decide(&pacer, tick(3), halfFrame: 5_000_000)
                == .deliver(sequence: 3, timestamp: 30_000_000, skipped: 1))
    }

    @Test func aCallbackThatWouldBeginLessThanHalfAnIntervalAfterThePreviousIsDroppedAndCounted() {
        var pacer = FramePacer()
        _ = pacer.nextWanted(currentSequence: 0)
        #expect(
            decide(&pacer, tick(1), halfFrame: 5_000_000)
                == .deliver(sequence: 1, timestamp: 10_000_000, skipped: 0))
        // Tick 2 handled 8 ms late (the thread was descheduled): delivered, late.
        #expect(
            decide(&pacer, tick(2), halfFrame: 5_000_000, lateBy: 8_000_000)
                == .deliver(sequence: 2, timestamp: 20_000_000, skipped: 0))
        // Tick 3 on time would begin 2 ms after tick 2's callback: no burst, it is skipped.
        #expect(decide(&pacer, tick(3), halfFrame: 5_000_000) == .drop)
        #expect(pacer.nextWanted == 4)
        #expect(
            decide(&pacer, tick(4), halfFrame: 5_000_000)
                == .deliver(sequence: 4, timestamp: 40_000_000, skipped: 1))
    }

    @Test func aSteadilyLateThreadKeepsEveryFrame() {
        // Late by 70 % of the interval every time: callbacks are still a whole interval apart.
        var pacer = FramePacer()
        _ = pacer.nextWanted(currentSequence: 0)
        for sequence: Int64 in 1...50 {
            #expect(
                decide(&pacer, tick(sequence), halfFrame: 5_000_000, lateBy: 7_000_000)
                    == .deliver(sequence: sequence, timestamp: sequence * 10_000_000, skipped: 0))
        }
    }

    @Test func timestampsThatGoBackwardsAreDropped() {
        var pacer = FramePacer()
        _ = pacer.nextWanted(currentSequence: 0)
        _ = decide(&pacer, tick(5), halfFrame: 5_000_000)
        #expect(decide(&pacer, tick(6, timestamp: 20_000_000), halfFrame: 5_000_000) == .drop)
        #expect(pacer.nextWanted == 7)
    }

    @Test func ticksBeforeTheWantedOneAreNotForThisLink() {
        var pacer = FramePacer()
        pacer.setDivisor(4)
        #expect(pacer.nextWanted(currentSequence: 1) == 4)
        #expect(decide(&pacer, tick(3), halfFrame: 20_000_000) == .notYet)
        // A late tick 9 becomes grid point 8, one frame interval (4 ticks) skipped.
        #expect(
            decide(&pacer, tick(9), halfFrame: 20_000_000)
                == .deliver(sequence: 8, timestamp: 80_000_000, skipped: 1))
    }
}

@Suite("Exact periods")
struct FramePeriodTests {
    @Test func aDisplayModeGivesItsExactInterval() throws {
        let period = try FramePeriod(htotal: 1344, vtotal: 806, pixelClockKilohertz: 65_000)
        #expect(period.nanoseconds == 16_665_600)
        #expect(abs(period.framesPerSecond - 60.0038) < 1e-4)
    }

    @Test func ticksAndOffsetsInvertEachOther() throws {
        for fps in [1.0, 59.94, 60, 60.0038, 144, 1000, 0.001] {
            let period = try FramePeriod(framesPerSecond: fps)
            for offset: Int64 in [-1, 0, 1, 16_666_666, 16_666_667, 999_999_999, 1 << 50, -(1 << 40)] {
                let k = period.ticks(containing: offset)
                #expect(period.offset(ofTicks: k) <= offset)
                #expect(period.offset(ofTicks: k + 1) > offset)
            }
        }
    }

    @Test func wallClockIsRealtime() {
        let now = MonotonicInstant.now()
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        #expect(abs(now.wallClockSeconds - Double(spec.tv_sec)) < 2)
    }
}
