import SystemCalls
import SystemPackage
import Testing

@Suite("timerfd")
struct TimerDescriptorTests {
    @Test("a blocking timer armed for an absolute deadline returns from its read once, after it")
    func blockingDeadline() throws {
        let timer = try TimerDescriptor.create(blocking: true)
        defer { try? timer.close() }
        let deadline = KernelClock.monotonicNanoseconds() + 20_000_000
        try timer.arm(at: deadline)
        #expect(try timer.expirations() == 1)
        #expect(KernelClock.monotonicNanoseconds() >= deadline)
    }

    @Test("a non-blocking timer reports 0 before its deadline and 1 after it, then 0 again")
    func nonBlocking() throws {
        let timer = try TimerDescriptor.create(blocking: false)
        defer { try? timer.close() }
        let deadline = KernelClock.monotonicNanoseconds() + 20_000_000
        try timer.arm(at: deadline)
        #expect(try timer.expirations() == 0)
        var set = [PollDescriptor(timer.fileDescriptor)]
        #expect(try SystemCall.poll(&set, until: nil) == 1)
        #expect(KernelClock.monotonicNanoseconds() >= deadline)
        #expect(try timer.expirations() == 1)
        #expect(try timer.expirations() == 0)
    }

    @Test("a deadline in the past (even 0) expires at once; a disarmed timer never does")
    func pastDeadlineAndDisarm() throws {
        let timer = try TimerDescriptor.create(blocking: false)
        defer { try? timer.close() }
        try timer.arm(at: 0)
        #expect(try timer.expirations() == 1)
        try timer.arm(at: KernelClock.monotonicNanoseconds() - 1_000_000)
        #expect(try timer.expirations() == 1)
        try timer.arm(at: KernelClock.monotonicNanoseconds() + 5_000_000)
        try timer.disarm()
        var set = [PollDescriptor(timer.fileDescriptor)]
        #expect(try SystemCall.poll(&set, until: KernelClock.monotonicNanoseconds() + 15_000_000) == 0)
        #expect(try timer.expirations() == 0)
    }

    @Test("calls on a closed timerfd fail with EBADF; on a descriptor that is no timerfd with EINVAL")
    func errors() throws {
        let timer = TimerDescriptor(try closedDescriptor(at: 910), isBlocking: false)
        #expect(throws: Errno.badFileDescriptor) { try timer.arm(at: 1) }
        #expect(throws: Errno.badFileDescriptor) { try timer.disarm() }
        #expect(throws: Errno.badFileDescriptor) { try timer.expirations() }
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        let notATimer = TimerDescriptor(event.fileDescriptor, isBlocking: false)
        #expect(throws: Errno.invalidArgument) { try notATimer.arm(at: 1) }
    }
}
