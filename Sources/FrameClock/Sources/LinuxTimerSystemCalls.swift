internal import SystemCalls
import SystemPackage

/// The real ``TimerSystemCalls``: `clock_gettime(CLOCK_MONOTONIC)` and a blocking `timerfd`, through
/// the package's Linux call layer.
struct LinuxTimerSystemCalls: TimerSystemCalls {
    func monotonicNanoseconds() -> Int64 {
        KernelClock.monotonicNanoseconds()
    }

    func createTimer() throws(SystemCallError) -> Int32 {
        do {
            return try TimerDescriptor.create(blocking: true).fileDescriptor.rawValue
        } catch {
            throw SystemCallError(call: "timerfd_create", errno: error)
        }
    }

    func setTimer(_ timer: Int32, absoluteDeadline: Int64) throws(SystemCallError) {
        do {
            let descriptor = TimerDescriptor(FileDescriptor(rawValue: timer), isBlocking: true)
            if absoluteDeadline == 0 {
                try descriptor.disarm()
            } else {
                try descriptor.arm(at: absoluteDeadline)
            }
        } catch {
            throw SystemCallError(call: "timerfd_settime", errno: error)
        }
    }

    func waitForTimer(_ timer: Int32) throws(SystemCallError) {
        do {
            _ = try TimerDescriptor(FileDescriptor(rawValue: timer), isBlocking: true).expirations(
                retryOnInterrupt: false)
        } catch {
            throw SystemCallError(call: "read(timerfd)", errno: error)
        }
    }

    func closeTimer(_ timer: Int32) {
        try? TimerDescriptor(FileDescriptor(rawValue: timer), isBlocking: true).close()
    }
}
