internal import DRM

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ticks on a CRTC's vertical blank, as the kernel reports it through DRM.
///
/// Each wanted tick is asked for by absolute sequence with "next on miss"
/// (drmCrtcQueueSequence, 64-bit sequences and nanosecond timestamps; drmWaitVBlank with
/// DRM_VBLANK_EVENT where the kernel lacks it), and the thread polls the DRM descriptor beside the
/// control channel. Ticks carry the kernel's own sequence and timestamp; the grid is re-anchored on
/// every vblank event and keeps the mode's exact interval (htotal · vtotal / pixel clock).
///
/// Like the timer source, it wakes once before each vblank is due (`warmUpLead`, 2 ms by default)
/// to let the frame thread rehearse its dispatch path, so that the callback after the event starts
/// on a warm path: in the vkms guest that put the callback ahead of a plain C libdrm loop.
///
/// Every kernel call goes through `System` (``LibDRMSystemCalls`` in production; a scripted kernel in
/// the fault-injection tests). What each failure means:
/// - `EINTR` from any call is retried at once; it never reaches the link.
/// - `EINVAL` (the CRTC was turned off: the kernel delivers pending events at once and refuses new
///   requests), `ENODEV`, `ENXIO` and `EBADF` (the device is gone or the descriptor closed), `POLLHUP`,
///   `POLLERR` or `POLLNVAL` on the descriptor, and any other errno (`EBUSY`, `EACCES`, ...) throw
///   ``TickSourceFailure`` naming the call and the errno; the frame thread fails over to a timer on
///   the last grid.
/// - Event records of unknown types, flip-complete events and other CRTCs' vblank events are skipped.
///   Bytes that are not well-formed records (a truncated header or record, a length shorter than a
///   header or its payload) throw ``TickSourceFailure`` with `EBADMSG`; so does a readable descriptor
///   that reads as end of file (a DRM descriptor never does).
/// - A timestamp that goes backwards or a sequence that jumps are passed on as they are: the pacing
///   rules drop a frame that does not move forward and count a jump in `skippedFrames`. A timestamp
///   that goes backwards does not move the grid; one more than an interval in the future (impossible)
///   is replaced by the grid's time for its sequence.
/// - An event half an interval late makes the source ask the kernel once where the counter is: a
///   device gone while the thread waited (an unplug wakes no poller) then fails within two intervals
///   of the last tick, and a counter past the wanted vblank gives the tick. A watchdog fails the
///   source if vblanks stop without an error.
final class DRMTickSource<System: DRMSystemCalls>: TickSource {
    let kind = FrameSourceKind.drm
    let description: String
    private(set) var grid: TickGrid

    let system: System
    let crtcID: UInt32
    private let pipe: Int
    private let control: ControlChannel
    private let useSequenceEvents: Bool
    /// Parses the records read; unknown types are skipped (other users of the descriptor may ask for
    /// events this source does not know).
    private let parser = DRMEventParser(unknownEvents: .skip)
    /// Requests still in flight: the id sent as the event's user data, and the sequence the kernel
    /// will deliver it at. An event removes its request by id (a CRTC turned off delivers pending
    /// events early, at the current sequence).
    private var outstanding: [(id: UInt64, target: Int64)] = []
    private var nextRequestID: UInt64 = 1

    /// The most bytes one read takes: 32 vblank or sequence records (the kernel hands out whole
    /// records and leaves the rest for the next read); on the stack.
    static var readBufferSize: Int { 1024 }
    /// How long before a vblank is due the thread wakes once to rehearse the dispatch path (zero:
    /// no early wake-up); see ``waitForTick(atOrAfter:rehearsing:rehearse:)``.
    let warmUpLead: Int64
    /// The default lead: 2 ms, longer than a wake-up takes even in an emulated guest (about 0.9 ms
    /// at the median under qemu's TCG), and never more than a quarter of the interval. `poll` counts
    /// whole milliseconds, so the thread wakes between 2 and 1 ms before the vblank.
    static var defaultWarmUpLead: Int64 { 2_000_000 }

