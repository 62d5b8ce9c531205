internal import CLinuxShims
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
/// When the CRTC is turned off the kernel delivers pending events at once and refuses new requests
/// with `EINVAL`; the source then throws ``TickSourceFailure`` and the frame thread fails over to a
/// timer on the last grid. A watchdog does the same if vblanks stop without an error.
final class DRMTickSource: TickSource {
    let kind = FrameSourceKind.drm
    let description: String
    private(set) var grid: TickGrid

    private let device: DRMDevice
    private let crtcID: UInt32
    private let pipe: Int
    private let control: ControlChannel
    private let useSequenceEvents: Bool
    /// Requests still in flight: the id sent as the event's user data, and the sequence the kernel
    /// will deliver it at. An event removes its request by id (a CRTC turned off delivers pending
    /// events early, at the current sequence).
    private var outstanding: [(id: UInt64, target: Int64)] = []
    private var nextRequestID: UInt64 = 1

    /// Opens a source on `display`'s CRTC. Gives up DRM master if the descriptor got it (a clock
    /// needs no mode setting, and holding master would lock out the compositor or the demo).
    /// `preferSequenceEvents: false` forces the drmWaitVBlank path (for tests of the fallback).
    ///
    /// - Throws: ``DisplayLinkError/drmUnavailable(reason:errno:)`` when the CRTC is not lit or
    ///   its vblank counter cannot be read.
    init(display: DRMDisplay, control: ControlChannel, preferSequenceEvents: Bool = true)
        throws(DisplayLinkError)
    {
        device = display.device
        crtcID = display.crtc.id
        pipe = display.crtc.index
        self.control = control
        guard let mode = display.crtc.mode else {
            throw .drmUnavailable(
                reason: "no lit CRTC (\(display.device.path) CRTC \(display.crtc.id) is off)", errno: nil)
        }
        let (numerator, denominator) = mode.refreshInterval
        let period: FramePeriod
        do {
            period = try FramePeriod(numerator: Int64(numerator), denominator: Int64(denominator))
        } catch {
            throw .drmUnavailable(reason: "CRTC \(crtcID) has a mode without timings (\(mode))", errno: nil)
        }
        if device.isMaster { try? device.dropMaster() }

        let anchor: DRMVBlankTime
        var sequenceEvents = true
        do throws(DRMError) {
            guard preferSequenceEvents else {
                throw DRMError(call: "drmCrtcGetSequence", errno: EOPNOTSUPP, detail: "not asked for")
            }
            anchor = try device.currentSequence(crtc: crtcID)
        } catch let error where error.errno != EINVAL && error.errno != ENOENT {
            // A kernel without drmCrtcGetSequence/QueueSequence: fall back to drmWaitVBlank.
            sequenceEvents = false
            do {
                let reply = try device.waitVBlank(pipe: pipe, sequence: 0, relative: true)
                anchor = DRMVBlankTime(
                    sequence: UInt64(reply.sequence), timestampNanoseconds: reply.timestampNanoseconds)
            } catch {
                throw Self.unavailable(error, crtcID: crtcID)
            }
        } catch {
            throw Self.unavailable(error, crtcID: crtcID)
        }
        useSequenceEvents = sequenceEvents
        grid = TickGrid(
            anchorSequence: Int64(anchor.sequence), anchorTimestamp: anchor.timestampNanoseconds,
            period: period)
        description =
            "DRM \(device.path) CRTC \(crtcID) \(mode.name) \(DecimalFormat.string(mode.refreshRate, digits: 4)) Hz"
            + (sequenceEvents ? "" : " (drmWaitVBlank)")
    }

    func waitForTick(atOrAfter sequence: Int64?) throws(TickSourceFailure) -> Tick? {
        guard let wanted = sequence else {
            waitForControlOnly()
            return nil
        }
        while true {
            let covered = outstanding.contains { $0.target <= wanted }
            // The wanted vblank has already passed and no event is coming for it: report the latest
            // one at once, as a late timer wake-up would, instead of waiting for the next.
            if !covered, case let now = fc_monotonic_ns(), grid.timestamp(of: wanted) <= now {
                let latest = try readCurrent()
                if latest.sequence >= wanted {
                    return Tick(
                        sequence: latest.sequence, timestamp: latest.timestamp, wokeAt: now, grid: grid)
                }
            }
            if !covered {
                try request(wanted)
            }
            switch try poll(until: watchdogDeadline(for: wanted)) {
            case .control:
                control.drain()
                return nil
            case .events:
                if let tick = try readEvents(wanted: wanted) { return tick }
            case .timeout:
                // No event when one was due: ask the kernel where the counter is.
                let latest = try readCurrent()
                if latest.sequence >= wanted {
                    return Tick(
                        sequence: latest.sequence, timestamp: latest.timestamp, wokeAt: fc_monotonic_ns(),
                        grid: grid)
                }
                // The counter has not reached a vblank that was due long ago: vblanks stopped.
                throw TickSourceFailure(
                    reason: "vblanks stopped on CRTC \(crtcID) (none since sequence \(latest.sequence))",
                    errno: nil)
            }
        }
    }

