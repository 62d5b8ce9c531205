import Testing

@testable import FrameClock

/// The script: a 60 Hz link adapting within 30...60, callbacks of 5 ms for 2 s, 20 ms for
/// 4 s, then 5 ms, with the work declared by `elapse` inside the callback; run without feedback (a
/// timer's case) and with a simulated display reporting every frame.
@Suite("Adaptive rate: the step script")
struct AdaptiveStepScriptTests {
    /// The figures of one run, and each frame's target refresh.
    struct Run {
        var jank: JankFigures
        var targets: [Int64]
        var intervals: [Int64]
    }

    static func run(reportingPresentations: Bool) throws -> Run {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.timelineCapacity = 1000
        link.preferredFrameRateRange = try FrameRateRange(minimum: 30, maximum: 60)
        try link.enableAdaptiveRate()
        let display = SimulatedDisplay(source: source)
        let frames = Locked<[Frame]>([])
        try link.start { frame in
            let elapsed = frame.timestamp.nanoseconds
            let heavy = elapsed >= 2_000_000_000 && elapsed < 6_000_000_000
            source.elapse(.milliseconds(heavy ? 20 : 5))
            if reportingPresentations { display.present(frame, to: link) }
            frames.withLock { $0.append(frame) }
        }
        source.advance(to: MonotonicInstant(nanoseconds: 10_000_000_000))
        link.invalidate()
        let delivered = frames.withLock { $0 }
        let refresh = source.period
        return Run(
            jank: link.statistics.jank,
            targets: delivered.map { refresh.ticks(containing: $0.targetTimestamp.nanoseconds) },
            intervals: delivered.map { $0.duration.wholeNanoseconds })
    }

    /// The hand figure: the first 20 ms callback ends 3.3 ms past its target, so its frame is shown
    /// one refresh late (16.7 ms of hitch); every other frame is on time at its rate. The span is
    /// every frame's interval plus that hitch.
    static func handRatio(_ run: Run) -> Double {
        let hitch = 1e9 / 60
        let span = Double(run.intervals.reduce(0, +)) + hitch
        return hitch / 1e6 / (span / 1e9)
    }

    @Test("no refresh is targeted twice, with and without presentations reported")
    func everyRefreshOnce() throws {
        for reporting in [false, true] {
            let run = try Self.run(reportingPresentations: reporting)
            #expect(Set(run.targets).count == run.targets.count)
            #expect(zip(run.targets, run.targets.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test("the hitch ratio is the hand figure within 1 %, with and without presentations reported")
    func hitchRatioIsTheHandFigure() throws {
        for reporting in [false, true] {
            let run = try Self.run(reportingPresentations: reporting)
            let hand = Self.handRatio(run)
            #expect(
                abs(run.jank.hitchTimeRatio - hand) <= 0.01 * hand,
                "reporting \(reporting): \(run.jank.hitchTimeRatio) vs \(hand)")
            #expect(run.jank.hitchesByCallback == 1)
            print(
                "step script, presentations reported \(reporting): \(run.targets.count) frames, hitch ratio \(run.jank.hitchTimeRatio) ms/s, hand \(hand) ms/s"
            )
        }
    }
}