    /// Opens a source on `crtc` through `system`. `preferSequenceEvents: false` forces the
    /// drmWaitVBlank path (for tests of the fallback).
    ///
    /// - Throws: ``DisplayLinkError/drmUnavailable(reason:errno:)`` when the CRTC is not lit or
    ///   its vblank counter cannot be read (`EINVAL`: not lit; `EACCES`, `ENOENT`, ...: the errno).
    init(
        system: System, crtc: DRMCRTC, control: ControlChannel, preferSequenceEvents: Bool = true,
        warmUpLead: Int64 = defaultWarmUpLead
    ) throws(DisplayLinkError) {
        self.system = system
        crtcID = crtc.id
        pipe = crtc.index
        self.control = control
        guard let mode = crtc.mode else {
            throw .drmUnavailable(reason: "no lit CRTC (\(system.path) CRTC \(crtc.id) is off)", errno: nil)
        }
        let (numerator, denominator) = mode.refreshInterval
        let period: FramePeriod
        do {
            period = try FramePeriod(numerator: Int64(numerator), denominator: Int64(denominator))
        } catch {
            throw .drmUnavailable(reason: "CRTC \(crtc.id) has a mode without timings (\(mode))", errno: nil)
        }

        let anchor: DRMVBlankTime
        var sequenceEvents = true
        do throws(DRMError) {
            guard preferSequenceEvents else {
                throw DRMError(call: "drmCrtcGetSequence", errno: EOPNOTSUPP, detail: "not asked for")
            }
            anchor = try Self.retryingInterrupted { () throws(DRMError) in
                try system.currentSequence(crtc: crtc.id)
            }
        } catch let error where Self.meansNoSequenceCalls(error.errno) {
            // A kernel without drmCrtcGetSequence/QueueSequence: fall back to drmWaitVBlank.
            sequenceEvents = false
            do {
                let reply = try Self.retryingInterrupted { () throws(DRMError) in
                    try system.waitVBlank(pipe: crtc.index, sequence: 0, relative: true)
                }
                anchor = DRMVBlankTime(
                    sequence: UInt64(reply.sequence), timestampNanoseconds: reply.timestampNanoseconds)
            } catch {
                throw Self.unavailable(error, crtcID: crtc.id)
            }
        } catch {
            throw Self.unavailable(error, crtcID: crtc.id)
        }
        useSequenceEvents = sequenceEvents
        self.warmUpLead = max(0, min(warmUpLead, period.offset(ofTicks: 1) / 4))
        grid = TickGrid(
            anchorSequence: Int64(anchor.sequence), anchorTimestamp: anchor.timestampNanoseconds,
            period: period)
        description =
            "DRM \(system.path) CRTC \(crtc.id) \(mode.name) \(DecimalFormat.string(mode.refreshRate, digits: 4)) Hz"
            + (sequenceEvents ? "" : " (drmWaitVBlank)")
    }

    /// Waits for the event of the wanted vblank. When `rehearsing`, the thread wakes once
    /// `warmUpLead` before the vblank is due (the request is already with the kernel) and runs
    /// `rehearse`, so that the callback after the event starts on a warm path.
    func waitForTick(
        atOrAfter sequence: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
    ) throws(TickSourceFailure) -> Tick? {
        guard let wanted = sequence else {
            waitForControlOnly()
            return nil
        }
        // Whether the kernel was asked once already because the event was late.
        var probed = false
        // Whether the early wake-up to rehearse has happened (once a tick).
        var warmedUp = false
        while true {
            let covered = outstanding.contains { $0.target <= wanted }
            // The wanted vblank has already passed and no event is coming for it: report the latest
            // one at once, as a late timer wake-up would, instead of waiting for the next.
            if !covered, case let now = system.monotonicNanoseconds(), grid.timestamp(of: wanted) <= now {
                let latest = try readCurrent()
                if latest.sequence >= wanted {
                    return Tick(
                        sequence: latest.sequence, timestamp: latest.timestamp, wokeAt: now, grid: grid)
                }
            }
            if !covered {
                try request(wanted)
            }
            if rehearsing && !warmedUp {
                warmedUp = true
                let due = grid.timestamp(of: wanted)
                if warmUpLead > 0, system.monotonicNanoseconds() < due - warmUpLead {
                    switch try poll(until: due - warmUpLead) {
                    case .control:
                        control.drain()
                        return nil
                    case .events:
                        if let tick = try readEvents(wanted: wanted) { return tick }
                        continue
                    case .timeout:
                        let now = system.monotonicNanoseconds()
                        if let tick = grid.rehearsal(of: wanted, now: now, lead: warmUpLead) {
                            rehearse(tick)
                        }
                    }
                }
            }
            let watchdog = watchdogDeadline(for: wanted)
            switch try poll(until: probed ? watchdog : min(probeDeadline(for: wanted), watchdog)) {
            case .control:
                control.drain()
                return nil
            case .events:
                if let tick = try readEvents(wanted: wanted) { return tick }
            case .timeout:
                // No event when one was due: ask the kernel where the counter is. A device that went
                // away while the thread waited (an unplug wakes no poller) fails here, within two
                // intervals of the last tick.
                let latest = try readCurrent()
                if latest.sequence >= wanted {
                    return Tick(
                        sequence: latest.sequence, timestamp: latest.timestamp,
                        wokeAt: system.monotonicNanoseconds(), grid: grid)
                }
                if !probed {
                    probed = true
                    continue
                }
                // The counter has not reached a vblank that was due long ago: vblanks stopped.
                throw TickSourceFailure(
                    reason: "vblanks stopped on CRTC \(crtcID) (none since sequence \(latest.sequence))",
                    errno: nil)
            }
        }
    }