    func close() {
        device.close()
    }

    // MARK: - Kernel requests

    private func request(_ sequence: Int64) throws(TickSourceFailure) {
        let id = nextRequestID
        nextRequestID &+= 1
        do {
            if useSequenceEvents {
                let queued = try device.queueSequence(
                    crtc: crtcID, sequence: UInt64(max(sequence, 0)), flags: .nextOnMiss, userData: id)
                outstanding.append((id, Int64(queued)))
            } else {
                let queued = try device.requestVBlankEvent(
                    pipe: pipe, sequence: UInt32(truncatingIfNeeded: sequence), nextOnMiss: true, userData: id
                )
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
                let current = try device.currentSequence(crtc: crtcID)
                anchor(Int64(current.sequence), current.timestampNanoseconds)
                return (Int64(current.sequence), current.timestampNanoseconds)
            }
            let reply = try device.waitVBlank(pipe: pipe, sequence: 0, relative: true)
            let sequence = widen(reply.sequence)
            anchor(sequence, reply.timestampNanoseconds)
            return (sequence, reply.timestampNanoseconds)
        } catch {
            throw failure(error)
        }
    }

    /// Reads the pending events; the tick for `wanted` if one of them reached it.
    private func readEvents(wanted: Int64) throws(TickSourceFailure) -> Tick? {
        var reached: (sequence: Int64, timestamp: Int64)?
        do {
            try device.readEvents { event in
                let sequence: Int64
                let timestamp: Int64
                let id: UInt64
                switch event {
                case .crtcSequence(let e):
                    (sequence, timestamp, id) = (Int64(e.sequence), e.timestampNanoseconds, e.userData)
                case .vblank(let e) where e.crtcID == crtcID || e.crtcID == 0:
                    (sequence, timestamp, id) = (widen(e.sequence), e.timestampNanoseconds, e.userData)
                default:
                    return
                }
                outstanding.removeAll { $0.id == id }
                anchor(sequence, timestamp)
                if sequence >= wanted, reached.map({ sequence > $0.sequence }) ?? true {
                    reached = (sequence, timestamp)
                }
            }
        } catch {
            throw failure(error)
        }
        guard let reached else { return nil }
        return Tick(
            sequence: reached.sequence, timestamp: reached.timestamp, wokeAt: fc_monotonic_ns(), grid: grid)
    }

    private func anchor(_ sequence: Int64, _ timestamp: Int64) {
        guard sequence > grid.anchorSequence else { return }
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

    private func poll(until deadline: Int64) throws(TickSourceFailure) -> Wake {
        var fds = [
            pollfd(fd: control.fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let remaining = deadline - fc_monotonic_ns()
            if remaining <= 0 { return .timeout }
            let milliseconds = Int32(clamping: (remaining + 999_999) / 1_000_000)
            let count = Glibc.poll(&fds, 2, milliseconds)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw TickSourceFailure(reason: "poll failed: \(ErrnoName.name(code))", errno: code)
            }
            if count == 0 { continue }
            if fds[0].revents & Int16(POLLIN) != 0 { return .control }
            let drm = fds[1].revents
            if drm & Int16(POLLIN) != 0 { return .events }
            if drm & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                throw TickSourceFailure(reason: "the DRM device \(device.path) went away", errno: ENODEV)
            }
        }
    }

    /// Waits for the control channel alone: no vblank wakes the thread.
    private func waitForControlOnly() {
        var entry = pollfd(fd: control.fd, events: Int16(POLLIN), revents: 0)
        while Glibc.poll(&entry, 1, -1) < 0 && errno == EINTR {}
        control.drain()
    }

    // MARK: - Errors

    private func failure(_ error: DRMError) -> TickSourceFailure {
        let call = "\(error.call): \(error.errnoName)"
        switch error.errno {
        case EINVAL:
            return TickSourceFailure(reason: "CRTC \(crtcID) turned off (\(call))", errno: error.errno)
        case ENODEV, EBADF, ENXIO:
            return TickSourceFailure(reason: "DRM device \(device.path) gone (\(call))", errno: error.errno)
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
