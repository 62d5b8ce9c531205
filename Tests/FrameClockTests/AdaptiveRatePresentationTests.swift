import Testing

@testable import FrameClock

/// The adaptive rate where feedback is closed, in virtual time: a 60 Hz source, a range of 30 to
/// 60 fps, 5 ms callbacks, and work after each callback (a GPU's) that finishes `gpu` later. A frame
/// is shown at the first vblank after its work is done, and reported as presented from the first
/// callback that runs after that vblank, as a presenter would.
@Suite("Adaptive rate on presentation feedback")
struct AdaptiveRatePresentationTests {
    /// What a run delivered and how it was shown.
    struct Run {
        var base = AdaptiveRateTests.Run()
        /// Each frame's outcome, in order.
        var outcomes: [FrameOutcome] = []

        /// Frames shown late, by any cause.
        var latePresentations: Int {
            outcomes.filter { if case .late = $0 { true } else { false } }.count
        }
    }

    /// A frame waiting to be shown.
    struct InFlight {
        let sequence: UInt64
        let shown: MonotonicInstant
    }

    /// The callback's own duration in every run.
    static let callbackDuration = Duration.milliseconds(5)

    /// Runs for `seconds` with GPU work as long as `gpu` says for the frame's time since the start.
    static func run(
        adaptive: Bool, seconds: Int, gpu: @escaping @Sendable (Duration, UInt64) -> Duration
    ) async throws -> Run {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        link.preferredFrameRateRange = try FrameRateRange(minimum: 30, maximum: 60)
        if adaptive { try link.enableAdaptiveRate() }
        var changes = link.rateChanges.makeAsyncIterator()
        let start = source.now
        let interval = source.period.duration
        let frames = Locked<[(frame: Frame, end: MonotonicInstant)]>([])
        let inFlight = Locked<[InFlight]>([])
        try link.start { frame in
            let due = inFlight.withLock { waiting in
                let due = waiting.filter { $0.shown <= source.now }
                waiting.removeAll { $0.shown <= source.now }
                return due
            }
            for shown in due { link.presented(shown.sequence, at: shown.shown) }
            source.elapse(callbackDuration)
            let done = source.now + gpu(frame.timestamp - start, frame.sequence)
            let vblanks = ((done - frame.timestamp) / interval).rounded(.up)
            let shown = frame.timestamp + interval * Int(vblanks)
            inFlight.withLock { $0.append(InFlight(sequence: frame.sequence, shown: shown)) }
            frames.withLock { $0.append((frame, source.now)) }
        }
        source.advance(by: .seconds(seconds))
        let outcomes = link.timeline.entries.map(\.outcome)
        link.invalidate()
        var run = Run(
            base: AdaptiveRateTests.Run(frames: frames.withLock { $0 }, interval: interval),
            outcomes: outcomes)
        while let change = await changes.next() { run.base.changes.append(change) }
        return run
    }

    /// 15 ms of GPU work from 1 s to 3 s (a frame done 20 ms after its start: shown a vblank late
    /// at 60 fps, on time at 30), 2 ms before and after.
    static let step: @Sendable (Duration, UInt64) -> Duration = { elapsed, _ in
        elapsed >= .seconds(1) && elapsed < .seconds(3) ? .milliseconds(15) : .milliseconds(2)
    }

