import Foundation
import Synchronization
import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// A call that blocks the calling thread in the kernel until a deadline, as a front end's code does:
/// what a stall report must leave alone.
enum BlockingCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case usleep
    case nanosleep
    case pollOnPipe
    case readOnPipe
    case conditionTimedWait
    case contendedMutex

    var testDescription: String { rawValue }

    /// The function a stack taken while it blocks must name.
    var symbol: String {
        switch self {
        case .usleep: "usleep"
        case .nanosleep: "nanosleep"
        case .pollOnPipe: "poll"
        case .readOnPipe: "read"
        case .conditionTimedWait: "pthread_cond_timedwait"
        case .contendedMutex: "Mutex"
        }
    }

    /// How a call ended: when, and the errno it failed with (nil when it did not fail).
    struct Outcome: Sendable {
        var end: MonotonicInstant
        var error: Int32?
    }

    /// Blocks until `deadline` in the call; a helper thread releases the pipe and the mutex then.
    func perform(until deadline: MonotonicInstant) -> Outcome {
        var error: Int32?
        switch self {
        case .usleep:
            if Glibc.usleep(UInt32(Self.microseconds(until: deadline))) != 0 { error = errno }
        case .nanosleep:
            let microseconds = Self.microseconds(until: deadline)
            var request = timespec(
                tv_sec: microseconds / 1_000_000, tv_nsec: (microseconds % 1_000_000) * 1000)
            if Glibc.nanosleep(&request, nil) != 0 { error = errno }
        case .pollOnPipe:
            let pipe = Pipe()
            var entry = pollfd(
                fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32((Self.microseconds(until: deadline) + 999) / 1000)
            if Glibc.poll(&entry, 1, milliseconds) < 0 { error = errno }
        case .readOnPipe:
            let pipe = Pipe()
            let writer = pipe.fileHandleForWriting.fileDescriptor
            Self.atDeadline(deadline) {
                _ = withUnsafeBytes(of: UInt8(1)) { write(writer, $0.baseAddress, 1) }
            }
            var byte: UInt8 = 0
            if read(pipe.fileHandleForReading.fileDescriptor, &byte, 1) != 1 { error = errno }
        case .conditionTimedWait:
            var mutex = pthread_mutex_t()
            var condition = pthread_cond_t()
            pthread_mutex_init(&mutex, nil)
            pthread_cond_init(&condition, nil)
            var until = timespec()
            clock_gettime(CLOCK_REALTIME, &until)
            let total = Int(until.tv_nsec) + Self.microseconds(until: deadline) * 1000
            until.tv_sec += total / 1_000_000_000
            until.tv_nsec = total % 1_000_000_000
            pthread_mutex_lock(&mutex)
            let result = pthread_cond_timedwait(&condition, &mutex, &until)
            pthread_mutex_unlock(&mutex)
            if result != ETIMEDOUT { error = result }
            pthread_cond_destroy(&condition)
            pthread_mutex_destroy(&mutex)
        case .contendedMutex:
            let mutex = Mutex(0)
            let held = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                mutex.withLock { _ in
                    held.signal()
                    Self.sleep(until: deadline)
                }
            }
            held.wait()
            mutex.withLock { $0 += 1 }
        }
        return Outcome(end: .now(), error: error)
    }

    private static func microseconds(until deadline: MonotonicInstant) -> Int {
        max(0, Int((deadline.nanoseconds - MonotonicInstant.now().nanoseconds + 999) / 1000))
    }

    /// Sleeps until `deadline` on `CLOCK_MONOTONIC`, however often a signal interrupts it.
    private static func sleep(until deadline: MonotonicInstant) {
        var until = timespec(
            tv_sec: Int(deadline.nanoseconds / 1_000_000_000),
            tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
    }

    /// Runs `body` on a thread of its own at `deadline`.
    private static func atDeadline(_ deadline: MonotonicInstant, _ body: @escaping @Sendable (()) -> Void) {
        Thread.detachNewThread {
            sleep(until: deadline)
            body(())
        }
    }
}
