import TestSupport
import Testing

@testable import FrameClock

/// The Present clock's first frames on scripted USTs (issue 49): the grid uses its fitted line only
/// once the fit is sure, answers given at once anchor nothing, and every step of a frame's target is a
/// whole number of refreshes from the first frame on.
@Suite("The X11 Present clock's first frames on scripted USTs")
struct X11PresentClockConfidenceTests {
    static let nominal: Int64 = 16_666_667
    /// The MSC of the first answer.
    static let firstMSC: Int64 = 1000
    /// The first answer's vblank, CLOCK_MONOTONIC nanoseconds.
    static let base: Int64 = 5_000_000_000
    /// How far a scripted UST lies from its vblank at most: a millisecond, Xvfb's and Xwayland's scatter.
    static let jitter: Int64 = 1_000_000
    /// When a frame's request for the next MSC is sent, after the vblank before it.
    static let requestLead: Int64 = 300_000

    /// What a scripted run gave: each frame's target, and the clock after each frame.
    struct Run {
        var targets: [Int64] = []
        var clocks: [X11PresentClock] = []
    }

    /// Feeds a clock as the source does: the first answer, asked for MSC 0, lies `firstOffset` after
    /// its vblank (the moment the server handled it); then each next MSC is asked for just after the
    /// vblank before it and answered at its vblank, `interval` apart, within ±``jitter``.
    static func run(interval: Int64, frames: Int, seed: UInt64, firstOffset: Int64) -> Run {
        var random = SplitMix64(seed: seed)
        var clock = X11PresentClock(start: base - 100_000_000, nominalInterval: nominal)
        let first = base + firstOffset
        _ = clock.take(
            msc: UInt64(firstMSC), ust: UInt64(first / 1000), now: first + 50_000,
            asked: .init(target: 0, sentAt: first - 20_000))
        var run = Run()
        for k in 1...Int64(frames) {
            let vblank = base + k * interval
            let scatter = Int64(random.next() % UInt64(2 * jitter + 1)) - jitter
            let ust = (vblank + scatter) / 1000
            let msc = firstMSC + k
            let verdict = clock.take(
                msc: UInt64(msc), ust: UInt64(ust), now: ust * 1000 + 80_000,
                asked: .init(target: msc, sentAt: vblank - interval + requestLead))
            guard case .vblank(msc, _) = verdict else {
                Issue.record("MSC \(msc): \(verdict)")
                continue
            }
            run.targets.append(clock.grid.timestamp(of: msc + 1))
            run.clocks.append(clock)
        }
        return run
    }

    /// The steps of `targets` that are not a whole number (one or more) of `interval` within a quarter
    /// of it, as "frame: step (ms)".
    static func offGrid(_ targets: [Int64], interval: Int64) -> [String] {
        zip(targets, targets.dropFirst()).enumerated().compactMap { index, pair in
            let step = pair.1 - pair.0
            let whole = (Double(step) / Double(interval)).rounded()
            guard whole < 1 || abs(Double(step) - whole * Double(interval)) > Double(interval / 4) else {
                return nil
            }
            return "\(index + 1): \(Double(step) / 1e6) ms"
        }
    }

    @Test(
        "USTs scattered ±1 ms at 60 Hz, the first answer 7 ms off the grid: every target step a whole refresh; nominal until the fit is sure, the fit after",
        arguments: 1...20)
    func jitteredAtSixtyHertz(seed: UInt64) {
        let run = Self.run(interval: Self.nominal, frames: 60, seed: seed, firstOffset: 7_000_000)
        #expect(run.targets.count == 60)
        let off = Self.offGrid(run.targets, interval: Self.nominal)
        #expect(off.isEmpty, "steps off the grid: \(off)")
        // Not sure of a fit through four scattered USTs; sure within the line's 32.
        let sureAt = run.clocks.firstIndex { $0.confidence.isSure }
        #expect(
            sureAt.map { $0 >= GridConfidence.minimumSamples } ?? false,
            "sure at \(String(describing: sureAt))")
        #expect(sureAt.map { $0 < UstLine.capacity } ?? false, "sure at \(String(describing: sureAt))")
        for (frame, clock) in run.clocks.enumerated() {
            let confidence = clock.confidence
            // The fit is the grid's once sure, and sure it stays; before, the nominal interval.
            #expect(confidence.isSure == (frame >= sureAt ?? .max), "frame \(frame): \(confidence)")
            #expect((clock.measuredInterval != nil) == confidence.isSure, "frame \(frame)")
            #expect(clock.grid.period.nanoseconds == Double(clock.interval))
            if !confidence.isSure { #expect(clock.interval == Self.nominal, "frame \(frame)") }
            if frame == sureAt {
                let uncertainty = confidence.intervalUncertainty ?? .infinity
                #expect(uncertainty * GridConfidence.largestUncertaintyDivisor <= Double(clock.interval))
            }
        }
        // The first answer (asked for MSC 0) is no vblank: the line holds the frames' vblanks only.
        #expect(run.clocks.last?.confidence.samples == UstLine.capacity)
        #expect(run.clocks.first?.confidence.samples == 1)
    }

