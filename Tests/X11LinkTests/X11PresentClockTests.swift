import Testing

@testable import FrameClock

/// The Present clock's rules on scripted completions: which are vblanks, which are the same vblank
/// again, which are bogus (xserver issue 1418: an MSC that does not advance, a UST of 0), and the
/// interval measured from the USTs.
@Suite("The X11 Present clock on scripted completions")
struct X11PresentClockTests {
    /// A clock that read its first vblank at MSC 100, UST 1 s.
    private func started() -> X11PresentClock {
        var clock = X11PresentClock(start: 0, nominalInterval: 16_666_667)
        _ = clock.take(msc: 100, ust: 1_000_000, now: 1_000_100_000)
        return clock
    }

    @Test("Advancing completions are vblanks; the interval is measured from their USTs after three gaps")
    func advancing() {
        var clock = started()
        for step in 1...4 {
            let ust = UInt64(1_000_000 + step * 16_250)
            let verdict = clock.take(msc: UInt64(100 + step), ust: ust, now: Int64(ust) * 1000 + 100_000)
            #expect(verdict == .vblank(sequence: Int64(100 + step), timestamp: Int64(ust) * 1000))
        }
        #expect(clock.measuredInterval == 16_250_000)
        #expect(clock.grid.anchorSequence == 104)
        #expect(clock.grid.timestamp(of: 105) == (1_000_000 + 5 * 16_250) * 1000)
        #expect(clock.bogusCount == 0)
    }

    @Test("An MSC gap is measured per MSC: a skipped refresh does not double the interval")
    func gaps() {
        var clock = started()
        _ = clock.take(msc: 101, ust: 1_016_000, now: 1_016_100_000)
        _ = clock.take(msc: 103, ust: 1_048_000, now: 1_048_100_000)
        _ = clock.take(msc: 104, ust: 1_064_000, now: 1_064_100_000)
        #expect(clock.measuredInterval == 16_000_000)
    }

