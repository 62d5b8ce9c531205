internal import CWayland
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension WaylandConnection {
    /// How a wait ended.
    enum WaitOutcome {
        /// The condition became true.
        case satisfied
        /// The deadline passed.
        case timedOut
        /// ``wake()`` was called, or the extra descriptor became readable.
        case woken
        /// The connection broke with this errno.
        case lost(Errno)
        /// The connection was closed.
        case closed
    }

    /// Reads and dispatches the private queue's events until `condition` (evaluated under the lock,
    /// after every dispatch) holds, the deadline passes, the connection fails or closes, or — when
    /// `wakeable` — ``wake()`` is called or `extraDescriptor` becomes readable (that descriptor is
    /// not read: its owner drains it).
    ///
    /// The read follows libwayland's protocol for several readers: prepare (dispatching what is
    /// already queued instead), flush, `poll` with the remaining time, then read or cancel. Threads
    /// waiting at once each dispatch under the lock. `poll` counts whole milliseconds; the deadline
    /// is rounded up to the next one.
    func wait(
        until deadline: Int64, wakeable: Bool, extraDescriptor: Int32?, _ condition: () -> Bool
    ) -> WaitOutcome {
        let entered = lock.withLock { () -> Bool in
            guard !isClosedLocked else { return false }
            activeWaiters += 1
            return true
        }
        guard entered else { return .closed }
        defer { lock.withLock { activeWaiters -= 1 } }

        // What woke the poll besides the display: the wake signal is drained only when the wait
        // returns `.woken`, so a wake that coincides with an event is kept for the next wait.
        var wokenBySignal = false
        var wokenByExtra = false
        while true {
            // Under the lock: the condition, failures, and events already on the queue.
            let decided = lock.withLock { () -> WaitOutcome? in
                while true {
                    if isClosedLocked { return .closed }
                    if condition() { return .satisfied }
                    if let errno = failureErrnoLocked() { return .lost(errno) }
                    if wokenBySignal || wokenByExtra {
                        if wokenBySignal { wakeSignal.drain() }
                        return .woken
                    }
                    if wl_display_prepare_read_queue(display, queue) == 0 { return nil }
                    dispatchLocked()
                }
            }
            if let decided { return decided }

            // Prepared to read: send what is queued, then poll.
            var displayEvents = Int16(POLLIN)
            if wl_display_flush(display) < 0 {
                let errno = Errno.current
                if errno == .resourceTemporarilyUnavailable {
                    displayEvents |= Int16(POLLOUT)
                } else {
                    wl_display_cancel_read(display)
                    lock.withLock { recordFailureLocked(errno) }
                    continue
                }
            }
            let remaining = deadline - KernelClock.monotonicNow()
            guard remaining > 0 else {
                wl_display_cancel_read(display)
                return .timedOut
            }
            var descriptors = [
                pollfd(fd: wl_display_get_fd(display), events: displayEvents, revents: 0),
                pollfd(fd: interruptSignal.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            if wakeable {
                descriptors.append(pollfd(fd: wakeSignal.descriptor, events: Int16(POLLIN), revents: 0))
                if let extraDescriptor {
                    descriptors.append(pollfd(fd: extraDescriptor, events: Int16(POLLIN), revents: 0))
                }
            }
            let milliseconds = Int32(clamping: (remaining + 999_999) / 1_000_000)
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                let errno = Errno.current
                wl_display_cancel_read(display)
                if errno == .interrupted { continue }
                lock.withLock { recordFailureLocked(errno) }
                continue
            }

            let readable = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
            if descriptors[0].revents & readable != 0 {
                if wl_display_read_events(display) < 0 {
                    let errno = Errno.current
                    lock.withLock { recordFailureLocked(errno) }
                    continue
                }
            } else {
                wl_display_cancel_read(display)
            }
            if descriptors[1].revents != 0 { interruptSignal.drain() }
            if wakeable {
                wokenBySignal = descriptors[2].revents != 0
                wokenByExtra = descriptors.count > 3 && descriptors[3].revents != 0
            }
            lock.withLock {
                if !isClosedLocked { dispatchLocked() }
            }
        }
    }

    /// Dispatches the private queue's events, stamped with the time of the dispatch. Call holding the
    /// lock.
    private func dispatchLocked() {
        dispatchStamp = KernelClock.monotonicNow()
        if wl_display_dispatch_queue_pending(display, queue) < 0 {
            recordFailureLocked(.current)
        }
    }
}
