internal import CWayland
internal import SystemCalls
import SystemPackage

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
    /// already queued instead), flush, poll until the deadline (`ppoll`: to the nanosecond, not
    /// rounded up to a millisecond), then read or cancel. Threads waiting at once each dispatch under
    /// the lock.
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
                        if wokenBySignal { _ = wakeSignal.consume() }
                        return .woken
                    }
                    if wl_display_prepare_read_queue(display, queue) == 0 { return nil }
                    dispatchLocked()
                }
            }
            if let decided { return decided }

            // Prepared to read: send what is queued, then poll.
            var displayEvents = PollEvents.readable
            if wl_display_flush(display) < 0 {
                let errno = Errno.current
                if errno == .resourceTemporarilyUnavailable {
                    displayEvents.insert(.writable)
                } else {
                    wl_display_cancel_read(display)
                    lock.withLock { recordFailureLocked(errno) }
                    continue
                }
            }
            guard KernelClock.monotonicNanoseconds() < deadline else {
                wl_display_cancel_read(display)
                return .timedOut
            }
            var descriptors = [
                PollDescriptor(FileDescriptor(rawValue: wl_display_get_fd(display)), events: displayEvents),
                PollDescriptor(interruptSignal.fileDescriptor),
            ]
            if wakeable {
                descriptors.append(PollDescriptor(wakeSignal.fileDescriptor))
                if let extraDescriptor {
                    descriptors.append(PollDescriptor(FileDescriptor(rawValue: extraDescriptor)))
                }
            }
            do throws(Errno) {
                _ = try SystemCall.poll(&descriptors, until: deadline)
            } catch {
                wl_display_cancel_read(display)
                lock.withLock { recordFailureLocked(error) }
                continue
            }

            if !descriptors[0].returnedEvents.isDisjoint(with: [.readable, .hangUp, .error, .invalid]) {
                if wl_display_read_events(display) < 0 {
                    let errno = Errno.current
                    lock.withLock { recordFailureLocked(errno) }
                    continue
                }
            } else {
                wl_display_cancel_read(display)
            }
            if !descriptors[1].returnedEvents.isEmpty { _ = interruptSignal.consume() }
            if wakeable {
                wokenBySignal = !descriptors[2].returnedEvents.isEmpty
                wokenByExtra = descriptors.count > 3 && !descriptors[3].returnedEvents.isEmpty
            }
            lock.withLock {
                if !isClosedLocked { dispatchLocked() }
            }
        }
    }

    /// Dispatches the private queue's events, stamped with the time of the dispatch. Call holding the
    /// lock.
    private func dispatchLocked() {
        dispatchStamp = KernelClock.monotonicNanoseconds()
        if wl_display_dispatch_queue_pending(display, queue) < 0 {
            recordFailureLocked(.current)
        }
    }
}
