import SystemPackage
import TestSupport
import Testing

@testable import FrameClock

/// The public API's Swift idioms: a typed reason, a clock of frame instants, an iterator of its own,
/// the automatic source's fallback rate.
@Suite("Swift idioms of the public API")
struct IdiomaticAPITests {
    @Test("each reason reads as the sentence the link logs")
    func reasonsReadAsSentences() {
        #expect(FrameSourceInfo.Reason.requested.description == "requested")
        #expect(FrameSourceInfo.Reason.automaticFoundDisplay.description == "automatic: a lit CRTC")
        #expect(FrameSourceInfo.Reason.noDisplay("no lit CRTC").description == "no lit CRTC")
        #expect(
            FrameSourceInfo.Reason.failedOver(
                from: "DRM /dev/dri/card0 CRTC 38", failure: "CRTC 38 turned off"
            )
            .description
                == "DRM /dev/dri/card0 CRTC 38 failed: CRTC 38 turned off; continuing on the timer from its last phase"
        )
        #expect(
            FrameSourceInfo.Reason.returnedToDisplay(failure: "x").description
                == "back on the display (it had failed: x)")
    }

    @Test("a manual link's reason is .requested, which a program can branch on")
    func manualReasonIsRequested() throws {
        let link = try DisplayLink(source: .manual(ManualFrameSource()))
        #expect(link.sourceInfo.reason == .requested)
        link.invalidate()
    }

    @Test("MonotonicClock's instants are frame instants: a task sleeps until a target timestamp")
    func clockSleepsUntilAnInstant() async throws {
        let clock = MonotonicClock()
        let start = clock.now
        let target = start + .milliseconds(20)
        try await Task.sleep(until: target, clock: clock)
        #expect(clock.now >= target)
        #expect(start.duration(to: target) == .milliseconds(20))
        #expect(start.advanced(by: .milliseconds(20)) == target)
        #expect(clock.minimumResolution == .nanoseconds(1))
    }

    @Test("the frames sequence has an iterator of its own that ends when the link is invalidated")
    func framesIterator() async throws {
        let source = try ManualFrameSource(framesPerSecond: 10)
        let link = try DisplayLink(source: .manual(source))
        var iterator: FrameSequence.Iterator = link.frames.makeAsyncIterator()
        source.advanceTicks(1)
        #expect(await iterator.next()?.sequence == 1)
        link.invalidate()
        #expect(await iterator.next() == nil)
    }

    @Test("automatic refuses an invalid fallback rate", arguments: [0.0, -1, .nan, .infinity])
    func automaticRefusesInvalidFallbackRate(rate: Double) {
        let error = #expect(throws: DisplayLinkError.self) {
            _ = try DisplayLink(source: .automatic(fallbackFramesPerSecond: rate))
        }
        guard case .invalidFrameRate(let reported) = error else {
            Issue.record("expected invalidFrameRate, got \(String(describing: error))")
            return
        }
        #expect(reported.bitPattern == rate.bitPattern)
    }

    @Test("automatic without a display runs its timer at the fallback rate, and says why")
    func automaticFallsBackAtTheGivenRate() throws {
        let link = try DisplayLink(source: .automatic(fallbackFramesPerSecond: 30))
        defer { link.invalidate() }
        // Where a lit CRTC exists (the vkms guest) the link is on it; elsewhere on a 30 Hz timer (at
        // the output's refresh when run inside a Wayland session).
        if link.sourceInfo.kind == .timer {
            switch link.sourceInfo.reason {
            case .noDisplay: #expect(abs(link.sourceInfo.framesPerSecond - 30) < 1e-6)
            case .waylandOutputRate: break
            default: Issue.record("reason \(link.sourceInfo.reason)")
            }
        } else {
            #expect(link.sourceInfo.reason == .automaticFoundDisplay)
        }
    }

    @Test("system-call errors carry swift-system's Errno and name it symbolically")
    func systemCallErrorsCarryErrno() {
        let error = SystemCallError(call: "timerfd_create", errno: .tooManyOpenFiles)
        #expect(error.errnoName == "EMFILE")
        #expect(error.failureReason == "timerfd_create failed: EMFILE (Too many open files)")
        #expect(SystemCallError(call: "x", errno: .badMessage).errnoName == "EBADMSG")
    }
}

/// The low-power timer: one wake-up a frame.
@Suite("Low-power timer")
struct LowPowerTimerTests {
    @Test("a low-power timer never wakes early to rehearse; the standard one does")
    func noEarlyWakeUp() throws {
        let grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: MonotonicInstant.now().nanoseconds,
            period: try FramePeriod(framesPerSecond: 60))
        let control = try ControlChannel()
        let lowPower = try TimerTickSource(grid: grid, precision: .lowPower, control: control)
        defer { lowPower.close() }
        #expect(lowPower.warmUpLead == 0)
        #expect(lowPower.description == "timer 60.000 Hz (low power)")
        var rehearsals = 0
        _ = try lowPower.waitForTick(atOrAfter: 2, rehearse: { _ in rehearsals += 1 })
        #expect(rehearsals == 0)
        let standard = try TimerTickSource(grid: grid, precision: .standard, control: try ControlChannel())
        defer { standard.close() }
        #expect(standard.warmUpLead == 300_000)
        #expect(standard.description == "timer 60.000 Hz (standard)")
    }
}
