import DRM
import SystemPackage
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// A vblank ioctl failing mid-run with each errno the kernel gives, and EINTR anywhere.
@Suite("Ioctl faults mid-run")
struct IoctlFaultTests {
    /// What the reason names for each errno: EINVAL is a CRTC turned off, ENODEV/EBADF/ENXIO a device
    /// gone, anything else the call's own description.
    static func expectedReason(_ errno: NamedErrno, call: String) -> String {
        switch errno.code {
        case EINVAL: "CRTC 38 turned off (\(call): EINVAL)"
        case ENODEV, EBADF, ENXIO: "DRM device /dev/dri/card0 gone (\(call): \(errno.name))"
        default: "\(call)(crtc 38): \(errno.name) (\(Errno(rawValue: errno.code)))"
        }
    }

    @Test(
        "drmCrtcQueueSequence failing from its 10th call fails over to the timer on the last phase, without a gap",
        arguments: [NamedErrno.EINVAL, .EBUSY, .ENODEV, .EBADF, .EACCES, .ENXIO, .EIO])
    func queueSequenceFails(errno: NamedErrno) throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.queueSequence, 10, errno.code))
        let outcome = try LinkHarness.run(kernel, frames: 20)

        // Nine frames from the kernel's vblanks, then the timer from the 10th on the same grid.
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 20))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 20))
        #expect(outcome.gaps.allSatisfy { $0 == Fixture.period })
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        #expect(outcome.statistics.framesDelivered == 20)
        #expect(outcome.statistics.skippedFrames == 0)
        #expect(outcome.statistics.droppedTicks == 0)

        let reason = Self.expectedReason(errno, call: "drmCrtcQueueSequence")
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(outcome.sourceInfo.period == (try Fixture.framePeriod))
        #expect(outcome.sourceInfo.name == "timer 60.004 Hz (standard)")
        #expect(
            outcome.sourceInfo.reason.description
                == "DRM /dev/dri/card0 CRTC 38 1024x768 60.0038 Hz failed: \(reason); continuing on the timer from its last phase"
        )
        #expect(outcome.sourceInfo.reason.description.contains(errno.name))
        #expect(outcome.warnings == [outcome.sourceInfo.reason.description])
        #expect(outcome.errors.isEmpty)
        #expect(!outcome.threadEndedEarly)
        #expect(kernel.injected == ["queueSequence#10: \(errno.name)"])
        #expect(kernel.calls(.queueSequence) == 10)
        #expect(kernel.closeCalls == 1)
        #expect(kernel.timers == (created: 1, closed: 1))
    }

    @Test(
        "drmWaitVBlank (the fallback interface) failing from its 10th event request fails over the same way",
        arguments: [NamedErrno.EINVAL, .EBUSY, .ENODEV, .EBADF, .EACCES])
    func requestVBlankEventFails(errno: NamedErrno) throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.requestVBlankEvent, 10, errno.code))
        let outcome = try LinkHarness.run(kernel, frames: 20, preferSequenceEvents: false)

        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 20))
        // drmWaitVBlank's timestamps have whole microseconds (16 665.6 µs intervals lose the 0.6):
        // nine of them, then the timer on the exact interval from the last.
        let microseconds = Fixture.times(kernel, from: 1, count: 9).map { $0 / 1000 * 1000 }
        #expect(Array(outcome.timestamps.prefix(9)) == microseconds)
        #expect(outcome.gaps.allSatisfy { abs($0 - Fixture.period) < 1000 })
        #expect(outcome.gaps.dropFirst(8).allSatisfy { $0 == Fixture.period })
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        let reason = Self.expectedReason(errno, call: "drmWaitVBlank").replacing(
            "(crtc 38)", with: "(pipe 0)")
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description
                == "DRM /dev/dri/card0 CRTC 38 1024x768 60.0038 Hz (drmWaitVBlank) failed: \(reason); continuing on the timer from its last phase"
        )
        #expect(kernel.calls(.queueSequence) == 0)
        #expect(kernel.calls(.requestVBlankEvent) == 10)
    }

    @Test("the CRTC turned off between vblanks: pending events come at once, the next request gets EINVAL")
    func crtcTurnedOff() throws {
        let kernel = ScriptedKernel()
        // Half-way between vblanks 7 and 8, while the source waits for 8.
        kernel.schedule(.crtcOff, at: kernel.vblankTime(7) + Fixture.period / 2)
        let outcome = try LinkHarness.run(kernel, frames: 15)

        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 15))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 15))
        #expect(outcome.gaps.max() == Fixture.period)
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(
            outcome.sourceInfo.reason.description.contains(
                "CRTC 38 turned off (drmCrtcQueueSequence: EINVAL)"))
        // The event for vblank 8 came early (at 7's count) and did not become a frame.
        #expect(outcome.statistics.droppedTicks == 0)
        // Requests for vblanks 1 to 8 (8's delivered early, at 7's count), then one refused.
        #expect(kernel.calls(.queueSequence) == 9)
        #expect(kernel.injected.isEmpty)
    }

    @Test("EINTR from any call is retried at once: no failover, no frame lost or repeated")
    func interruptedCallsAreRetried() throws {
        let kernel = ScriptedKernel()
        kernel.inject(
            .once(.queueSequence, 3, EINTR), .once(.queueSequence, 4, EINTR), .once(.read, 5, EINTR),
            .at(.poll, time: kernel.vblankTime(6), EINTR, count: 3))
        let outcome = try LinkHarness.run(kernel, frames: 12)

        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 12))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 12))
        #expect(outcome.frames.allSatisfy { $0.skippedFrames == 0 })
        #expect(outcome.sourceInfo.kind == .drm)
        #expect(outcome.sourceInfo.reason.description == "requested")
        #expect(outcome.warnings.isEmpty)
        #expect(
            kernel.injected.filter { !$0.hasPrefix("poll#") } == [
                "queueSequence#3: EINTR", "queueSequence#4: EINTR", "read#5: EINTR",
            ])
        #expect(kernel.injected.filter { $0.hasPrefix("poll#") && $0.hasSuffix(": EINTR") }.count == 3)
        // Twelve frames, two interrupted requests: 14 queue calls; one interrupted read: 13 reads.
        #expect(kernel.calls(.queueSequence) == 14)
        #expect(kernel.calls(.read) == 13)
        #expect(kernel.injected.count == 6)
    }

    @Test("after a failover, EINTR on the timer's read is retried too")
    func interruptedTimerReadIsRetried() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.queueSequence, 5, EINVAL), .once(.waitForTimer, 2, EINTR))
        let outcome = try LinkHarness.run(kernel, frames: 10)
        #expect(outcome.sequences == Fixture.sequences(from: 1, count: 10))
        #expect(outcome.timestamps == Fixture.times(kernel, from: 1, count: 10))
        #expect(outcome.sourceInfo.kind == .timer)
        #expect(kernel.injected == ["queueSequence#5: EINVAL", "waitForTimer#2: EINTR"])
    }
}