    @Test("GPU work past the frame: two late presentations in a row move the link to 30 fps")
    func movesDownOnLatePresentations() async throws {
        let run = try await Self.run(adaptive: true, seconds: 4, gpu: Self.step)
        let first = try #require(run.base.changes.first)
        #expect(first.reason == .presentationsLate(count: 2, intervals: 1))
        #expect(first.toFramesPerSecond.rounded() == 30)
        #expect(first.description == "60.0 → 30.0 fps: 2 frames in a row were shown 1 interval late")
        // Decided by the callback after the second late frame was reported: it was shown two
        // vblanks after its start, and the frames begun meanwhile were late too (at most four).
        let heavy = try #require(
            run.base.frames.firstIndex {
                $0.frame.timestamp - run.base.frames[0].frame.timestamp >= .seconds(1)
            })
        let firstAtThirty = try #require(
            run.base.frames.indices.first { $0 > heavy && run.base.divisor($0) == 2 })
        #expect(firstAtThirty - heavy <= 5)
        // Every callback ended in time: the callback rule alone would never have moved.
        #expect(run.base.lateFrames == 0)
    }

    @Test("the faster rate is tried after 1 s, then 2 s, then 4 s: doubled by each failed try")
    func triesBackOff() async throws {
        let run = try await Self.run(adaptive: true, seconds: 10) { _, _ in .milliseconds(15) }
        let changes = run.base.changes
        #expect(changes.map { $0.toFramesPerSecond.rounded() } == [30, 60, 30, 60, 30, 60, 30])
        let downs = changes.filter {
            if case .presentationsLate = $0.reason { true } else { false }
        }
        #expect(downs.count == 4)
        // Each try up waits out the hold set by the move down before it.
        let holds = stride(from: 0, to: changes.count - 1, by: 2).map {
            changes[$0 + 1].time - changes[$0].time
        }
        #expect(holds.count == 3)
        for (hold, expected) in zip(holds, [1, 2, 4]) {
            #expect(hold >= .seconds(expected) && hold < .seconds(expected) + .milliseconds(200), "\(hold)")
        }
        // Each try costs a few late frames; most of the 10 s is on time at 30 fps.
        #expect(run.latePresentations <= 5 * downs.count)
        #expect(run.outcomes.filter { $0 == .onTime }.count > 3 * run.latePresentations)
    }

    @Test("one late presentation alone (a compositor's hiccup) moves nothing")
    func oneLatePresentationAlone() async throws {
        // Every 30th frame's work runs long: a late frame each half second, never two in a row.
        let run = try await Self.run(adaptive: true, seconds: 3) { _, sequence in
            sequence % 30 == 0 ? .milliseconds(15) : .milliseconds(2)
        }
        #expect(run.latePresentations >= 5)
        #expect(run.base.changes.isEmpty)
        #expect(run.base.frames.indices.allSatisfy { run.base.divisor($0) == 1 })
    }

    @Test("off: late presentations change nothing")
    func offByDefault() async throws {
        let run = try await Self.run(adaptive: false, seconds: 3, gpu: Self.step)
        #expect(run.latePresentations > 60)
        #expect(run.base.changes.isEmpty)
        #expect(run.base.frames.indices.allSatisfy { run.base.divisor($0) == 1 })
    }

    @Test("only frames late with their callbacks in time count, and only those begun at the rate")
    func whichPresentationsCount() throws {
        // A late frame whose callback ran past its deadline is the callback rule's to judge.
        var rate = AdaptiveRate()
        rate.isEnabled = true
        rate.bound(by: try FrameRateRange(minimum: 30, maximum: 60), sourceRate: 60)
        for sequence: UInt64 in 1...3 {
            rate.recordPresentation(.late(intervals: 1, cause: .callbackPastDeadline), sequence: sequence)
        }
        let refresh: Int64 = 16_666_667
        #expect(
            rate.record(
                duration: 5_000_000, sequence: 4, now: 100_000_000, divisor: 1, refresh: refresh,
                latency: 1_000_000) == nil)
        rate.recordPresentation(.late(intervals: 2, cause: .displayLate), sequence: 4)
        rate.recordPresentation(.late(intervals: 1, cause: .displayLate), sequence: 5)
        let move = rate.record(
            duration: 5_000_000, sequence: 6, now: 200_000_000, divisor: 1, refresh: refresh,
            latency: 1_000_000)
        #expect(move?.divisor == 2)
        #expect(move?.reason == .presentationsLate(count: 2, intervals: 1))
        // Presentations of frames begun before the change are not judged at the new rate.
        rate.recordPresentation(.late(intervals: 1, cause: .displayLate), sequence: 6)
        rate.recordPresentation(.late(intervals: 1, cause: .displayLate), sequence: 5)
        #expect(
            rate.record(
                duration: 5_000_000, sequence: 7, now: 900_000_000, divisor: 2, refresh: refresh,
                latency: 1_000_000) == nil)
    }
}
