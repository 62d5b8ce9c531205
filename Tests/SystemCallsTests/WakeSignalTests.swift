import SystemCalls
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("wake signal")
struct WakeSignalTests {
    @Test("a signal is pending until consumed, once; the eventfd is readable until then")
    func consumeOnce() throws {
        let wake = try WakeSignal()
        var set = [PollDescriptor(wake.fileDescriptor)]
        #expect(!wake.consume())
        wake.signal()
        wake.signal()
        #expect(wake.isPending)
        #expect(try SystemCall.poll(&set, until: 0) == 1)
        #expect(wake.consume())
        #expect(!wake.isPending)
        #expect(!wake.consume())
        #expect(try SystemCall.poll(&set, until: 0) == 0)
    }

    @Test("signals from another thread wake a waiter every time, and none is lost")
    func anotherThread() throws {
        let wake = try WakeSignal()
        let rounds = 200
        let deadline = KernelClock.monotonicDeadline(after: .seconds(20))
        let join = onBackgroundThread {
            for _ in 0..<rounds {
                // Bounded too: a waiter that gave up at the deadline must not leave this thread
                // spinning for ever (and the test waiting for it in `join`).
                while wake.isPending, KernelClock.monotonicNanoseconds() < deadline { sched_yield() }
                wake.signal()
            }
        }
        var woken = 0
        var set = [PollDescriptor(wake.fileDescriptor)]
        while woken < rounds && KernelClock.monotonicNanoseconds() < deadline {
            if wake.consume() {
                woken += 1
                continue
            }
            _ = try SystemCall.poll(&set, until: deadline)
        }
        join()
        #expect(woken == rounds)
        #expect(!wake.consume())
    }
}
