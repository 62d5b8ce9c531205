#if X11Backend
    internal import SystemCalls
    import X11

    /// Ticks on an X11 window's refresh, as the Present extension reports it: each wanted tick is asked
    /// for with PresentNotifyMSC at its MSC, and its PresentCompleteNotify is the tick (the MSC its
    /// sequence, the UST its timestamp on CLOCK_MONOTONIC).
    ///
    /// The window is watched on a connection of the source's own (``X11PresentWatch``): the library's
    /// window and a toolkit's window adopted by its XID alike. MSC gaps are skipped refreshes, which
    /// the pacing rules count; the grid's interval is measured from the USTs (``X11PresentClock``).
    /// Completions that cannot be trusted (an MSC that does not advance, a UST of 0) are counted in
    /// ``bogusCompletions`` and never tick; after one the source asks again no sooner than half an
    /// interval later, so a server that keeps answering at once cannot make it spin.
    ///
    /// On the library's window (``X11Window``) each tick arms the window's next PresentPixmap for the
    /// following MSC, and that pixmap's completion is the frame's presentation (a skipped pixmap: a
    /// discarded frame), reported to the links as `wp_presentation` feedback is on Wayland. A frame
    /// drawn onto the window itself (OpenGL ES through Mesa's software EGL, which puts its image on the
    /// window and uses no Present) is followed by the window's NotifyMSC for the next MSC
    /// (`X11Window.presentDrawnContent()`), whose completion is that frame's presentation.
    ///
    /// The window unmapped or destroyed, the X server gone, a request refused, or no completion for
    /// ``watchdogTimeout``: the source fails with the reason, and the frame thread goes on with a timer
    /// on its last grid. Every wait is bounded and can be woken by the control channel.
    final class X11TickSource: TickSource {
        let kind = FrameSourceKind.x11
        let presentsFrames: Bool

        private let watch: X11PresentWatch
        private let window: X11Window?
        private let control: ControlChannel
        private var clock: X11PresentClock
        /// NotifyMSC requests in flight: serial → the target MSC and when it was asked for.
        private var outstanding: [UInt32: X11PresentClock.Request] = [:]
        /// The last trusted completion's arrival, or the last request's sending when later: what the
        /// watchdog counts from.
        private var lastSign: Int64
        /// After a bogus or early completion, no request before this instant.
        private var retryAt: Int64?
        /// NotifyMSC answers that came before their target MSC.
        private var early = X11EarlyCompletions()
        /// Why the source cannot go on, once its server's MSC was found not to advance.
        private var stuck: TickSourceFailure?
        private var publishedInterval: Int64
        private var sink: (TickSourceReport) -> Void = { _ in }
        /// Why the source is in use, for ``DisplayLink/sourceInfo`` (kept when the interval is published).
        var reason = FrameSourceInfo.Reason.requested
        /// The window's name in descriptions, such as "X11 window 0x200001 on :7".
        let name: String
        /// Sees every completion read, before the source acts on it (tests compare them with the
        /// links' records).
        var completionObserver: ((X11PresentCompletion) -> Void)?

        /// Completions not trusted so far (see ``X11PresentClock``).
        var bogusCompletions: Int { clock.bogusCount }
        /// PresentConfigureNotify events seen (the window moved or resized).
        private(set) var configurations = 0
        /// The window's position as its last PresentConfigureNotify gave it.
        private var position: (x: Int, y: Int)?

        /// The interval assumed until the window's completions measure it.
        static var nominalInterval: Int64 { 16_666_667 }
        /// How long without a trusted completion the source fails: a second, far longer than any
        /// refresh and than a loaded machine's scheduling delays.
        static var watchdogTimeout: Int64 { 1_000_000_000 }
        /// How many NotifyMSC requests may be in flight; past it the oldest is forgotten.
        static var maximumOutstanding: Int { 8 }
        /// How many events already received are looked at after an UnmapNotify, for a DestroyNotify.
        static var eventsAfterUnmap: Int { 8 }
        /// A measured interval is published once it moved by more than a 200th.
        static var publishedIntervalDivisor: Int64 { 200 }
        /// How long the check whether an unmapped window still exists waits for the server: a round
        /// trip on a live local server takes well under a millisecond.
        static var unmapCheckTimeout: Duration { .milliseconds(100) }
        /// How often, after a failover, the window is tried again: a window mapped again is back within
        /// a quarter second, and a try on a window still unmapped costs one round trip.
        static var recoveryInterval: Int64 { 250_000_000 }
        /// How long a try may wait for the server (connecting, the map state, the first completion):
        /// it runs on the frame thread between the timer's ticks, so at most a few refreshes.
        static var recoveryTimeout: Duration { .milliseconds(50) }

        /// A source on the window `watch` watches (`window`: the library's own, whose presents it arms).
        /// Checks that the window is mapped and reads its current MSC and UST (one NotifyMSC). With
        /// `checksAdvance` (a return to the window after a failover) it also waits for the next MSC, so
        /// that a server whose MSC does not advance is not returned to.
        ///
        /// - Throws: ``DisplayLinkError/sourceUnavailable(_:)`` when the window is not mapped, no
        ///   completion comes within `timeout`, or (with `checksAdvance`) the next MSC is answered early.
        init(
            watch: X11PresentWatch, window: X11Window?, control: ControlChannel,
            timeout: Duration = .seconds(1), checksAdvance: Bool = false
        )
            throws(DisplayLinkError)
        {
            self.watch = watch
            self.window = window
            self.control = control
            presentsFrames = window != nil
            name = "X11 window \(X11Error.hex(watch.window)) on \(watch.connection.displayName)"
            let now = KernelClock.monotonicNanoseconds()
            clock = X11PresentClock(start: now, nominalInterval: Self.nominalInterval)
            publishedInterval = Self.nominalInterval
            lastSign = now
            // The MSC asked for after the first, and the one its answer came at (with `checksAdvance`).
            var next: (target: Int64, answeredAt: UInt64)?
            do throws(X11Error) {
                let state = try watch.mapState(timeout: timeout)
                guard state == .viewable else {
                    throw X11Error.notMapped(window: watch.window, state: state.description)
                }
                let deadline = KernelClock.monotonicDeadline(after: timeout)
                let first = try completion(of: 0, until: deadline)
                if checksAdvance, let first {
                    let target = Int64(clamping: first) + 1
                    if let msc = try completion(of: target, until: deadline) { next = (target, msc) }
                }
            } catch {
                throw .sourceUnavailable(error.description)
            }
            if let next, Int64(clamping: next.answeredAt) < next.target {
                throw .sourceUnavailable(
                    X11EarlyCompletions.reason(
                        target: next.target, msc: next.answeredAt, ust: clock.last?.ust ?? 0, window: name,
                        inARow: 1))
            }
        }

        /// Asks for MSC `target` (0: the current one) and waits for its completion, which moves the
        /// grid: the MSC it completed at, nil when it could not be trusted.
        private func completion(of target: Int64, until deadline: Int64) throws(X11Error) -> UInt64? {
            let asked = X11PresentClock.Request(target: target, sentAt: KernelClock.monotonicNanoseconds())
            let serial = try watch.notifyMSC(target: UInt64(target))
            while true {
                switch watch.nextEvent(until: deadline) {
                case .completed(let done) where done.kind == .notifyMSC && done.serial == serial:
                    switch clock.take(msc: done.msc, ust: done.ust, now: done.receivedAt, asked: asked) {
                    case .vblank, .unanchored:
                        lastSign = done.receivedAt
                        return done.msc
                    case .repeated:
                        return done.msc
                    case .bogus:
                        return nil
                    }
                case .timedOut:
                    throw .timedOut(
                        waitingFor: "a Present completion on window \(X11Error.hex(watch.window))")
                case .unmapped:
                    throw .notMapped(window: watch.window, state: X11MapState.unmapped.description)
                case .destroyed:
                    throw .noSuchWindow(watch.window)
                case .requestFailed(let error), .connectionLost(let error):
                    throw error
                default:
                    continue
                }
            }
        }

        var grid: TickGrid { clock.grid }

        var description: String {
            let rate = DecimalFormat.string(1e9 / Double(clock.interval), digits: 3)
            let measured = clock.measuredInterval != nil ? "measured" : "nominal"
            return "\(name) \(rate) Hz (Present, \(measured))"
        }

        func report(to sink: @escaping (TickSourceReport) -> Void) {
            self.sink = sink
        }

        func adopted(reason: FrameSourceInfo.Reason) {
            self.reason = reason
        }

        func close() {
            watch.close()
        }

        // MARK: - The wait

        func waitForTick(
            atOrAfter sequence: Int64?, until limit: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
        ) throws(TickSourceFailure) -> TickWait {
            guard var wanted = sequence else { return try waitWhileIdle(until: limit) }
            while true {
                let now = KernelClock.monotonicNanoseconds()
                // Answers given at once anchor no grid: until a vblank does, the first tick is the MSC
                // after the latest answer (see X11PresentClock).
                if !clock.isAnchoredOnVblank, let last = clock.last {
                    wanted = max(wanted, Int64(clamping: last.msc) + 1)
                }
                if !outstanding.values.contains(where: { $0.target == wanted }),
                    retryAt.map({ now >= $0 }) ?? true
                {
                    try request(wanted, now: now)
                }
                let watchdog = lastSign + Self.watchdogTimeout
                var deadline = watchdog
                if let retryAt, retryAt > now { deadline = min(deadline, retryAt) }
                if let limit { deadline = min(deadline, limit) }
                let event = watch.nextEvent(until: deadline, wakingOn: control.fileDescriptor)
                switch event {
                case .completed(let done):
                    let tick = take(done, wanted: wanted)
                    if let stuck { throw stuck }
                    if let tick { return .tick(tick) }
                case .woken:
                    control.drain()
                    return .woken
                case .timedOut:
                    let now = KernelClock.monotonicNanoseconds()
                    if let limit, now >= limit { return .due }
                    if now >= watchdog {
                        let waited = DecimalFormat.string(Double(now - lastSign) / 1e6, digits: 0)
                        throw TickSourceFailure(
                            reason: "no Present completion on \(name) for \(waited) ms "
                                + "(\(clock.bogusCount) untrusted completions so far)",
                            errno: nil)
                    }
                default:
                    try fail(on: event)
                }
            }
        }

        /// Waits for the control channel (or `limit`) while no link wants a tick, taking the window's
        /// completions meanwhile (they keep the grid and the presentations current).
        private func waitWhileIdle(until limit: Int64?) throws(TickSourceFailure) -> TickWait {
            while true {
                let now = KernelClock.monotonicNanoseconds()
                if let limit, now >= limit { return .due }
                let deadline = min(limit ?? .max, now + Self.watchdogTimeout)
                let event = watch.nextEvent(until: deadline, wakingOn: control.fileDescriptor)
                switch event {
                case .completed(let done):
                    _ = take(done, wanted: nil)
                    if let stuck { throw stuck }
                case .woken:
                    control.drain()
                    // A request sent while busy may still come: the watchdog counts from now.
                    lastSign = KernelClock.monotonicNanoseconds()
                    return .woken
                case .timedOut:
                    continue
                default:
                    try fail(on: event)
                }
            }
        }

        /// Asks for a completion at MSC `wanted` (at once, with the current MSC, when it has passed).
        private func request(_ wanted: Int64, now: Int64) throws(TickSourceFailure) {
            if outstanding.count >= Self.maximumOutstanding,
                let oldest = outstanding.min(by: { $0.value.target < $1.value.target })
            {
                outstanding.removeValue(forKey: oldest.key)
            }
            do {
                let asked = X11PresentClock.Request(target: wanted, sentAt: now)
                outstanding[try watch.notifyMSC(target: UInt64(max(0, wanted)))] = asked
            } catch {
                throw TickSourceFailure(reason: error.description, errno: nil)
            }
            retryAt = nil
            if outstanding.count == 1 { lastSign = max(lastSign, now) }
        }

        /// Takes a completion: a presentation of the window's pixmap goes to the links, a trusted vblank
        /// moves the grid, and one at or past `wanted` is the tick.
        private func take(_ done: X11PresentCompletion, wanted: Int64?) -> Tick? {
            completionObserver?(done)
            // A pixmap's completion, or the NotifyMSC the library's window asked for after a frame was
            // drawn onto it (EGL's PutImage): a frame's presentation, not a vblank asked for here.
            guard done.kind == .notifyMSC, !(window != nil && X11Window.isWindowSerial(done.serial)) else {
                presented(done)
                return nil
            }
            let asked = outstanding.removeValue(forKey: done.serial)
            if let target = asked?.target {
                if let reason = early.take(target: target, msc: done.msc, ust: done.ust, window: name) {
                    stuck = TickSourceFailure(reason: reason, errno: nil)
                    return nil
                }
                // Asked again half an interval later, not at once: a server that answers every request
                // before its MSC would make the thread spin.
                if early.lastWasEarly { retryAt = done.receivedAt + clock.interval / 2 }
            }
            let vblank: (sequence: Int64, timestamp: Int64)
            switch clock.take(msc: done.msc, ust: done.ust, now: done.receivedAt, asked: asked) {
            case .unanchored:
                // No tick before a vblank anchors the grid: the next MSC is asked for at once.
                lastSign = max(lastSign, done.receivedAt)
                return nil
            case .bogus:
                // Asked again half an interval later, not at once: a server that answers every request
                // at once with a bogus completion would make the thread spin.
                retryAt = done.receivedAt + clock.interval / 2
                return nil
            case .vblank(let sequence, let timestamp), .repeated(let sequence, let timestamp):
                vblank = (sequence, timestamp)
            }
            lastSign = max(lastSign, done.receivedAt)
            publishIntervalIfMoved()
            guard let wanted, vblank.sequence >= wanted else { return nil }
            // What the front end presents in this tick's callback is for the next MSC, and belongs to it.
            window?.arm(tag: vblank.sequence, targetMSC: UInt64(vblank.sequence + 1))
            return Tick(
                sequence: vblank.sequence, timestamp: vblank.timestamp,
                wokeAt: KernelClock.monotonicNanoseconds(),
                grid: clock.grid)
        }

        /// A pixmap's completion: the presentation of the frame its present was armed for (a skipped
        /// pixmap: a discarded frame); one with a UST that cannot be trusted is counted, not reported.
        private func presented(_ done: X11PresentCompletion) {
            guard let window, let tag = window.tag(ofSerial: done.serial) else { return }
            if done.mode == .skip {
                sink(.discarded(tick: tag))
            } else if let time = clock.presentationTime(msc: done.msc, ust: done.ust, now: done.receivedAt) {
                lastSign = max(lastSign, done.receivedAt)
                sink(.presented(tick: tag, time: time))
            }
        }

        /// Fails the source on an event that ends it (unmapped, destroyed, refused, connection lost);
        /// other events (configuration, mapping) are noted.
        private func fail(on event: X11WindowEvent) throws(TickSourceFailure) {
            switch event {
            case .configured(let configuration):
                configurations += 1
                // Moved (not only resized): perhaps onto another CRTC, whose refresh the next
                // completions measure on a line of their own.
                if let position, position != (configuration.x, configuration.y) { clock.restartLine() }
                position = (configuration.x, configuration.y)
            case .unmapped:
                // A window destroyed while mapped is unmapped first: its DestroyNotify, read in the same
                // batch, says which.
                let now = KernelClock.monotonicNanoseconds()
                for _ in 0..<Self.eventsAfterUnmap {
                    switch watch.nextEvent(until: now) {
                    case .destroyed, .requestFailed:
                        throw TickSourceFailure(reason: "\(name) was destroyed", errno: nil)
                    case .timedOut, .woken: break
                    default: continue
                    }
                    break
                }
                // Its DestroyNotify may not have been read yet: the server destroyed the window in the
                // request that unmapped it, so one round trip now says whether it still exists.
                do throws(X11Error) {
                    _ = try watch.mapState(timeout: Self.unmapCheckTimeout)
                } catch {
                    if case .noSuchWindow = error {
                        throw TickSourceFailure(reason: "\(name) was destroyed", errno: nil)
                    }
                }
                throw TickSourceFailure(reason: "\(name) was unmapped", errno: nil)
            case .destroyed:
                throw TickSourceFailure(reason: "\(name) was destroyed", errno: nil)
            case .requestFailed(let error):
                throw TickSourceFailure(reason: "\(name): \(error)", errno: nil)
            case .connectionLost(let error):
                throw TickSourceFailure(reason: error.description, errno: nil)
            case .completed, .mapped, .timedOut, .woken:
                break
            }
        }

        /// Publishes the measured interval once it has moved (``publishedIntervalDivisor``).
        private func publishIntervalIfMoved() {
            let interval = clock.interval
            guard abs(interval - publishedInterval) * Self.publishedIntervalDivisor > publishedInterval else {
                return
            }
            publishedInterval = interval
            sink(
                .changed(FrameSourceInfo(kind: kind, name: description, period: grid.period, reason: reason)))
        }
    }
#endif
