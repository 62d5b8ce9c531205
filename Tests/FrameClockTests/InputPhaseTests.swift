import Foundation
import Logging
import TestSupport
import Testing

@testable import FrameClock

/// Input in the frame, in virtual time: a 60 Hz manual source and a drag posted as its samples come
/// (the clock moved to each event's time, then the event posted), as a seat's reader would.
@Suite("Input phase")
struct InputPhaseTests {
    /// A straight-line drag: the position at `nanoseconds`.
    static func line(_ nanoseconds: Int64) -> InputPosition {
        let seconds = Double(nanoseconds) / 1e9
        return InputPosition(x: 40 + 700 * seconds, y: 300 - 250 * seconds)
    }

    static func isOnLine(_ event: InputEvent) -> Bool {
        guard let position = event.position else { return false }
        let expected = line(event.time.nanoseconds)
        return abs(position.x - expected.x) < 1e-9 && abs(position.y - expected.y) < 1e-9
    }

    /// A drag of touch 0 from `start` with samples at `times`, a pointer click and key presses
    /// interleaved, then the touch's up; every event in time order.
    static func drag(times: [Int64]) -> [InputEvent] {
        let start = times[0] - 3_000_000
        var events = [
            InputEvent(.touchDown(touch: 0, position: line(start)), at: MonotonicInstant(nanoseconds: start))
        ]
        for (index, time) in times.enumerated() {
            let instant = MonotonicInstant(nanoseconds: time)
            events.append(InputEvent(.touchMotion(touch: 0, position: line(time)), at: instant))
            if index % 37 == 5 {
                events.append(InputEvent(.keyPressed(key: UInt32(index)), at: instant))
                events.append(InputEvent(.pointerPressed(pointer: 0, button: 0x110), at: instant))
                events.append(InputEvent(.keyReleased(key: UInt32(index)), at: instant))
                events.append(InputEvent(.pointerReleased(pointer: 0, button: 0x110), at: instant))
            }
        }
        let end = times[times.count - 1] + 1_000_000
        events.append(InputEvent(.touchUp(touch: 0), at: MonotonicInstant(nanoseconds: end)))
        return events
    }

