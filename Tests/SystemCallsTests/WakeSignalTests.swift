import SystemCalls
import SystemPackage
import Testing

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

    @Test("signals from other threads wake a waiter every time, and none is lost")
    func manyThreads() async throws {
        let wake = try WakeSignal()
        let rounds = 200
        let waiter = Task.detached { () throws -> Int in
            var woken = 0
            var set = [PollDescriptor(wake.fileDescriptor)]
            while woken < rounds {
                if wake.consume() {
                    woken += 1
                    continue
                }
                _ = try SystemCall.poll(&set, until: KernelClock.monotonicDeadline(after: .seconds(10)))
            }
            return woken
        }
        for _ in 0..<rounds {
            while wake.isPending { await Task.yield() }
            wake.signal()
        }
        #expect(try await waiter.value == rounds)
    }
}
