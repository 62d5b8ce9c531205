#if DRMBackend
    internal import DRM

    /// Ticks on a CRTC's vertical blank, as the kernel reports it through DRM.
    ///
    /// Each wanted tick is asked for by absolute sequence with "next on miss" (``DRMVBlankRequester``
    /// picks drmCrtcQueueSequence, or drmWaitVBlank where the kernel lacks it), and the thread polls
    /// the DRM descriptor beside the control channel. Ticks carry the kernel's own sequence and
    /// timestamp; the grid is re-anchored on every vblank event and keeps the mode's exact interval
    /// (htotal · vtotal / pixel clock).
    ///
    /// Like the timer source, it wakes once before each vblank is due (``warmUpLead``, 2 ms by default)
    /// to let the frame thread rehearse its dispatch path, so that the callback after the event starts
    /// on a warm path.
    ///
    /// Every kernel call goes through `System` (``DRMDevice`` in production; a scripted kernel in the
    /// fault-injection tests), and ``DRMFailurePolicy`` says what a failure means. Besides:
    /// - Event records of unknown types, flip-complete events and other CRTCs' vblank events are skipped.
    ///   Bytes that are not well-formed records throw ``TickSourceFailure`` with `EBADMSG`; so does a
    ///   readable descriptor that reads as end of file (a DRM descriptor never does).
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
        private let requester: DRMVBlankRequester<System>
        private let reader: DRMEventReader<System>
        private let policy: DRMFailurePolicy
        private let control: ControlChannel
        /// Requests still in flight: the id sent as the event's user data, and the sequence the kernel
        /// will deliver it at. An event removes its request by id (a CRTC turned off delivers pending
        /// events early, at the current sequence).
        private var outstanding: [(id: UInt64, target: Int64)] = []
        private var nextRequestID: UInt64 = 1

        /// How long before a vblank is due the thread wakes once to rehearse the dispatch path (zero:
        /// no early wake-up); see ``waitForTick(atOrAfter:until:rehearsing:rehearse:)``.
        let warmUpLead: Int64
        /// The default lead: 2 ms, longer than a wake-up takes even in an emulated guest (about 0.9 ms
        /// at the median under qemu's software emulation), and never more than a quarter of the
        /// interval. `poll` counts whole milliseconds, so the thread wakes between 2 and 1 ms before the
        /// vblank.
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
            self.control = control
            policy = DRMFailurePolicy(path: system.path, crtcID: crtc.id)
            reader = DRMEventReader(source: system, parser: DRMEventParser(unknownEvents: .skip))
            guard let mode = crtc.mode else {
                throw .drmUnavailable(
                    reason: "no lit CRTC (\(system.path) CRTC \(crtc.id) is off)", errno: nil)
            }
            let (numerator, denominator) = mode.refreshInterval
            let period: FramePeriod
            do {
                period = try FramePeriod(numerator: Int64(numerator), denominator: Int64(denominator))
            } catch {
                throw .drmUnavailable(
                    reason: "CRTC \(crtc.id) has a mode without timings (\(mode))", errno: nil)
            }
            let latest: DRMVBlankTime
            do {
                (requester, latest) = try DRMVBlankRequester.open(
                    system: system, crtc: crtc, preferSequenceEvents: preferSequenceEvents)
            } catch {
                throw DRMFailurePolicy.unavailable(error, crtcID: crtc.id)
            }
            self.warmUpLead = max(0, min(warmUpLead, period.offset(ofTicks: 1) / 4))
            grid = TickGrid(
                anchorSequence: Int64(latest.sequence), anchorTimestamp: latest.timestampNanoseconds,
                period: period)
            description =
                "DRM \(system.path) CRTC \(crtc.id) \(mode.name) \(DecimalFormat.string(mode.refreshRate, digits: 4)) Hz"
                + (requester.interface == .crtcSequence ? "" : " (drmWaitVBlank)")
        }

        /// The frame thread holds a CPU-latency request from the warm-up wake-up to the vblank's event.
        var holdsLatencyBeforeTicks: Bool { warmUpLead > 0 }

        // MARK: - The wait

        /// Where one wait for a tick stands, as in Mutter's frame clock: each state says what the
        /// thread is waiting for and what happens when the wait ends.
        private enum WaitState {
            /// Make sure a request for the wanted vblank is with the kernel (or take the latest vblank at
            /// once if the wanted one has passed with no event coming).
            case requesting
            /// Asleep until `warmUpLead` before the vblank, to rehearse the dispatch path then.
            case warmingUp
            /// Asleep until the event comes, or until it is late enough to ask the kernel (`probed`: it
            /// was asked once already, and the next timeout is the watchdog's).
            case awaitingEvent(probed: Bool)
        }

        /// Waits for the event of the wanted vblank. When `rehearsing`, the thread wakes once
        /// `warmUpLead` before the vblank is due (the request is already with the kernel) and runs
        /// `rehearse`, so that the callback after the event starts on a warm path.
        func waitForTick(
            atOrAfter sequence: Int64?, until limit: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
        ) throws(TickSourceFailure) -> TickWait {
            guard let wanted = sequence else {
                return waitForControlOnly(until: limit)
            }
            var state = WaitState.requesting
            var warmUpPending = rehearsing && warmUpLead > 0
            var probed = false
            while true {
                switch state {
                case .requesting:
                    if !outstanding.contains(where: { $0.target <= wanted }) {
                        // The wanted vblank has already passed and no event is coming for it: report the
                        // latest one at once, as a late timer wake-up would, instead of waiting for the next.
                        let now = system.monotonicNanoseconds()
                        if grid.timestamp(of: wanted) <= now, case let latest = try latestVBlank(),
                            latest.sequence >= wanted
                        {
                            return .tick(
                                Tick(
                                    sequence: latest.sequence, timestamp: latest.timestamp, wokeAt: now,
                                    grid: grid))
                        }
                        try request(wanted)
                    }
                    if warmUpPending, system.monotonicNanoseconds() < grid.timestamp(of: wanted) - warmUpLead
                    {
                        state = .warmingUp
                    } else {
                        state = .awaitingEvent(probed: probed)
                    }
                case .warmingUp, .awaitingEvent:
                    let stateDeadline = deadline(of: state, wanted: wanted)
                    switch try poll(until: limit.map { min($0, stateDeadline) } ?? stateDeadline) {
                    case .control:
                        control.drain()
                        return .woken
                    case .events:
                        if let tick = try readEvents(wanted: wanted) { return .tick(tick) }
                        state = .requesting
                    case .timeout:
                        // The run loop's event is due first; the request stays with the kernel.
                        if let limit, system.monotonicNanoseconds() >= limit { return .due }
                        guard case .awaitingEvent(let askedOnce) = state else {
                            // Warm-up time: rehearse, then wait for the event itself.
                            warmUpPending = false
                            let now = system.monotonicNanoseconds()
                            if let tick = grid.rehearsal(of: wanted, now: now, lead: warmUpLead) {
                                rehearse(tick)
                            }
                            state = .awaitingEvent(probed: probed)
                            continue
                        }
                        // No event when one was due: ask the kernel where the counter is. A device that
                        // went away while the thread waited (an unplug wakes no poller) fails here, within
                        // two intervals of the last tick.
                        let now = system.monotonicNanoseconds()
                        let latest = try latestVBlank()
                        if latest.sequence >= wanted {
                            return .tick(
                                Tick(
                                    sequence: latest.sequence, timestamp: latest.timestamp, wokeAt: now,
                                    grid: grid))
                        }
                        guard askedOnce else {
                            probed = true
                            state = .requesting
                            continue
                        }
                        // The counter has not reached a vblank that was due long ago: vblanks stopped.
                        throw TickSourceFailure(
                            reason:
                                "vblanks stopped on CRTC \(crtcID) (none since sequence \(latest.sequence))",
                            errno: nil)
                    }
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
                outstanding.append((id, try requester.requestEvent(at: sequence, userData: id)))
            } catch {
                throw policy.failure(error)
            }
        }

        /// Asks the kernel for the CRTC's latest vblank, and re-anchors the grid on it.
        private func latestVBlank() throws(TickSourceFailure) -> (sequence: Int64, timestamp: Int64) {
            let latest: (sequence: Int64, timestamp: Int64)
            do {
                latest = try requester.latest(near: grid.anchorSequence)
            } catch {
                throw policy.failure(error)
            }
            let timestamp = plausible(
                latest.timestamp, of: latest.sequence, now: system.monotonicNanoseconds())
            anchor(latest.sequence, timestamp)
            return (latest.sequence, timestamp)
        }

        /// Reads the pending events once; the tick for `wanted` if one of them reached it.
        private func readEvents(wanted: Int64) throws(TickSourceFailure) -> Tick? {
            var reached: (sequence: Int64, timestamp: Int64)?
            var now: Int64 = 0
            let outcome: DRMEventReader<System>.Outcome
            do {
                outcome = try reader.read { event in
                    if now == 0 { now = system.monotonicNanoseconds() }
                    guard let (sequence, timestamp) = handle(event, now: now) else { return }
                    if sequence >= wanted, reached.map({ sequence > $0.sequence }) ?? true {
                        reached = (sequence, timestamp)
                    }
                }
            } catch {
                throw policy.failure(error)
            }
            if outcome == .endOfFile {
                throw policy.failure(
                    DRMError(
                        call: "read", errno: .badMessage, detail: "end of file on a readable DRM descriptor")
                )
            }
            guard let reached else { return nil }
            return Tick(sequence: reached.sequence, timestamp: reached.timestamp, wokeAt: now, grid: grid)
        }

        /// Takes one event record read at `now`: forgets its request and re-anchors the grid; the vblank
        /// it reports, or nil for a record that is not this CRTC's vblank.
        private func handle(_ event: DRMEvent, now: Int64) -> (sequence: Int64, timestamp: Int64)? {
            guard let vblank = requester.vblank(in: event, near: grid.anchorSequence) else { return nil }
            forgetRequest(vblank.userData)
            let stamped = plausible(vblank.timestamp, of: vblank.sequence, now: now)
            anchor(vblank.sequence, stamped)
            return (vblank.sequence, stamped)
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

        // MARK: - Polling

        private enum Wake { case control, events, timeout }

        /// When a waiting state's sleep ends if nothing wakes the thread: the warm-up time, or the
        /// moment to ask the kernel (half an interval late), or after that the watchdog's.
        private func deadline(of state: WaitState, wanted: Int64) -> Int64 {
            switch state {
            case .requesting, .warmingUp:
                return grid.timestamp(of: wanted) - warmUpLead
            case .awaitingEvent(let askedOnce):
                let watchdog = watchdogDeadline(for: wanted)
                return askedOnce ? watchdog : min(probeDeadline(for: wanted), watchdog)
            }
        }

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
            let ready: DRMPollReadiness
            do {
                ready = try system.poll(control: control.fd, includeDevice: true, until: deadline)
            } catch {
                throw policy.pollFailure(error)
            }
            if ready.controlReadable { return .control }
            if ready.deviceReadable { return .events }
            if let failure = policy.failure(ready) { throw failure }
            return .timeout
        }

        /// Waits for the control channel alone, or until `limit`: no vblank wakes the thread.
        private func waitForControlOnly(until limit: Int64?) -> TickWait {
            let ready = try? system.poll(control: control.fd, includeDevice: false, until: limit)
            if limit != nil, ready.map({ !$0.controlReadable }) ?? false { return .due }
            control.drain()
            return .woken
        }
    }

    extension DRMTickSource where System == DRMDevice {
        /// Opens a source on `display`'s CRTC through libdrm. Gives up DRM master if the descriptor got it
        /// (a clock needs no mode setting, and holding master would lock out the compositor or the demo).
        ///
        /// - Throws: as ``init(system:crtc:control:preferSequenceEvents:warmUpLead:)``.
        convenience init(display: DRMDisplay, control: ControlChannel, preferSequenceEvents: Bool = true)
            throws(DisplayLinkError)
        {
            if display.device.isMaster { try? display.device.dropMaster() }
            try self.init(
                system: display.device, crtc: display.crtc, control: control,
                preferSequenceEvents: preferSequenceEvents)
        }
    }
#endif
