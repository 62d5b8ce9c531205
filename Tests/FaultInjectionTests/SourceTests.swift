import DRM
import SystemPackage
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
#endif

/// The DRM tick source on its own, driven from the test thread: faults when it opens, and on the
/// path that asks the kernel for the counter after a late wake-up.
@Suite("DRM tick source over a scripted kernel")
struct SourceTests {
    static func open(_ kernel: ScriptedKernel, preferSequenceEvents: Bool = true) throws -> DRMTickSource<
        ScriptedKernel
    > {
        try DRMTickSource(
            system: kernel, crtc: ScriptedKernel.crtc, control: ControlChannel(),
            preferSequenceEvents: preferSequenceEvents)
    }

    @Test(
        "drmCrtcGetSequence failing when the source opens is a typed error naming the errno",
        arguments: [
            (NamedErrno.EACCES, "drmCrtcGetSequence(crtc 38): EACCES (Permission denied)"),
            (.EINVAL, "no lit CRTC (CRTC 38: drmCrtcGetSequence: EINVAL)"),
            (.ENODEV, "drmCrtcGetSequence(crtc 38): ENODEV (No such device)"),
            (.EBADF, "drmCrtcGetSequence(crtc 38): EBADF (Bad file descriptor)"),
            (.EBUSY, "drmCrtcGetSequence(crtc 38): EBUSY (Device or resource busy)"),
        ])
    func openFails(errno: NamedErrno, reason: String) throws {
        let kernel = ScriptedKernel()
        kernel.inject(.once(.currentSequence, 1, errno.code))
        let error = #expect(throws: DisplayLinkError.self) { try Self.open(kernel) }
        #expect(error == .drmUnavailable(reason: reason, errno: Errno(rawValue: errno.code)))
        #expect(error?.failureReason == "DRM vblank source unavailable: \(reason)")
        // No second try on the older interface for these: the device answered, and said no.
        #expect(kernel.calls(.waitVBlank) == 0)
    }

    @Test("an unknown CRTC id is ENOENT; a CRTC without a mode is not lit")
    func badCRTC() throws {
        let kernel = ScriptedKernel()
        var crtc = ScriptedKernel.crtc
        crtc.id = 99
        let unknown = #expect(throws: DisplayLinkError.self) {
            try DRMTickSource(system: kernel, crtc: crtc, control: ControlChannel())
        }
        #expect(
            unknown
                == .drmUnavailable(
                    reason: "drmCrtcGetSequence(crtc 99): ENOENT (No such file or directory)",
                    errno: Errno(rawValue: ENOENT)))
        crtc = ScriptedKernel.crtc
        crtc.mode = nil
        let off = #expect(throws: DisplayLinkError.self) {
            try DRMTickSource(system: kernel, crtc: crtc, control: ControlChannel())
        }
        #expect(off == .drmUnavailable(reason: "no lit CRTC (/dev/dri/card0 CRTC 38 is off)", errno: nil))
    }

    @Test("EINTR when the source opens is retried")
    func openInterrupted() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.once(.currentSequence, 1, EINTR), .once(.currentSequence, 2, EINTR))
        let source = try Self.open(kernel)
        #expect(source.grid.anchorSequence == 5000)
        #expect(source.description == "DRM /dev/dri/card0 CRTC 38 1024x768 60.0038 Hz")
        #expect(kernel.calls(.currentSequence) == 3)
    }

    @Test(
        "a kernel without the sequence calls (EOPNOTSUPP, ENOTTY, ENOSYS) gets the drmWaitVBlank interface",
        arguments: [EOPNOTSUPP, ENOTTY, ENOSYS])
    func olderInterface(errno: Int32) throws {
        let kernel = ScriptedKernel()
        kernel.inject(.fromThenOn(.currentSequence, 1, errno))
        let source = try Self.open(kernel)
        #expect(source.description.hasSuffix("(drmWaitVBlank)"))
        let tick = try #require(try source.waitForTick(atOrAfter: 5001))
        #expect(tick.sequence == 5001)
        #expect(kernel.calls(.requestVBlankEvent) == 1)
        #expect(kernel.calls(.queueSequence) == 0)
    }

    @Test("when the older interface fails too, the error is its own (EACCES)")
    func bothInterfacesFail() throws {
        let kernel = ScriptedKernel()
        kernel.inject(.once(.currentSequence, 1, EOPNOTSUPP), .once(.waitVBlank, 1, EACCES))
        let error = #expect(throws: DisplayLinkError.self) { try Self.open(kernel) }
        #expect(
            error
                == .drmUnavailable(
                    reason: "drmWaitVBlank(pipe 0): EACCES (Permission denied)",
                    errno: Errno(rawValue: EACCES))
        )
    }

    @Test(
        "a wake-up later than the wanted vblank asks the kernel (drmCrtcGetSequence) and reports the latest")
    func lateWakeUp() throws {
        let kernel = ScriptedKernel()
        let source = try Self.open(kernel)
        let first = try #require(try source.waitForTick(atOrAfter: 5001))
        #expect(first.sequence == 5001)
        #expect(first.timestamp == kernel.vblankTime(1))
        // The thread was away for two and a half intervals.
        kernel.elapse(.nanoseconds(Fixture.period * 5 / 2))
        let late = try #require(try source.waitForTick(atOrAfter: 5002))
        #expect(late.sequence == 5003)
        #expect(late.timestamp == kernel.vblankTime(3))
        #expect(late.wokeAt == kernel.vblankTime(3) + Fixture.period / 2)
        #expect(kernel.calls(.currentSequence) == 2)
        #expect(kernel.calls(.queueSequence) == 1)

        // The same path failing: the device went away while the thread was away.
        kernel.inject(.once(.currentSequence, 3, ENODEV))
        kernel.elapse(.nanoseconds(Fixture.period * 3))
        let failure = #expect(throws: TickSourceFailure.self) { try source.waitForTick(atOrAfter: 5004) }
        #expect(
            failure
                == TickSourceFailure(
                    reason: "DRM device /dev/dri/card0 gone (drmCrtcGetSequence: ENODEV)",
                    errno: Errno(rawValue: ENODEV)))
    }

    @Test(
        "a timestamp from drmCrtcGetSequence more than an interval ahead of the clock is replaced by the grid's"
    )
    func futureTimestampFromQuery() throws {
        let kernel = ScriptedKernel()
        let source = try Self.open(kernel)
        kernel.offsetTimestamp(ofVBlank: 3, by: 5_000_000_000)
        kernel.elapse(.nanoseconds(Fixture.period * 3))
        let tick = try #require(try source.waitForTick(atOrAfter: 5002))
        #expect(tick.sequence == 5003)
        #expect(tick.timestamp == kernel.vblankTime(3))
        #expect(source.grid.anchorTimestamp == kernel.vblankTime(3))
    }

    @Test("a paused link (no tick wanted) waits on the control channel alone; EINTR there is retried")
    func waitForControlOnly() throws {
        let kernel = ScriptedKernel()
        let control = try ControlChannel()
        let source = try DRMTickSource(system: kernel, crtc: ScriptedKernel.crtc, control: control)
        kernel.inject(.once(.poll, 1, EINTR))
        control.signal()
        #expect(try source.waitForTick(atOrAfter: nil) == nil)
        #expect(kernel.calls(.poll) == 2)
        #expect(kernel.monotonicNanoseconds() == kernel.vblankTime(0) + 1_000_000)
    }
}
