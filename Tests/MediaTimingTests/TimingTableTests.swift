import MediaTiming
import Testing

/// Hand-worked cases of the timing model. Each animation runs 0 → 10 linearly, so the expected
/// value is 10 × the directed progress; −1 is the model value (no effect). The working is in the
/// comment of each row.
struct TimingTableTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var timing: TimingParameters
        var time: Double
        var expected: Double
        var description: String { "\(name) at t=\(time)" }
    }

    static let cases: [Case] = [
        // duration 2 from beginTime 1, fill removed: active on [1, 3).
        Case(name: "removed, before", timing: .init(beginTime: 1, duration: 2), time: 0, expected: -1),
        Case(name: "removed, at begin", timing: .init(beginTime: 1, duration: 2), time: 1, expected: 0),
        // τ = 2 − 1 = 1, progress 1/2.
        Case(name: "removed, middle", timing: .init(beginTime: 1, duration: 2), time: 2, expected: 5),
        Case(
            name: "removed, just before end", timing: .init(beginTime: 1, duration: 2), time: 2.999,
            expected: 9.995),
        Case(name: "removed, at end", timing: .init(beginTime: 1, duration: 2), time: 3, expected: -1),
        // Forwards: after the end the last frame stays; before the start nothing.
        Case(
            name: "forwards, before", timing: .init(beginTime: 1, duration: 2, fillMode: .forwards), time: 0,
            expected: -1),
        Case(
            name: "forwards, middle", timing: .init(beginTime: 1, duration: 2, fillMode: .forwards),
            time: 2.5, expected: 7.5),
        Case(
            name: "forwards, at end", timing: .init(beginTime: 1, duration: 2, fillMode: .forwards), time: 3,
            expected: 10),
        Case(
            name: "forwards, long after", timing: .init(beginTime: 1, duration: 2, fillMode: .forwards),
            time: 100, expected: 10),
        // Backwards: before the start the first frame shows; after the end nothing.
        Case(
            name: "backwards, before", timing: .init(beginTime: 1, duration: 2, fillMode: .backwards),
            time: 0, expected: 0),
        Case(
            name: "backwards, middle", timing: .init(beginTime: 1, duration: 2, fillMode: .backwards),
            time: 1.5, expected: 2.5),
        Case(
            name: "backwards, after", timing: .init(beginTime: 1, duration: 2, fillMode: .backwards), time: 3,
            expected: -1),
        // Both.
        Case(
            name: "both, before", timing: .init(beginTime: 1, duration: 2, fillMode: .both), time: -50,
            expected: 0),
        Case(
            name: "both, middle", timing: .init(beginTime: 1, duration: 2, fillMode: .both), time: 1.2,
            expected: 1),
        Case(
            name: "both, after", timing: .init(beginTime: 1, duration: 2, fillMode: .both), time: 4,
            expected: 10),
        // Fractional repeatCount 2.5 of 1 s: active 2.5 s; at 1.25 iteration 1 progress 0.25;
        // the end (2.5) is half-way through iteration 2.
        Case(
            name: "repeat 2.5, iteration 0",
            timing: .init(duration: 1, repeatCount: 2.5, fillMode: .forwards), time: 0.25, expected: 2.5),
        Case(
            name: "repeat 2.5, iteration 1",
            timing: .init(duration: 1, repeatCount: 2.5, fillMode: .forwards), time: 1.25, expected: 2.5),
        Case(
            name: "repeat 2.5, iteration 2",
            timing: .init(duration: 1, repeatCount: 2.5, fillMode: .forwards), time: 2.4, expected: 4),
        Case(
            name: "repeat 2.5, ended half-way",
            timing: .init(duration: 1, repeatCount: 2.5, fillMode: .forwards), time: 7, expected: 5),
        Case(
            name: "repeat 2.5, removed after", timing: .init(duration: 1, repeatCount: 2.5), time: 2.5,
            expected: -1),
        // Whole repeatCount 2 with forwards fill: the end is progress exactly 1 of iteration 1, not 0 of 2.
        Case(
            name: "repeat 2, end is 1", timing: .init(duration: 1, repeatCount: 2, fillMode: .forwards),
            time: 2, expected: 10),
        // Infinite repeats: at 1e6 + 0.25 the progress is 0.25.
        Case(
            name: "repeat forever", timing: .init(duration: 1, repeatCount: .infinity), time: 1_000_000.25,
            expected: 2.5),
        // Autoreverses, repeatCount 1: a cycle is 2 s (forwards 1 s, backwards 1 s).
        Case(
            name: "autoreverse, forward pass", timing: .init(duration: 1, autoreverses: true), time: 0.25,
            expected: 2.5),
        // At 1.25: iteration 1 (backward), simple progress 0.25, directed 0.75.
        Case(
            name: "autoreverse, backward pass", timing: .init(duration: 1, autoreverses: true), time: 1.25,
            expected: 7.5),
        Case(
            name: "autoreverse, late backward", timing: .init(duration: 1, autoreverses: true), time: 1.75,
            expected: 2.5),
        // End at 2 with forwards fill: iteration 1 progress 1, reversed: back at 0.
        Case(
            name: "autoreverse, filled end",
            timing: .init(duration: 1, autoreverses: true, fillMode: .forwards), time: 2, expected: 0),
        Case(
            name: "autoreverse, removed end", timing: .init(duration: 1, autoreverses: true), time: 2,
            expected: -1),
        // Autoreverses with repeatCount 1.5: active 3 s; at 2.5 iteration 2 (forward) progress 0.5;
        // the end is iteration 2 progress 1, forwards: 10.
        Case(
            name: "autoreverse 1.5, third pass",
            timing: .init(duration: 1, repeatCount: 1.5, autoreverses: true), time: 2.5, expected: 5),
        Case(
            name: "autoreverse 1.5, filled end",
            timing: .init(duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards), time: 3,
            expected: 10),
        // Autoreverses with repeatCount 2: at 3.25 iteration 3 (backward), directed 0.75.
        Case(
            name: "autoreverse 2, fourth pass",
            timing: .init(duration: 1, repeatCount: 2, autoreverses: true), time: 3.25, expected: 7.5),
        // repeatDuration 2.5 of a 1 s iteration cuts iteration 2 half-way: same as repeatCount 2.5.
        Case(
            name: "repeatDuration cut", timing: .init(duration: 1, repeatDuration: 2.5, fillMode: .forwards),
            time: 2.5, expected: 5),
        Case(
            name: "repeatDuration, inside", timing: .init(duration: 1, repeatDuration: 2.5), time: 2.1,
            expected: 1),
        Case(
            name: "repeatDuration, removed", timing: .init(duration: 1, repeatDuration: 2.5), time: 2.5,
            expected: -1),
        // repeatDuration 1.5 with autoreverses: at 1.2 backward pass, simple 0.2, directed 0.8;
        // the end 1.5 is half-way back.
        Case(
            name: "repeatDuration autoreverse, back",
            timing: .init(duration: 1, repeatDuration: 1.5, autoreverses: true), time: 1.2, expected: 8),
        Case(
            name: "repeatDuration autoreverse, end",
            timing: .init(duration: 1, repeatDuration: 1.5, autoreverses: true, fillMode: .both), time: 1.5,
            expected: 5),
        // repeatDuration wins over repeatCount when both are set.
        Case(
            name: "repeatDuration over repeatCount",
            timing: .init(duration: 1, repeatCount: 5, repeatDuration: 1.5), time: 2, expected: -1),
        // Speed 2 from beginTime 1, duration 2: τ = (1.5 − 1)·2 = 1, progress 1/2; active until t = 2.
        Case(
            name: "speed 2, middle", timing: .init(beginTime: 1, duration: 2, speed: 2), time: 1.5,
            expected: 5),
        Case(
            name: "speed 2, over", timing: .init(beginTime: 1, duration: 2, speed: 2), time: 2, expected: -1),
        // Speed 0.5: τ = (3 − 1)·0.5 = 1.
        Case(name: "speed 0.5", timing: .init(beginTime: 1, duration: 2, speed: 0.5), time: 3, expected: 5),
        // timeOffset 0.5 of a 2 s animation: starts at 0.5/2, wraps at t = 1.5 to 0, ends at t = 2.
        Case(name: "offset, start", timing: .init(duration: 2, timeOffset: 0.5), time: 0, expected: 2.5),
        Case(name: "offset, wrapped", timing: .init(duration: 2, timeOffset: 0.5), time: 1.5, expected: 0),
        Case(name: "offset, after wrap", timing: .init(duration: 2, timeOffset: 0.5), time: 1.9, expected: 2),
        Case(name: "offset, over", timing: .init(duration: 2, timeOffset: 0.5), time: 2, expected: -1),
        // Forwards fill keeps the frame the animation ended on: (2 + 0.5)/2 = 1.25 → 0.25.
        Case(
            name: "offset, filled end", timing: .init(duration: 2, timeOffset: 0.5, fillMode: .forwards),
            time: 5, expected: 2.5),
        // Backwards fill shows the frame it starts on.
        Case(
            name: "offset, filled start",
            timing: .init(beginTime: 3, duration: 2, timeOffset: 0.5, fillMode: .backwards), time: 0,
            expected: 2.5),
        // Speed 0 freezes the animation at its timeOffset whatever the time: 1.5/2.
        Case(
            name: "speed 0, early", timing: .init(beginTime: 10, duration: 2, speed: 0, timeOffset: 1.5),
            time: -100, expected: 7.5),
        Case(
            name: "speed 0, late", timing: .init(beginTime: 10, duration: 2, speed: 0, timeOffset: 1.5),
            time: 1e9, expected: 7.5),
        // Duration 0 means 0.25 s: 0.125 is half-way.
        Case(name: "duration 0 is 0.25 s", timing: .init(duration: 0), time: 0.125, expected: 5),
        Case(name: "duration 0 ends at 0.25 s", timing: .init(duration: 0), time: 0.25, expected: -1),
    ]

    @Test(arguments: cases)
    func sampledValueMatchesHandWorking(_ row: Case) {
        let value = sampledValue(row.timing, at: row.time)
        #expect(isClose(value, row.expected), "\(row): got \(value), expected \(row.expected)")
    }

    @Test func progressIsExactlyOneAtTheEndOfTheLastIteration() throws {
        let timing = TimingParameters(duration: 0.1, repeatCount: 3, fillMode: .forwards)
        let progress = try #require(timing.progress(atParentTime: timing.activeDuration))
        #expect(progress.phase == .after)
        #expect(progress.progress == 1)
        #expect(progress.iteration == 2)
    }

    @Test func iterationsAndCyclesAreCountedSeparatelyWhenAutoreversing() throws {
        let timing = TimingParameters(duration: 1, repeatCount: 3, autoreverses: true)
        let progress = try #require(timing.progress(atParentTime: 3.5))
        #expect(progress.iteration == 3)
        #expect(progress.cycle == 1)
        #expect(progress.progress == 0.5)
        #expect(timing.activeDuration == 6)
    }

    @Test func phasesFollowTheActiveInterval() {
        let timing = TimingParameters(beginTime: 1, duration: 1, fillMode: .both)
        #expect(timing.progress(atParentTime: 0.5)?.phase == .before)
        #expect(timing.progress(atParentTime: 1.5)?.phase == .active)
        #expect(timing.progress(atParentTime: 2)?.phase == .after)
    }

    @Test func defaultsAreCoreAnimations() {
        let timing = TimingParameters()
        #expect(timing.beginTime == 0)
        #expect(timing.duration == 0)
        #expect(timing.speed == 1)
        #expect(timing.timeOffset == 0)
        #expect(timing.repeatCount == 0)
        #expect(timing.repeatDuration == 0)
        #expect(timing.autoreverses == false)
        #expect(timing.fillMode == .removed)
        #expect(timing.iterationDuration == 0.25)
        #expect(timing.activeDuration == 0.25)
    }
}
