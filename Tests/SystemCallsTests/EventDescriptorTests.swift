import SystemCalls
import SystemPackage
import Testing

@Suite("eventfd")
struct EventDescriptorTests {
    @Test("signals add up; a drain reads and resets them, and reads 0 when none came")
    func signalAndDrain() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        #expect(try event.drain() == 0)
        try event.signal()
        try event.signal()
        #expect(try event.drain() == 2)
        #expect(try event.drain() == 0)
    }

    @Test("a signal makes the descriptor readable until it is drained")
    func readability() throws {
        let event = try EventDescriptor.create()
        defer { try? event.close() }
        var set = [PollDescriptor(event.fileDescriptor)]
        #expect(try SystemCall.poll(&set, until: KernelClock.monotonicNanoseconds()) == 0)
        #expect(set[0].returnedEvents.isEmpty)
        try event.signal()
        #expect(try SystemCall.poll(&set, until: KernelClock.monotonicNanoseconds()) == 1)
        #expect(set[0].returnedEvents == .readable)
        try event.drain()
        #expect(try SystemCall.poll(&set, until: KernelClock.monotonicNanoseconds()) == 0)
    }

    @Test("calls on a closed eventfd fail with EBADF")
    func closed() throws {
        let event = EventDescriptor(try closedDescriptor(at: 900))
        #expect(throws: Errno.badFileDescriptor) { try event.signal() }
        #expect(throws: Errno.badFileDescriptor) { try event.drain() }
        #expect(throws: Errno.badFileDescriptor) { try event.close() }
    }
}
