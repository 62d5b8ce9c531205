import SystemCalls
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("kernel clocks")
struct KernelClockTests {
    @Test("the monotonic clock does not go back and agrees with clock_gettime")
    func monotonic() throws {
        var reference = timespec()
        clock_gettime(CLOCK_MONOTONIC, &reference)
        let first = KernelClock.monotonicNanoseconds()
        let second = try KernelClock.monotonic.nanoseconds()
        let referenceNanoseconds = Int64(reference.tv_sec) * 1_000_000_000 + Int64(reference.tv_nsec)
        #expect(referenceNanoseconds <= first)
        #expect(first <= second)
        #expect(second - referenceNanoseconds < 1_000_000_000)
    }

    @Test("the realtime clock reads the Unix time")
    func realtime() {
        let seconds = KernelClock.realtimeNanoseconds() / 1_000_000_000
        #expect(abs(seconds - Int64(time(nil))) <= 2)
    }

    @Test("an unknown clock id fails with EINVAL")
    func unknownClock() {
        #expect(throws: Errno.invalidArgument) { try KernelClock(rawValue: 1234).nanoseconds() }
    }

    @Test("a deadline after a timeout saturates rather than overflowing; a negative timeout is now")
    func deadlines() {
        let before = KernelClock.monotonicNanoseconds()
        let deadline = KernelClock.monotonicDeadline(after: .milliseconds(5))
        #expect(deadline >= before + 5_000_000)
        #expect(deadline < KernelClock.monotonicNanoseconds() + 5_000_000 + 1)
        #expect(KernelClock.monotonicDeadline(after: .seconds(Int64.max)) == .max)
        #expect(KernelClock.monotonicDeadline(after: .seconds(Int64.max / 1_000_000_000)) == .max)
        let negative = KernelClock.monotonicDeadline(after: .seconds(-3))
        #expect(negative >= before && negative <= KernelClock.monotonicNanoseconds())
    }
}