    func close() {
        system.close()
    }

    // MARK: - Kernel requests

    private func request(_ sequence: Int64) throws(TickSourceFailure) {
        let id = nextRequestID
        nextRequestID &+= 1
        do {
            if useSequenceEvents {
                let queued = try Self.retryingInterrupted { () throws(DRMError) in
                    try system.queueSequence(
                        crtc: crtcID, sequence: UInt64(max(sequence, 0)), flags: .nextOnMiss, userData: id)
                }
                outstanding.append((id, Int64(truncatingIfNeeded: queued)))
            } else {
                let queued = try Self.retryingInterrupted { () throws(DRMError) in
                    try system.requestVBlankEvent(
                        pipe: pipe, sequence: UInt32(truncatingIfNeeded: sequence), nextOnMiss: true,
                        userData: id)
                }
                outstanding.append((id, widen(queued)))
            }
        } catch {
            throw failure(error)
        }
    }

    /// The CRTC's latest vblank, from the kernel.
    private func readCurrent() throws(TickSourceFailure) -> (sequence: Int64, timestamp: Int64) {
        do {
            if useSequenceEvents {
                let current = try Self.retryingInterrupted { () throws(DRMError) in
                    try system.currentSequence(crtc: crtcID)
                }
                let sequence = Int64(truncatingIfNeeded: current.sequence)
                let timestamp = plausible(
                    current.timestampNanoseconds, of: sequence, now: system.monotonicNanoseconds())
                anchor(sequence, timestamp)
                return (sequence, timestamp)
            }
            let reply = try Self.retryingInterrupted { () throws(DRMError) in
                try system.waitVBlank(pipe: pipe, sequence: 0, relative: true)
            }
            let sequence = widen(reply.sequence)
            let timestamp = plausible(
                reply.timestampNanoseconds, of: sequence, now: system.monotonicNanoseconds())
            anchor(sequence, timestamp)
            return (sequence, timestamp)
        } catch {
            throw failure(error)
        }
    }

