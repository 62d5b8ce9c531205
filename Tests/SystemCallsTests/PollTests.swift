import SystemCalls
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("poll with an absolute deadline")
struct PollTests {
    @Test("nothing ready: returns 0 at the deadline, not before it and well within a millisecond's rounding")
    func deadlineHonoured() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        var set = [PollDescriptor(event.fileDescriptor)]
        for lead in [300_000, 2_500_000, 10_000_000] as [Int64] {
            let deadline = KernelClock.monotonicNanoseconds() + lead
            #expect(try SystemCall.poll(&set, until: deadline) == 0)
            let late = KernelClock.monotonicNanoseconds() - deadline
            #expect(late >= 0)
            // A loose sanity bound (a loaded machine): the wait is not rounded to whole milliseconds.
            #expect(late < 50_000_000)
        }
    }

    @Test("a deadline already past looks once without waiting")
    func pastDeadline() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        try event.signal()
        var set = [PollDescriptor(event.fileDescriptor)]
        #expect(try SystemCall.poll(&set, until: 0) == 1)
        #expect(set[0].returnedEvents.contains(.readable))
        #expect(try SystemCall.poll(&set, until: .min) == 1)
    }

    @Test("the farthest deadline (a saturated one, Int64.max) is accepted and waits as no limit does")
    func farthestDeadline() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        try event.signal()
        var set = [PollDescriptor(event.fileDescriptor)]
        #expect(try SystemCall.poll(&set, until: .max) == 1)
        #expect(set[0].returnedEvents == .readable)
    }

    @Test("an eventfd signalled from another thread ends a wait without limit")
    func wakesOnEventfd() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        let timer = try TimerDescriptor.create(blocking: false)
        defer { try? timer.close() }
        try timer.arm(at: KernelClock.monotonicNanoseconds() + 10_000_000_000)
        let join = onBackgroundThread {
            usleep(20_000)
            try? event.signal()
        }
        var set = [PollDescriptor(timer.fileDescriptor), PollDescriptor(event.fileDescriptor)]
        let started = KernelClock.monotonicNanoseconds()
        #expect(try SystemCall.poll(&set, until: nil) == 1)
        #expect(KernelClock.monotonicNanoseconds() - started < 5_000_000_000)
        #expect(set[0].returnedEvents.isEmpty)
        #expect(set[1].returnedEvents == .readable)
        join()
    }

    @Test("a closed descriptor is reported invalid; a negative one is skipped")
    func closedOrSkipped() throws {
        var set = [
            PollDescriptor(try closedDescriptor(at: 920)), PollDescriptor(FileDescriptor(rawValue: -1)),
        ]
        #expect(try SystemCall.poll(&set, until: KernelClock.monotonicNanoseconds() + 1_000_000) == 1)
        #expect(set[0].returnedEvents == .invalid)
        #expect(set[1].returnedEvents.isEmpty)
    }

    @Test("the buffer form writes the events back into the caller's storage")
    func bufferForm() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        try event.signal()
        let ready = try withUnsafeTemporaryAllocation(of: PollDescriptor.self, capacity: 1) {
            buffer throws(Errno) -> PollEvents in
            buffer.initialize(
                repeating: PollDescriptor(event.fileDescriptor, events: [.readable, .writable]))
            _ = try SystemCall.poll(buffer, until: nil)
            return buffer[0].returnedEvents
        }
        #expect(ready == [.readable, .writable])
    }
}