    @Test("The same MSC and UST again is the same vblank, not bogus")
    func repeated() {
        var clock = started()
        #expect(
            clock.take(msc: 100, ust: 1_000_000, now: 1_000_200_000)
                == .repeated(sequence: 100, timestamp: 1_000_000_000))
        #expect(clock.bogusCount == 0)
    }

    @Test(
        "Bogus completions are counted and not trusted: UST 0, an MSC that does not advance, a UST that does not, a UST in the future",
        arguments: [
            (UInt64(101), UInt64(0)),  // UST 0 (the screen turned off)
            (UInt64(100), UInt64(1_016_000)),  // the MSC does not advance, with another UST
            (UInt64(99), UInt64(1_016_000)),  // the MSC goes back
            (UInt64(101), UInt64(999_000)),  // the MSC advances, the UST goes back
            (UInt64(101), UInt64(9_000_000)),  // the UST 8 s after the moment it was read
        ])
    func bogus(msc: UInt64, ust: UInt64) {
        var clock = started()
        let grid = clock.grid
        let verdict = clock.take(msc: msc, ust: ust, now: 1_017_000_000)
        guard case .bogus = verdict else {
            Issue.record("trusted: \(verdict)")
            return
        }
        #expect(clock.bogusCount == 1)
        // The grid and the last trusted vblank are untouched: the next real one is measured from it.
        #expect(clock.grid == grid)
        #expect(clock.last?.msc == 100)
        #expect(
            clock.take(msc: 101, ust: 1_016_500, now: 1_017_000_000)
                == .vblank(sequence: 101, timestamp: 1_016_500_000))
    }

    @Test("A run of bogus completions between real ones makes no tick and leaves the interval alone")
    func bogusRun() {
        var clock = started()
        var ticks: [Int64] = []
        let script: [(UInt64, UInt64)] = [
            (101, 1_016_000), (101, 0), (101, 0), (102, 1_032_000), (102, 1_032_500), (0, 0),
            (103, 1_048_000),
            (104, 1_064_000),
        ]
        for (msc, ust) in script {
            if case .vblank(let sequence, _) = clock.take(msc: msc, ust: ust, now: 1_070_000_000) {
                ticks.append(sequence)
            }
        }
        #expect(ticks == [101, 102, 103, 104])
        #expect(clock.bogusCount == 4)
        #expect(clock.measuredInterval == 16_000_000)
    }

    @Test(
        "USTs scattered around a steady refresh (as Xwayland's): the grid is the line through them, not the latest UST plus the median gap"
    )
    func scatteredUSTs() {
        var clock = X11PresentClock(start: 0, nominalInterval: 16_666_667)
        // 16.67 ms apart, each stamped 0.6 ms early or late in turn, so gaps alternate 15.47 and 17.87 ms.
        let base: Int64 = 1_000_000
        for k in 0..<40 {
            let jitter: Int64 = k % 2 == 0 ? 600 : -600
            let ust = UInt64(base + Int64(k) * 16_667 + jitter)
            _ = clock.take(msc: UInt64(100 + k), ust: ust, now: Int64(ust) * 1000 + 100_000)
        }
        let interval = clock.measuredInterval ?? 0
        #expect(abs(interval - 16_667_000) < 60_000, "\(interval)")
        // The next MSC is predicted on the line, not 0.6 ms off it as the latest UST is.
        let predicted = clock.grid.timestamp(of: 140)
        let onLine = (base + 40 * 16_667) * 1000
        #expect(abs(predicted - onLine) < 100_000, "\(predicted - onLine) ns off the line")
    }

    @Test("Presented pixmaps stamped a little before their NotifyMSC move the grid's anchor by that offset")
    func presentationOffset() {
        var clock = X11PresentClock(start: 0, nominalInterval: 16_666_667)
        for k in 0..<20 {
            let ust = UInt64(1_000_000 + k * 16_667)
            // The pixmap presented at this MSC, stamped 150 µs before the NotifyMSC.
            _ = clock.presentationTime(msc: UInt64(100 + k), ust: ust - 150, now: Int64(ust) * 1000)
            _ = clock.take(msc: UInt64(100 + k), ust: ust, now: Int64(ust) * 1000 + 100_000)
        }
        #expect(abs(clock.presentationOffset + 150_000) < 5_000, "\(clock.presentationOffset)")
        let next = clock.grid.timestamp(of: 120)
        #expect(abs(next - (1_000_000 + 20 * 16_667 - 150) * 1000) < 10_000)
        #expect(clock.bogusCount == 0)
    }

    @Test(
        "A pause (Xwayland counts no MSC while nothing waits) starts a new line and keeps the interval; a changed refresh is measured anew"
    )
    func pauseAndChangedRefresh() {
        var clock = X11PresentClock(start: 0, nominalInterval: 16_666_667)
        var ust: UInt64 = 1_000_000
        var msc: UInt64 = 100
        for _ in 0..<10 {
            _ = clock.take(msc: msc, ust: ust, now: Int64(ust) * 1000 + 100_000)
            msc += 1
            ust += 10_000
        }
        #expect(clock.measuredInterval == 10_000_000)
        // One MSC on, two seconds later: a pause, not a 2 s refresh.
        ust += 2_000_000
        _ = clock.take(msc: msc, ust: ust, now: Int64(ust) * 1000 + 100_000)
        #expect(clock.measuredInterval == 10_000_000)
        // Then 7 ms apart: the old interval is forgotten after two breaks, the new one measured.
        for _ in 0..<8 {
            msc += 1
            ust += 7_000
            _ = clock.take(msc: msc, ust: ust, now: Int64(ust) * 1000 + 100_000)
        }
        #expect(clock.measuredInterval == 7_000_000)
        clock.forgetInterval()
        #expect(clock.measuredInterval == nil)
        #expect(clock.interval == 16_666_667)
    }

    /// A clock that took `count` vblanks `interval` µs apart from MSC 100, UST 1 s; returns the next
    /// MSC and UST.
    private func steady(_ clock: inout X11PresentClock, count: Int, interval: UInt64) -> (
        msc: UInt64, ust: UInt64
    ) {
        var msc: UInt64 = 100
        var ust: UInt64 = 1_000_000
        for _ in 0..<count {
            _ = clock.take(msc: msc, ust: ust, now: Int64(ust) * 1000 + 100_000)
            msc += 1
            ust += interval
        }
        return (msc, ust)
    }

    @Test(
        "A window moved to a CRTC of another refresh (PresentConfigureNotify, then the line restarted): the new interval within five MSCs",
        arguments: [UInt64(6_944), UInt64(20_000)])
    func movedToAnotherRefresh(interval: UInt64) {
        var clock = X11PresentClock(start: 0, nominalInterval: 16_666_667)
        var (msc, ust) = steady(&clock, count: 40, interval: 16_667)
        #expect(abs((clock.measuredInterval ?? 0) - 16_667_000) < 1_000)
        clock.restartLine()
        for _ in 0..<5 {
            _ = clock.take(msc: msc, ust: ust, now: Int64(ust) * 1000 + 100_000)
            msc += 1
            ust += interval
        }
        #expect(
            clock.measuredInterval == Int64(interval) * 1000, "\(String(describing: clock.measuredInterval))")
        #expect(clock.grid.period.nanoseconds == Double(interval) * 1000)
    }

    @Test("A refresh that changes by more than half an interval is followed without a hint, within ten MSCs")
    func refreshChangedWithoutHint() {
        var clock = X11PresentClock(start: 0, nominalInterval: 16_666_667)
        var (msc, ust) = steady(&clock, count: 40, interval: 16_667)
        ust -= 16_667  // the last vblank taken
        for _ in 0..<10 {
            ust += 6_944
            _ = clock.take(msc: msc, ust: ust, now: Int64(ust) * 1000 + 100_000)
            msc += 1
        }
        #expect(clock.measuredInterval == 6_944_000, "\(String(describing: clock.measuredInterval))")
    }

    @Test(
        "NotifyMSC answered early every time (Xwayland 24 under mutter 48: MSC 1, the same UST): the source's failure after three in a row, with the reason"
    )
    func stuckMSC() {
        var early = X11EarlyCompletions()
        var clock = started()
        var failure: String?
        var answers = 0
        // Each request asks for the MSC after the last; each is answered at once at MSC 100, UST 1 s.
        for target in Int64(101)...Int64(110) where failure == nil {
            answers += 1
            #expect(
                clock.take(msc: 100, ust: 1_000_000, now: 1_000_200_000)
                    == .repeated(sequence: 100, timestamp: 1_000_000_000))
            failure = early.take(
                target: target, msc: 100, ust: 1_000_000, window: "X11 window 0x200001 on :7")
        }
        #expect(answers == X11EarlyCompletions.limit)
        #expect(
            failure
                == "the X server's Present MSC does not advance on X11 window 0x200001 on :7: a NotifyMSC for "
                + "MSC 103 completed early at MSC 100 (UST 1000000 µs), 3 in a row")
    }

    @Test("An answer on time ends a run of early ones; a request for a passed MSC (0) is never early")
    func earlyThenOnTime() {
        var early = X11EarlyCompletions()
        #expect(early.take(target: 101, msc: 100, ust: 1_000_000, window: "w") == nil)
        #expect(early.take(target: 101, msc: 100, ust: 1_000_000, window: "w") == nil)
        #expect(early.lastWasEarly)
        #expect(early.take(target: 101, msc: 101, ust: 1_016_000, window: "w") == nil)
        #expect(!early.lastWasEarly)
        #expect(early.take(target: 102, msc: 101, ust: 1_016_000, window: "w") == nil)
        #expect(early.take(target: 0, msc: 101, ust: 1_016_000, window: "w") == nil)
        #expect(early.inARow == 0)
        // A healthy server, a request per MSC, answered at it or later (skips): never a failure.
        for msc in Int64(102)...Int64(1000) {
            #expect(early.take(target: msc, msc: UInt64(msc + msc % 3), ust: 1_000_000, window: "w") == nil)
        }
    }
}