    /// Reads the pending events once; the tick for `wanted` if one of them reached it.
    private func readEvents(wanted: Int64) throws(TickSourceFailure) -> Tick? {
        var now: Int64 = 0
        let read: Result<(sequence: Int64, timestamp: Int64)?, DRMError> =
            withUnsafeTemporaryAllocation(byteCount: Self.readBufferSize, alignment: 8) { buffer in
                let count: Int
                do throws(DRMError) {
                    count = try Self.retryingInterrupted { () throws(DRMError) in
                        try system.read(into: buffer)
                    }
                } catch  where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                    return .success(nil)  // Another reader took them, or a spurious wake-up.
                } catch {
                    return .failure(error)
                }
                guard count > 0 else {
                    return .failure(
                        DRMError(
                            call: "read", errno: EBADMSG, detail: "end of file on a readable DRM descriptor"))
                }
                now = system.monotonicNanoseconds()
                var reached: (sequence: Int64, timestamp: Int64)?
                do throws(DRMEventParseError) {
                    try parser.forEachEvent(
                        in: UnsafeRawBufferPointer(rebasing: buffer[0..<min(count, buffer.count)])
                    ) {
                        event in
                        guard let (sequence, timestamp) = handle(event, now: now) else { return }
                        if sequence >= wanted, reached.map({ sequence > $0.sequence }) ?? true {
                            reached = (sequence, timestamp)
                        }
                    }
                } catch {
                    return .failure(
                        DRMError(call: "read", errno: EBADMSG, detail: "drm events", malformedEvent: error))
                }
                return .success(reached)
            }
        let reached: (sequence: Int64, timestamp: Int64)?
        do {
            reached = try read.get()
        } catch {
            throw failure(error)
        }
        guard let reached else { return nil }
        return Tick(sequence: reached.sequence, timestamp: reached.timestamp, wokeAt: now, grid: grid)
    }

    /// Takes one event record read at `now`: forgets its request and re-anchors the grid; the vblank
    /// it reports, or nil for a record that is not this CRTC's vblank.
    private func handle(_ event: DRMEvent, now: Int64) -> (sequence: Int64, timestamp: Int64)? {
        let sequence: Int64
        let timestamp: Int64
        let id: UInt64
        switch event {
        case .crtcSequence(let e):
            (sequence, timestamp, id) = (
                Int64(truncatingIfNeeded: e.sequence), e.timestampNanoseconds, e.userData
            )
        case .vblank(let e) where e.crtcID == crtcID || e.crtcID == 0:
            (sequence, timestamp, id) = (widen(e.sequence), e.timestampNanoseconds, e.userData)
        default:
            return nil
        }
        forgetRequest(id)
        let stamped = plausible(timestamp, of: sequence, now: now)
        anchor(sequence, stamped)
        return (sequence, stamped)
    }

    /// Removes the request `id` from those in flight (order does not matter). A plain loop: the
    /// generic `removeAll(where:)` allocates on every call in an unoptimised build.
    private func forgetRequest(_ id: UInt64) {
        var index = 0
        while index < outstanding.count {
            if outstanding[index].id == id {
                outstanding.swapAt(index, outstanding.count - 1)
                outstanding.removeLast()
            } else {
                index += 1
            }
        }
    }

    /// The kernel stamps a vblank as it happens (the end of its blanking: a fraction of an interval
    /// ahead at most), so a timestamp more than an interval after the moment it was read is a glitch;
    /// the grid's time for that sequence replaces it. (Left as it was, it would make every later frame
    /// look earlier than it, and the pacing rules would drop them all until the clock caught up.)
    private func plausible(_ timestamp: Int64, of sequence: Int64, now: Int64) -> Int64 {
        timestamp > now &+ grid.period.offset(ofTicks: 1) ? grid.timestamp(of: sequence) : timestamp
    }

    /// Moves the grid's anchor to a later vblank. A vblank stamped no later than the anchor (a
    /// timestamp that went backwards) leaves the grid where it is; the tick still goes to the links,
    /// whose pacing rules drop a frame that does not move forward.
    private func anchor(_ sequence: Int64, _ timestamp: Int64) {
        guard sequence > grid.anchorSequence, timestamp > grid.anchorTimestamp else { return }
        grid.anchorSequence = sequence
        grid.anchorTimestamp = timestamp
    }

    /// A 32-bit vblank counter widened against the grid's anchor.
    private func widen(_ sequence: UInt32) -> Int64 {
        Int64(
            bitPattern: DRMSequenceGapCounter.widen(sequence, near: UInt64(bitPattern: grid.anchorSequence)))
    }

    // MARK: - Waiting

    private enum Wake { case control, events, timeout }

    /// When to stop waiting for `wanted` and ask the kernel: four intervals after it was due, and
    /// at least 100 ms (a slow virtual machine is late, not broken). If the counter has not reached
    /// it by then, vblanks have stopped and the source fails.
    private func watchdogDeadline(for wanted: Int64) -> Int64 {
        grid.timestamp(of: wanted) + max(grid.period.offset(ofTicks: 4), 100_000_000)
    }

    /// When an event is late enough to ask the kernel once whether the device still answers: half an
    /// interval after the vblank was due (a wake-up that late is rare even in a virtual machine).
    private func probeDeadline(for wanted: Int64) -> Int64 {
        grid.timestamp(of: wanted) + grid.period.offset(ofTicks: 1) / 2
    }

    private func poll(until deadline: Int64) throws(TickSourceFailure) -> Wake {
        while true {
            let remaining = deadline - system.monotonicNanoseconds()
            if remaining <= 0 { return .timeout }
            let milliseconds = Int32(clamping: (remaining + 999_999) / 1_000_000)
            let ready: DRMPollReadiness
            do {
                ready = try system.poll(
                    control: control.fd, includeDevice: true, timeoutMilliseconds: milliseconds)
            } catch  where error.errno == EINTR {
                continue
            } catch {
                throw TickSourceFailure(reason: "poll failed: \(error.errnoName)", errno: error.errno)
            }
            if ready.controlReadable { return .control }
            if ready.deviceReadable { return .events }
            if ready.deviceInvalid {
                throw TickSourceFailure(
                    reason:
                        "DRM device \(system.path) gone (poll: POLLNVAL, the descriptor is closed: EBADF)",
                    errno: EBADF)
            }
            if ready.deviceFailed {
                throw TickSourceFailure(
                    reason: "DRM device \(system.path) gone (poll: POLLHUP/POLLERR: ENODEV)", errno: ENODEV)
            }
        }
    }

    /// Waits for the control channel alone: no vblank wakes the thread.
    private func waitForControlOnly() {
        while true {
            do {
                _ = try system.poll(control: control.fd, includeDevice: false, timeoutMilliseconds: -1)
                break
            } catch  where error.errno == EINTR {
                continue
            } catch {
                break
            }
        }
        control.drain()
    }

    // MARK: - Errors

    /// Runs one kernel call again for as long as it is interrupted by a signal (`EINTR`).
    private static func retryingInterrupted<Value>(_ call: () throws(DRMError) -> Value) throws(DRMError)
        -> Value
    {
        while true {
            do {
                return try call()
            } catch  where error.errno == EINTR {
                continue
            }
        }
    }

    /// Whether a failed drmCrtcGetSequence means that the kernel lacks the sequence calls (rather
    /// than a CRTC that is off, unknown, or a device that cannot be used at all).
    private static func meansNoSequenceCalls(_ code: Int32) -> Bool {
        code == EOPNOTSUPP || code == ENOTTY || code == ENOSYS
    }

    private func failure(_ error: DRMError) -> TickSourceFailure {
        let call = "\(error.call): \(error.errnoName)"
        switch error.errno {
        case EINVAL:
            return TickSourceFailure(reason: "CRTC \(crtcID) turned off (\(call))", errno: error.errno)
        case ENODEV, EBADF, ENXIO:
            return TickSourceFailure(reason: "DRM device \(system.path) gone (\(call))", errno: error.errno)
        default:
            return TickSourceFailure(reason: "\(error)", errno: error.errno)
        }
    }

    private static func unavailable(_ error: DRMError, crtcID: UInt32) -> DisplayLinkError {
        if error.errno == EINVAL {
            return .drmUnavailable(
                reason: "no lit CRTC (CRTC \(crtcID): \(error.call): EINVAL)", errno: EINVAL)
        }
        return .drmUnavailable(reason: "\(error)", errno: error.errno)
    }
}

extension DRMTickSource where System == LibDRMSystemCalls {
    /// Opens a source on `display`'s CRTC through libdrm. Gives up DRM master if the descriptor got it
    /// (a clock needs no mode setting, and holding master would lock out the compositor or the demo).
    ///
    /// - Throws: as ``init(system:crtc:control:preferSequenceEvents:)``.
    convenience init(display: DRMDisplay, control: ControlChannel, preferSequenceEvents: Bool = true)
        throws(DisplayLinkError)
    {
        if display.device.isMaster { try? display.device.dropMaster() }
        try self.init(
            system: LibDRMSystemCalls(device: display.device), crtc: display.crtc, control: control,
            preferSequenceEvents: preferSequenceEvents)
    }
}
