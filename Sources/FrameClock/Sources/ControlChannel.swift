import Synchronization
internal import SystemCalls
import SystemPackage

/// Wakes a frame thread out of its wait when a link changes (start, pause, rate, invalidate) or jobs
/// arrive.
///
/// A ``WakeSignal`` (a pending flag and an eventfd) carries the wake-up to sources that wait in `poll`
/// (DRM, Wayland); a source that blocks in `read` on its own timerfd (the timer, whose wake-up is a
/// few microseconds faster without `poll`) registers that timerfd to be fired at once instead.
final class ControlChannel: Sendable {
    private let wake: WakeSignal
    private let kickedTimer = Atomic<Int32>(-1)

    init() throws(DisplayLinkError) {
        do {
            wake = try WakeSignal()
        } catch {
            throw .system(SystemCallError(call: "eventfd", errno: error))
        }
    }

    /// The eventfd; sources that wait in `poll` add it to their set.
    var fd: Int32 { wake.fileDescriptor.rawValue }

    /// The eventfd as a descriptor.
    var fileDescriptor: FileDescriptor { wake.fileDescriptor }

    /// Wakes the thread that waits on the channel.
    func signal() {
        wake.signal()
        let timer = kickedTimer.load(ordering: .sequentiallyConsistent)
        // An absolute deadline in the past fires the timerfd at once.
        if timer >= 0 { try? TimerDescriptor(FileDescriptor(rawValue: timer), isBlocking: true).arm(at: 1) }
    }

    /// Whether a wake-up was pending; clears it.
    func consume() -> Bool {
        wake.consume()
    }

    /// Clears a pending wake-up (for sources that saw the eventfd become readable).
    func drain() {
        _ = consume()
    }

    /// Makes `signal()` fire `timer` (or nothing, with -1).
    func kick(timer: Int32) {
        kickedTimer.store(timer, ordering: .sequentiallyConsistent)
    }
}
