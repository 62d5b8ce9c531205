import DRM
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// The descriptor closed, hung up or gone under the source while it waits.
@Suite("Descriptor faults")
struct DescriptorFaultTests {
    static let prefix = "DRM /dev/dri/card0 CRTC 38 1024x768 60.0038 Hz failed: "

    @Test("the descriptor closed under the source (POLLNVAL, EBADF) fails over at once, without a gap")
    func closedUnderTheSource() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.descriptorClosed, at: kernel.vblankTime(5) + Fixture.period / 2)
        let outcome = try LinkHarness.run(kernel, frames: 12)
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description
                == Self.prefix
                + "DRM device /dev/dri/card0 gone (poll: POLLNVAL, the descriptor is closed: EBADF); continuing on the timer from its last phase"
        )
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
    }

    @Test("the descriptor closed between a wake-up and the read (read: EBADF) fails over")
    func closedBeforeTheRead() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.read, 6, EBADF))
        let outcome = try LinkHarness.run(kernel, frames: 12)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "failed: DRM device /dev/dri/card0 gone (read: EBADF); continuing"))
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
    }

    @Test("a hung-up descriptor (POLLHUP) fails over with ENODEV")
    func hungUp() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.hungUp, at: kernel.vblankTime(5) + Fixture.period / 2)
        let outcome = try LinkHarness.run(kernel, frames: 12)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "failed: DRM device /dev/dri/card0 gone (poll: POLLHUP/POLLERR: ENODEV)"))
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
    }

    @Test("a device unplugged while the thread waits (no poller is woken) fails within two intervals")
    func unpluggedWhileWaiting() throws {
        let kernel = ScriptedKernel()
        kernel.schedule(.unplugged, at: kernel.vblankTime(5) + Fixture.period / 2)
        let outcome = try LinkHarness.run(kernel, frames: 12)
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "failed: DRM device /dev/dri/card0 gone (drmCrtcGetSequence: ENODEV)"))
        // The probe half an interval after vblank 6 was due finds the device gone; the timer gives
        // vblank 6 at once (half an interval late). Vblank 7 would begin less than half an interval
        // after it, a catch-up burst: it is skipped, and the link goes on at 8.
        let kept = Fixture.sequences(from: 1, count: 6) + Fixture.sequences(from: 8, count: 6)
        #expect(outcome.sequences == kept)
        #expect(
            outcome.timestamps == Fixture.times(kernel, from: 1, count: 6)
                + Fixture.times(kernel, from: 8, count: 6))
        #expect(outcome.frames[6].skippedFrames == 1)
        // (poll takes whole milliseconds, rounded up: a little more than half an interval.)
        let lateness = outcome.frames[5].lateness.wholeNanoseconds
        #expect(lateness >= Fixture.period / 2 && lateness < Fixture.period / 2 + 1_000_000)
        #expect(outcome.gaps.max() == 2 * Fixture.period)
    }

    @Test("poll itself failing (ENOMEM) fails over; EINTR from it is retried")
    func pollFails() throws {
        let kernel = ScriptedKernel()
        kernel.inject(
            .at(.poll, time: kernel.vblankTime(3), EINTR), .at(.poll, time: kernel.vblankTime(6), ENOMEM))
        let outcome = try LinkHarness.run(kernel, frames: 12)
        #expect(outcome.sourceInfo.reason.description.contains("failed: poll failed: ENOMEM; continuing"))
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
    }
}

/// When even the fallback cannot go on: the thread ends and says why.
@Suite("Failover that cannot continue")
struct FallbackFailureTests {
    @Test("no timer can be made (timerfd_create: EMFILE): the link stops, the reason and an error are logged")
    func noTimer() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.queueSequence, 4, EINVAL), .once(.createTimer, 1, EMFILE))
        let outcome = try LinkHarness.run(kernel, frames: 10)
        #expect(outcome.threadEndedEarly)
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 3))
        #expect(outcome.sourceInfo.kind == .drm)
        #expect(outcome.sourceInfo.reason.description == "CRTC 38 turned off (drmCrtcQueueSequence: EINVAL)")
        #expect(
            outcome.errors == [
                "frame source failed and no fallback is possible: CRTC 38 turned off (drmCrtcQueueSequence: EINVAL)"
            ])
        #expect(kernel.closeCalls == 1)
    }

    @Test("the fallback timer failing later (read(timerfd): EBADF) stops the link with that reason")
    func timerFailsLater() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.queueSequence, 4, ENODEV), .once(.waitForTimer, 5, EBADF))
        let outcome = try LinkHarness.run(kernel, frames: 10)
        #expect(outcome.threadEndedEarly)
        // Three from vblanks, two from the timer (each tick waits twice: the warm-up wake-up before
        // the deadline, then the deadline); the fifth timer wait, the third tick's warm-up, fails.
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 5))
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(outcome.sourceInfo.reason.description == "read(timerfd) failed: EBADF")
        #expect(kernel.timers == (created: 1, closed: 1))
    }
}