    @Test(
        "A real refresh of 59.9 Hz under the same scatter is learned (not held at the nominal 60), every step still whole",
        arguments: 1...5)
    func learnsFiftyNinePointNine(seed: UInt64) {
        let real: Int64 = 16_694_361  // 59.9 Hz
        let run = Self.run(interval: real, frames: 400, seed: seed, firstOffset: 7_000_000)
        let off = Self.offGrid(run.targets, interval: real)
        #expect(off.isEmpty, "steps off the grid: \(off)")
        // The fitted interval over the last 300 frames, on average: the 27.7 µs from the nominal
        // interval is learned, to within a fifth of it.
        let measured = run.clocks.dropFirst(100).map { Double($0.measuredInterval ?? 0) }
        let mean = measured.reduce(0, +) / Double(measured.count)
        #expect(abs(mean - Double(real)) < Double(real - Self.nominal) / 5, "mean fitted interval \(mean) ns")
        #expect(run.clocks.last?.confidence.isSure == true)
    }

    @Test(
        "An MSC answered at once before any vblank (Xvfb counts it from half an interval before its vblank) makes no tick; the first tick is on a vblank"
    )
    func answeredAtOnceFirst() {
        var clock = X11PresentClock(start: 0, nominalInterval: Self.nominal)
        // MSC 0 asked: answered with the moment it was handled, 5 ms after the vblank of MSC 1000.
        #expect(
            clock.take(
                msc: 1000, ust: 1_005_000, now: 1_005_050_000, asked: .init(target: 0, sentAt: 1_004_980_000))
                == .unanchored(sequence: 1000))
        // MSC 1001 asked 11.67 ms before its vblank, and answered at once as MSC 1001 (Xvfb's rounding).
        #expect(
            clock.take(
                msc: 1001, ust: 1_009_000, now: 1_009_050_000,
                asked: .init(target: 1001, sentAt: 1_008_980_000))
                == .unanchored(sequence: 1001))
        #expect(!clock.isAnchoredOnVblank)
        // MSC 1002 asked, answered at its vblank: the first tick, on it.
        let vblank: Int64 = 1_033_333_333
        #expect(
            clock.take(
                msc: 1002, ust: UInt64(vblank / 1000), now: vblank + 50_000,
                asked: .init(target: 1002, sentAt: 1_009_100_000))
                == .vblank(sequence: 1002, timestamp: vblank / 1000 * 1000))
        #expect(clock.grid.timestamp(of: 1003) == vblank / 1000 * 1000 + Self.nominal)
        // A later answer at once (asked for MSC 1003 after it passed) ticks at the grid's time of it.
        #expect(
            clock.take(
                msc: 1004, ust: 1_070_000, now: 1_070_050_000,
                asked: .init(target: 1003, sentAt: 1_069_990_000))
                == .vblank(sequence: 1004, timestamp: vblank / 1000 * 1000 + 2 * Self.nominal))
        #expect(clock.confidence.samples == 1)
    }

    @Test("A server that answers every request at once is followed at its answers' times after two")
    func alwaysAtOnce() {
        var clock = X11PresentClock(start: 0, nominalInterval: Self.nominal)
        var verdicts: [X11PresentClock.Verdict] = []
        for k in 0..<4 {
            let ust = UInt64(1_000_000 + k * 16_667)
            verdicts.append(
                clock.take(
                    msc: UInt64(1000 + k), ust: ust, now: Int64(ust) * 1000 + 50_000,
                    asked: .init(target: Int64(1000 + k), sentAt: Int64(ust) * 1000 - 20_000)))
        }
        #expect(verdicts.prefix(2) == [.unanchored(sequence: 1000), .unanchored(sequence: 1001)])
        #expect(verdicts[2] == .vblank(sequence: 1002, timestamp: 1_033_334_000))
    }
}