    /// A link on a 60 Hz manual source, its handler and callback recording.
    static func recordedLink(logger: Logger? = nil) throws -> (ManualFrameSource, DisplayLink, InputRecorder)
    {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source), logger: logger)
        let recorder = InputRecorder()
        try recorder.attach(to: link)
        return (source, link, recorder)
    }

    /// Posts `events` on a 60 Hz manual source, each once the clock reaches its time; returns the
    /// recorder of the link's handler and callback.
    static func run(_ events: [InputEvent]) throws -> (InputRecorder, DisplayLink) {
        let (source, link, recorder) = try recordedLink()
        for event in events {
            source.advance(to: event.time)
            link.input.post(event)
        }
        source.advance(by: .milliseconds(100))
        link.invalidate()
        return (recorder, link)
    }

    /// Checks a drag of samples at `times`; `latency` is how far behind each frame's timestamp its
    /// motion must be sampled (nil: anywhere from the queue's 5 ms to the 13 ms a slow device needs).
    static func checkDrag(times: [Int64], exactSamplingTime: Bool, latency: Duration?) throws {
        let events = drag(times: times)
        let (recorder, link) = try run(events)
        let batches = recorder.batches
        // Every discrete event exactly once, in order.
        #expect(batches.flatMap(\.discreteEvents) == events.filter { !$0.isMotion })
        // Every raw sample once, in order.
        #expect(batches.flatMap { $0.rawMotion(of: .touch(0)) } == events.filter(\.isMotion))
        #expect(link.input.statistics.motionSamplesDropped == 0)
        for batch in batches {
            let motion = batch.events.filter { $0.point == .touch(0) && $0.isMotion }
            let endsTouch = batch.discreteEvents.contains { $0.point == .touch(0) }
            // One motion a frame; two only where the touch's up follows the last one as it came.
            #expect(motion.count <= (endsTouch ? 2 : 1))
            #expect(motion.allSatisfy(isOnLine))
            guard !endsTouch, let resampled = motion.first else { continue }
            if exactSamplingTime {
                #expect(resampled.time == batch.samplingTime)
            } else {
                #expect(resampled.time <= batch.samplingTime)
            }
            let sampledBehind = batch.frame.timestamp.nanoseconds - batch.samplingTime.nanoseconds
            if let latency {
                #expect(sampledBehind == latency.wholeNanoseconds, "\(batch.frame.sequence)")
            } else {
                #expect((5_000_000...13_000_000).contains(sampledBehind))
            }
        }
        // While the finger moves, every frame carries its motion.
        let during = batches.filter {
            $0.samplingTime.nanoseconds > times[1] && $0.frame.timestamp.nanoseconds < times[times.count - 1]
        }
        #expect(!during.isEmpty)
        #expect(during.allSatisfy { $0.motion(of: .touch(0)) != nil })
    }

    @Test(
        "a 125 Hz drag: discrete events once and in order, one motion a frame at the sampling time, 7 ms back"
    )
    func drag125Hz() throws {
        let times = (0..<250).map { Int64(1_000_000_000) + Int64($0) * 8_000_000 }
        try Self.checkDrag(times: times, exactSamplingTime: true, latency: .milliseconds(7))
    }

    @Test("a 1000 Hz drag: one motion a frame at the sampling time, 5 ms back, every raw sample kept")
    func drag1000Hz() throws {
        let times = (0..<2000).map { Int64(1_000_000_000) + Int64($0) * 1_000_000 }
        try Self.checkDrag(times: times, exactSamplingTime: true, latency: .milliseconds(5))
    }

    @Test("an irregular drag: every motion on the line, never after the sampling time")
    func irregularDrag() throws {
        var random = SplitMix64(seed: 33)
        var time: Int64 = 1_000_000_000
        var times: [Int64] = []
        for _ in 0..<300 {
            times.append(time)
            time += Int64.random(in: 500_000...15_000_000, using: &random)
        }
        try Self.checkDrag(times: times, exactSamplingTime: false, latency: nil)
    }

    @Test(
        "90 and 125 Hz devices stamping whole milliseconds, each sample posted 2 ms late: every frame's motion at its sampling time, the step even",
        arguments: [90.0, 125.0])
    func slowDeviceArrivingLate(rate: Double) throws {
        let millisecond: Int64 = 1_000_000
        let start: Int64 = 1_000_000_000
        let times = (0..<Int(2 * rate)).map {
            start + Int64(Double($0) / rate * 1e9) / millisecond * millisecond
        }
        let (source, link, recorder) = try Self.recordedLink()
        for event in Self.drag(times: times) {
            source.advance(to: event.time + .milliseconds(2))
            link.input.post(event)
        }
        source.advance(by: .milliseconds(100))
        link.invalidate()
        // Past the first 100 ms (the spacing learnt) and before the last sample.
        let steady = recorder.batches.filter {
            $0.samplingTime.nanoseconds > start + 100 * millisecond
                && $0.samplingTime.nanoseconds < times[times.count - 1]
        }
        let motion = steady.compactMap { batch in batch.motion(of: .touch(0)).map { (batch, $0) } }
        #expect(motion.count == steady.count)
        #expect(motion.count > 90)
        for (batch, event) in motion {
            #expect(event.time == batch.samplingTime, "extrapolated no further than its bound")
            #expect(Self.isOnLine(event))
        }
        let xs = motion.map { $0.1.position?.x ?? 0 }
        let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(
            steps.allSatisfy { abs($0 - mean) < 0.01 * mean }, "steps \(steps.min() ?? 0)…\(steps.max() ?? 0)"
        )
    }

    @Test("the input phase runs before the callback, in the same frame")
    func inputBeforeCallback() throws {
        let (source, link, recorder) = try Self.recordedLink()
        source.advance(by: .milliseconds(20))
        link.input.post(InputEvent(.keyPressed(key: 30), at: source.now))
        source.advance(by: .milliseconds(20))
        let entries = recorder.all
        guard case .batch(let batch) = entries[entries.count - 2], case .callback(let frame) = entries.last
        else {
            Issue.record("expected a batch, then the frame's callback: \(entries)")
            return
        }
        #expect(batch.frame == frame)
        #expect(
            batch.events == [InputEvent(.keyPressed(key: 30), at: MonotonicInstant(nanoseconds: 20_000_000))])
        link.invalidate()
    }

    @Test("the timeline keeps each frame's oldest input, and input to present once it is shown")
    func oldestInputInTheTimeline() throws {
        let (source, link, recorder) = try Self.recordedLink()
        source.advance(by: .milliseconds(20))
        // A key at 21 ms and motion at 22 and 30 ms.
        source.advance(to: MonotonicInstant(nanoseconds: 21_000_000))
        link.input.post(InputEvent(.keyPressed(key: 30), at: source.now))
        for milliseconds: Int64 in [22, 30] {
            source.advance(to: MonotonicInstant(nanoseconds: milliseconds * 1_000_000))
            link.input.post(
                InputEvent(
                    .touchMotion(touch: 0, position: Self.line(source.now.nanoseconds)), at: source.now))
        }
        source.advance(by: .milliseconds(40))
        let frame = try #require(recorder.batches.first?.frame)
        let shown = frame.targetTimestamp
        #expect(link.presented(frame.sequence, at: shown) == .recorded(.onTime))
        let entries = link.timeline.entries
        let entry = try #require(entries.first { $0.sequence == frame.sequence })
        #expect(entry.oldestInput == MonotonicInstant(nanoseconds: 21_000_000))
        #expect(entry.inputLatency == shown - MonotonicInstant(nanoseconds: 21_000_000))
        // The 30 ms sample is after that frame's sampling time (28.3 ms): the next frame handles
        // it. Frames without input have none; the trace carries it.
        #expect(
            entries.filter { $0.oldestInput != nil }.map {
                [$0.sequence, UInt64($0.oldestInput!.nanoseconds)]
            }
                == [[frame.sequence, 21_000_000], [frame.sequence + 1, 30_000_000]])
        let trace = link.timeline.text(.chromeTrace)
        #expect(trace.contains("\"oldest_input_ns\":21000000"))
        #expect(trace.contains("\"input_to_present_ns\":\((shown.nanoseconds - 21_000_000))"))
        link.invalidate()
    }

    @Test("events posted while paused come once, in the first frame after the resume")
    func pausedLink() throws {
        let (source, link, recorder) = try Self.recordedLink()
        link.isPaused = true
        let keys = (0..<10).map {
            InputEvent(.keyPressed(key: UInt32($0)), at: MonotonicInstant(nanoseconds: 1))
        }
        link.input.post(contentsOf: keys)
        source.advance(by: .milliseconds(100))
        #expect(recorder.batches.isEmpty)
        link.isPaused = false
        source.advance(by: .milliseconds(100))
        #expect(recorder.batches.count == 1)
        #expect(recorder.batches.first?.events == keys)
        link.invalidate()
    }

    @Test("a pointer's press splits its motion: the motion before it comes first, as it came")
    func pressSplitsMotion() throws {
        let (source, link, recorder) = try Self.recordedLink()
        source.advance(to: MonotonicInstant(nanoseconds: 20_000_000))
        let at = { (milliseconds: Int64) in MonotonicInstant(nanoseconds: milliseconds * 1_000_000) }
        let move = { (x: Double, ms: Int64) in
            InputEvent(.pointerMotion(pointer: 0, position: InputPosition(x: x, y: 0)), at: at(ms))
        }
        link.input.post(contentsOf: [
            move(1, 21), move(2, 22), InputEvent(.pointerPressed(pointer: 0, button: 0x110), at: at(23)),
            move(3, 24), move(4, 26),
        ])
        source.advance(to: at(34))
        let batch = try #require(recorder.batches.last)
        // Sampled at 33.3 - 5 ms: past the newest sample (26 ms) by less than half their spacing.
        #expect(batch.events.count == 3)
        #expect(batch.events[0] == move(2, 22))
        #expect(batch.events[1].kind == .pointerPressed(pointer: 0, button: 0x110))
        #expect(batch.events[2].time == at(27))
        #expect(batch.events[2].position == InputPosition(x: 4.5, y: 0))
        #expect(batch.rawMotion == [move(1, 21), move(2, 22), move(3, 24), move(4, 26)])
        link.invalidate()
    }

    @Test("a flood of 100,000 motion samples keeps the newest 256 and logs what went")
    func flood() throws {
        let logs = LogCapture()
        let (source, link, recorder) = try Self.recordedLink(logger: logs.logger)
        source.advance(to: MonotonicInstant(nanoseconds: 16_000_000))
        let flood = (0..<100_000).map { index in
            let time = Int64(1_000_000) + Int64(index) * 100
            return InputEvent(
                .pointerMotion(pointer: 0, position: Self.line(time)), at: MonotonicInstant(nanoseconds: time)
            )
        }
        for event in flood { link.input.post(event) }
        source.advance(to: MonotonicInstant(nanoseconds: 17_000_000))
        let batch = try #require(recorder.batches.last)
        #expect(batch.rawMotion == Array(flood.suffix(InputQueue.maximumSamplesPerPoint)))
        #expect(batch.events.count == 1)
        #expect(batch.events.allSatisfy(Self.isOnLine))
        let dropped = 100_000 - InputQueue.maximumSamplesPerPoint
        #expect(link.input.statistics.motionSamplesDropped == dropped)
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("\(dropped) motion samples of pointer 0 dropped")
            })
        link.invalidate()
    }

    @Test("a flood of discrete events keeps the newest and says how many went")
    func discreteFlood() throws {
        let logs = LogCapture()
        let (source, link, recorder) = try Self.recordedLink(logger: logs.logger)
        let keys = (0..<(InputQueue.maximumPendingEvents + 10)).map {
            InputEvent(.keyPressed(key: UInt32($0)), at: MonotonicInstant(nanoseconds: 1))
        }
        link.input.post(contentsOf: keys)
        source.advance(by: .milliseconds(20))
        #expect(recorder.batches.first?.events == Array(keys.suffix(InputQueue.maximumPendingEvents)))
        #expect(link.input.statistics.eventsDropped == 10)
        #expect(logs.messages(at: .warning).contains { $0.contains("10 events dropped") })
        link.invalidate()
    }

    @Test("a sample stamped before its point's previous one is taken at that time")
    func timestampsGoingBackwards() throws {
        let (source, link, recorder) = try Self.recordedLink()
        source.advance(to: MonotonicInstant(nanoseconds: 10_000_000))
        let times: [Int64] = [2, 6, 4, 8, 1]
        for (index, milliseconds) in times.enumerated() {
            let position = InputPosition(x: Double(index), y: 0)
            link.input.post(
                InputEvent(
                    .touchMotion(touch: 5, position: position),
                    at: MonotonicInstant(nanoseconds: milliseconds * 1_000_000)
                ))
        }
        source.advance(to: MonotonicInstant(nanoseconds: 40_000_000))
        let raw = recorder.batches.flatMap(\.rawMotion).map(\.time.nanoseconds)
        #expect(raw == [2_000_000, 6_000_000, 6_000_000, 8_000_000, 8_000_000])
        #expect(link.input.statistics.timestampsRaised == 2)
        link.invalidate()
    }

    @Test(
        "more touch points than the limit: the extra ones' events go, an up of an unknown touch still comes")
    func tooManyPoints() throws {
        let logs = LogCapture()
        let (source, link, recorder) = try Self.recordedLink(logger: logs.logger)
        let origin = InputPosition(x: 0, y: 0)
        let downs = (0..<Int32(InputQueue.maximumPoints + 3)).map {
            InputEvent(.touchDown(touch: $0, position: origin), at: MonotonicInstant(nanoseconds: 1))
        }
        link.input.post(contentsOf: downs)
        link.input.post(InputEvent(.touchUp(touch: 1000), at: MonotonicInstant(nanoseconds: 2)))
        source.advance(by: .milliseconds(20))
        let delivered = try #require(recorder.batches.first).events
        #expect(delivered.count == InputQueue.maximumPoints + 1)
        #expect(delivered.last?.kind == .touchUp(touch: 1000))
        #expect(link.input.statistics.eventsDropped == 3)
        #expect(logs.messages(at: .warning).contains { $0.contains("3 events dropped") })
        link.invalidate()
    }

    @Test("compositor milliseconds: widened across the 32-bit wrap, and backwards steps kept")
    func compositorMilliseconds() {
        let span: Int64 = 1 << 32
        let justAfterWrap = MonotonicInstant(nanoseconds: (span + 3) * 1_000_000)
        #expect(
            MonotonicInstant(compositorMilliseconds: UInt32.max - 1, near: justAfterWrap).nanoseconds
                == (span - 2) * 1_000_000)
        #expect(
            MonotonicInstant(compositorMilliseconds: 1, near: justAfterWrap).nanoseconds == (span + 1)
                * 1_000_000)
        let justBeforeWrap = MonotonicInstant(nanoseconds: (span - 3) * 1_000_000)
        #expect(
            MonotonicInstant(compositorMilliseconds: 2, near: justBeforeWrap).nanoseconds == (span + 2)
                * 1_000_000)
        let early = MonotonicInstant(nanoseconds: 10_000 * 1_000_000)
        #expect(MonotonicInstant(compositorMilliseconds: 9_990, near: early).nanoseconds == 9_990 * 1_000_000)
        #expect(
            MonotonicInstant(compositorMilliseconds: 10_005, near: early).nanoseconds == 10_005 * 1_000_000)
        let now = MonotonicInstant.now()
        let sent = UInt32(truncatingIfNeeded: now.nanoseconds / 1_000_000)
        #expect(abs((MonotonicInstant(compositorMilliseconds: sent) - now).wholeNanoseconds) < 1_000_000_000)
    }

    @Test("events posted to an invalidated link (its window gone) are dropped and counted")
    func invalidatedLink() throws {
        let (source, link, recorder) = try Self.recordedLink()
        link.input.post(InputEvent(.keyPressed(key: 1), at: source.now))
        source.advance(by: .milliseconds(20))
        link.invalidate()
        link.input.post(InputEvent(.keyPressed(key: 2), at: source.now))
        source.advance(by: .milliseconds(20))
        #expect(recorder.batches.flatMap(\.events).map(\.kind) == [.keyPressed(key: 1)])
        #expect(link.input.statistics.eventsDropped == 1)
    }

    @Test("the raw samples of a drag through the link give the velocity tracker the drag's velocity")
    func velocityFromTheLink() throws {
        let times = (0..<100).map { Int64(1_000_000_000) + Int64($0) * 8_000_000 }
        let (recorder, _) = try Self.run(Self.drag(times: times))
        var tracker = VelocityTracker()
        for sample in recorder.batches.flatMap({ $0.rawMotion(of: .touch(0)) }) { tracker.add(sample) }
        let velocity = tracker.velocity()
        #expect(abs(velocity.x - 700) < 1e-6 && abs(velocity.y + 250) < 1e-6, "\(velocity)")
    }

    /// A scene on the link's executor that keeps the drag in state of its own.
    actor DragScene {
        nonisolated let link: DisplayLink
        nonisolated var unownedExecutor: UnownedSerialExecutor { link.executor.asUnownedSerialExecutor() }
        /// Not Sendable: it belongs to the actor.
        final class Drag {
            var offset: Double?
        }
        let drag = Drag()
        nonisolated let drawn = Locked<[Double?]>([])

        init(link: DisplayLink) { self.link = link }

        func handle(_ batch: InputBatch) {
            if let motion = batch.motion(of: .touch(0)) { drag.offset = motion.position?.y }
        }

        func draw() {
            let offset = drag.offset
            drawn.withLock { $0.append(offset) }
        }
    }

    @Test("an input handler isolated to the scene actor: the frame's callback sees what it set")
    func isolatedHandler() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let scene = DragScene(link: link)
        try link.setInputHandler(isolatedTo: scene) { scene, batch in scene.handle(batch) }
        try link.start(isolatedTo: scene) { scene, _ in scene.draw() }
        source.advance(to: MonotonicInstant(nanoseconds: 20_000_000))
        link.input.post(
            InputEvent(
                .touchMotion(touch: 0, position: InputPosition(x: 0, y: 42)),
                at: MonotonicInstant(nanoseconds: 20_000_000)))
        source.advance(to: MonotonicInstant(nanoseconds: 40_000_000))
        #expect(scene.drawn.withLock { $0 } == [nil, 42])
        let other = try DisplayLink(source: .manual(try ManualFrameSource()))
        #expect(throws: DisplayLinkError.notOnThisExecutor) {
            try other.setInputHandler(isolatedTo: scene) { _, _ in }
        }
        link.invalidate()
        other.invalidate()
    }
}
