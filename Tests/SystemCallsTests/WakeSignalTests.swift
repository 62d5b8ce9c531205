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
        // The waiter's answer to each signal, so that every signal is one wake-up (two signals before
        // a consume are one by design) without the signalling thread spinning for it.
        let answered = try WakeSignal()
        let rounds = 200
        // Far beyond a round's microseconds: a processor shared with a sanitized suite may
        // deschedule either thread for tens of milliseconds at a time.
        let deadline = KernelClock.monotonicDeadline(after: .seconds(60))
        let join = onBackgroundThread {
            var answers = [PollDescriptor(answered.fileDescriptor)]
            for _ in 0..<rounds {
                wake.signal()
                // Bounded too: a waiter that gave up at the deadline must not leave this thread
                // waiting for ever (and the test waiting for it in `join`).
                while !answered.consume(), KernelClock.monotonicNanoseconds() < deadline {
                    _ = try? SystemCall.poll(&answers, until: deadline)
                }
            }
        }
        var woken = 0
        var set = [PollDescriptor(wake.fileDescriptor)]
        while woken < rounds && KernelClock.monotonicNanoseconds() < deadline {
            if wake.consume() {
                woken += 1
                answered.signal()
                continue
            }
            _ = try SystemCall.poll(&set, until: deadline)
        }
        join()
        #expect(woken == rounds)
        #expect(!wake.consume())
    }
}
