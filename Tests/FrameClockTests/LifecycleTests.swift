import SystemPackage
import TestSupport
import Testing

@testable import FrameClock

@Suite("Start, pause, invalidate and bad input")
struct LifecycleTests {
    @Test func pausedLinkGetsNoFramesAndResumesOnTheGridWithoutSkips() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start(recorder.record)
        source.advance(to: source.timestamp(ofTick: 10))
        link.isPaused = true
        #expect(link.isPaused)
        source.advance(to: source.timestamp(ofTick: 100))
        #expect(recorder.count == 10)
        // Resume half-way through interval 100: the next frame is grid point 101, nothing skipped.
        source.advance(to: source.timestamp(ofTick: 100) + .milliseconds(8))
        link.isPaused = false
        source.advance(to: source.timestamp(ofTick: 103))
        let resumed = recorder.all.dropFirst(10)
        #expect(resumed.map(\.sequence) == [101, 102, 103])
        #expect(resumed.allSatisfy { $0.skippedFrames == 0 })
    }

    @Test func invalidateInsideTheCallbackStopsAtOnceAndIsIdempotent() throws {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let recorder = FrameRecorder()
        try link.start { frame in
            recorder.record(frame)
            if frame.sequence == 3 {
                link.invalidate()
                link.invalidate()
            }
        }
        source.advance(by: .seconds(1))
        #expect(recorder.count == 3)
        #expect(link.isInvalidated)
        link.invalidate()
        #expect(throws: DisplayLinkError.invalidated) { try link.start { _ in } }
    }

    @Test func startingTwiceIsAnError() throws {
        let link = try DisplayLink(source: .manual(ManualFrameSource()))
        try link.start { _ in }
        #expect(throws: DisplayLinkError.alreadyStarted) { try link.start { _ in } }
        link.invalidate()
    }

    @Test(arguments: [0.0, -1.0, -60.0, .nan, .infinity, -.infinity, 1e-9, 1e9])
    func invalidRatesAreTypedErrors(rate: Double) {
        #expect(throws: DisplayLinkError.self) { try DisplayLink(source: .timer(framesPerSecond: rate)) }
        #expect(throws: DisplayLinkError.self) { try ManualFrameSource(framesPerSecond: rate) }
        #expect(throws: DisplayLinkError.self) { try FramePeriod(framesPerSecond: rate) }
    }

    @Test func spinWindowMustBeShorterThanTheInterval() {
        #expect(throws: DisplayLinkError.invalidSpinWindow(.milliseconds(20))) {
            try DisplayLink(
                source: .timer(framesPerSecond: 60, precision: .precise(spinWindow: .milliseconds(20))))
        }
        #expect(throws: DisplayLinkError.invalidSpinWindow(.microseconds(-5))) {
            try DisplayLink(
                source: .timer(framesPerSecond: 60, precision: .precise(spinWindow: .microseconds(-5))))
        }
    }

    @Test func invalidRangesAreTypedErrors() {
        #expect(throws: DisplayLinkError.self) { try FrameRateRange(minimum: 60, maximum: 30) }
        #expect(throws: DisplayLinkError.self) { try FrameRateRange(minimum: -1, maximum: 30) }
        #expect(throws: DisplayLinkError.self) { try FrameRateRange(minimum: 0, maximum: .nan) }
        #expect(throws: DisplayLinkError.self) { try FrameRateRange(minimum: 10, maximum: 30, preferred: 5) }
        #expect(throws: DisplayLinkError.self) { try FrameRateRange(preferred: .infinity) }
    }

    @Test func errorsSayWhatWentWrong() {
        #expect(DisplayLinkError.invalidFrameRate(0).description.contains("invalid frame rate 0.0"))
        let system = SystemCallError(call: "open", errno: .noSuchFileOrDirectory)
        #expect(system.description.hasPrefix("open failed: ENOENT (No such file or directory); "))
    }

    @Test func theManualClockNeverRunsBackwards() throws {
        let source = try ManualFrameSource(framesPerSecond: 60, start: MonotonicInstant(nanoseconds: 1_000))
        source.advance(to: MonotonicInstant(nanoseconds: 10))
        source.elapse(.nanoseconds(-50))
        #expect(source.now.nanoseconds == 1_000)
    }

    @Test func severalLinksShareOneManualSourceAtTheirOwnRates() throws {
        let source = try ManualFrameSource(framesPerSecond: 120)
        let fast = try DisplayLink(source: .manual(source))
        let slow = try DisplayLink(source: .manual(source))
        slow.preferredFramesPerSecond = 30
        let fastFrames = FrameRecorder()
        let slowFrames = FrameRecorder()
        try fast.start(fastFrames.record)
        try slow.start(slowFrames.record)
        source.advance(by: .seconds(1))
        #expect(fastFrames.count == 120)
        #expect(slowFrames.count == 30)
        #expect(slowFrames.all.allSatisfy { $0.sequence % 4 == 0 })
    }
}
