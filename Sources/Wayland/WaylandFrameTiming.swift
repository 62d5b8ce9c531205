internal import CWayland
internal import CWaylandProtocols
internal import SystemCalls
import SystemPackage

/// Frame callbacks and presentation feedback on one surface, and a wait for the next of their events:
/// what a display link ticks on.
///
/// ```swift
/// let timing = window.frameTiming                       // or WaylandFrameTiming(connection:adoptingSurface:)
/// let callback = try timing.requestFrameCallback()       // before the commit it is for
/// let feedback = try timing.requestPresentationFeedback()
/// try window.commit()
/// switch timing.nextEvent(timeout: .milliseconds(100), wakingOn: controlChannel) {
/// case .frameCallback(let done): ...                     // draw the next frame
/// case .presented(let frame): ...                        // frame.time is CLOCK_MONOTONIC
/// case .discarded, .timedOut, .woken, .closed, .connectionLost: ...
/// }
/// ```
///
/// Both requests apply to the surface's next commit, whoever makes it (for an adopted surface, the
/// toolkit). Every event is reported in the order it arrived, none collapsed. A frame callback on a
/// hidden surface may never fire: always wait with a timeout.
///
/// Presentation timestamps come in the compositor's clock (`wp_presentation.clock_id`) and are
/// converted to CLOCK_MONOTONIC at once, on receipt: see ``WaylandPresentedFrame/conversionErrorBound``.
public final class WaylandFrameTiming: @unchecked Sendable {
    /// The connection the surface is on.
    public let connection: WaylandConnection
    /// The proxy frame requests go through: a window's own surface, or a wrapper of an adopted one
    /// on the connection's private queue.
    private let surface: Proxy
    private let ownsWrapper: Bool

    // Guarded by the connection's lock.
    private var events: [WaylandFrameEvent] = []
    private var callbacks: [UInt64: Proxy] = [:]
    private var feedbacks: [UInt64: Proxy] = [:]
    private var nextCallbackID: UInt64 = 1
    private var nextFeedbackID: UInt64 = 1
    private var converter: PresentationClockConverter?
    /// The output each feedback's `sync_output` named, until its `presented`.
    private var syncOutputs: [UInt64: UInt32] = [:]
    private var latestPresentationLocked: WaylandPresentedFrame?
    private var isClosedLocked = false
    /// Wakes of the compositor's repaint due at instants (CLOCK_MONOTONIC nanoseconds, in order), one
    /// for each of the window's commits held until then (``WaylandWindow/commit(damage:notBefore:)``):
    /// made by ``nextEvent(timeout:wakingOn:)`` when its wait reaches them, by `repaintWaker`.
    private var repaintWakesLocked: [Int64] = []
    /// What wakes the compositor's repaint (the window's transparent subsurface).
    private var repaintWakerLocked: (() -> Void)?

    /// The most wakes kept: a window's commits held at once (a link's are one or two refreshes ahead).
    static let maximumRepaintWakes = 8

    /// Asks for the compositor's repaint to be woken at `time` by `waker`, while a wait for events
    /// reaches it. Call holding the lock.
    func scheduleRepaintWakeLocked(at time: Int64, by waker: @escaping () -> Void) {
        guard !isClosedLocked else { return }
        repaintWakerLocked = waker
        let index = repaintWakesLocked.firstIndex { $0 > time } ?? repaintWakesLocked.endIndex
        repaintWakesLocked.insert(time, at: index)
        if repaintWakesLocked.count > Self.maximumRepaintWakes { repaintWakesLocked.removeFirst() }
    }

    /// Frame timing on a `wl_surface` that a toolkit made and commits.
    ///
    /// The surface gets a wrapper on the connection's private queue, so the callbacks and feedbacks
    /// made here are dispatched by this module alone. Call ``close()`` before the toolkit destroys the
    /// surface.
    ///
    /// - Parameters:
    ///   - connection: A connection on the display the surface belongs to (made with
    ///     ``WaylandConnection/init(adopting:ignoringGlobals:timeout:)`` for a toolkit's display).
    ///   - surface: The toolkit's `struct wl_surface *`.
    public convenience init(connection: WaylandConnection, adoptingSurface surface: UnsafeMutableRawPointer)
        throws(WaylandError)
    {
        let wrapper = try connection.lock.withLock { () throws(WaylandError) -> Proxy in
            try connection.checkUsableLocked()
            guard let wrapper = wl_proxy_create_wrapper(surface) else {
                throw .systemCall(name: "wl_proxy_create_wrapper", errno: .noMemory)
            }
            wl_proxy_set_queue(OpaquePointer(wrapper), connection.queue)
            return Proxy(OpaquePointer(wrapper))
        }
        self.init(connection: connection, surface: wrapper, ownsWrapper: true)
        connection.registerChild(self) { [weak self] in self?.close() }
    }

    /// Frame timing on a surface this module made (a window's): the window closes it.
    init(connection: WaylandConnection, surface: Proxy, ownsWrapper: Bool) {
        self.connection = connection
        self.surface = surface
        self.ownsWrapper = ownsWrapper
    }

    deinit {
        close()
    }

    /// Asks for a frame callback (`wl_surface.frame`) on the surface's next commit: a
    /// ``WaylandFrameEvent/frameCallback(_:)`` with the returned id when it is a good time to draw
    /// the frame after.
    ///
    /// - Returns: The request's id (counting from 1).
    /// - Throws: ``WaylandError/compositorNotReading`` (nothing asked for), ``WaylandError/closed(_:)``
    ///   or the connection's failure.
    public func requestFrameCallback() throws(WaylandError) -> UInt64 {
        try connection.lock.withLock { () throws(WaylandError) -> UInt64 in
            try checkUsableLocked()
            try connection.checkRoomLocked()
            guard
                let callback = surface.create(
                    WaylandRequest.Surface.frame, cwl_interface_wl_callback(), version: surface.version,
                    [wl_argument(n: 0)])
            else { throw .connectionLost(connection.failureErrno ?? .noMemory) }
            let id = nextCallbackID
            nextCallbackID += 1
            callback.listen { [weak self] _, arguments in self?.frameCallbackDone(id, time: arguments[0].u) }
            callbacks[id] = callback
            return id
        }
    }

    /// Asks for presentation feedback (`wp_presentation.feedback`) on the surface's next commit: a
    /// ``WaylandFrameEvent/presented(_:)`` or ``WaylandFrameEvent/discarded(feedbackID:receivedAt:)``
    /// with the returned id.
    ///
    /// - Returns: The request's id (counting from 1).
    /// - Throws: ``WaylandError/missingGlobal(interface:version:)`` without `wp_presentation`,
    ///   ``WaylandError/presentationClockUnreadable(clockID:)``, ``WaylandError/compositorNotReading``
    ///   (nothing asked for), ``WaylandError/closed(_:)`` or the connection's failure.
    public func requestPresentationFeedback() throws(WaylandError) -> UInt64 {
        try connection.lock.withLock { () throws(WaylandError) -> UInt64 in
            try checkUsableLocked()
            try connection.checkRoomLocked()
            let presentation = try connection.requireLocked(connection.presentation, "wp_presentation")
            if converter == nil {
                let clock = connection.presentationClock ?? -1
                let candidate = PresentationClockConverter(clockID: clock)
                guard clock >= 0, candidate.canReadClock else {
                    throw .presentationClockUnreadable(clockID: Int32(clock))
                }
                converter = candidate
            }
            guard
                let feedback = presentation.create(
                    WaylandRequest.Presentation.feedback, cwl_interface_wp_presentation_feedback(),
                    version: presentation.version,
                    [wl_argument(o: surface.pointer), wl_argument(n: 0)])
            else { throw .connectionLost(connection.failureErrno ?? .noMemory) }
            let id = nextFeedbackID
            nextFeedbackID += 1
            feedback.listen { [weak self] opcode, arguments in self?.feedbackEvent(id, opcode, arguments) }
            feedbacks[id] = feedback
            return id
        }
    }

    /// Frame callbacks asked for that have not fired yet.
    package var pendingFrameCallbacks: Int { connection.lock.withLock { callbacks.count } }

    /// The latest presentation of the surface's content received so far (whichever request asked for
    /// it and whoever took the event), or nil before the first. A display link made for a surface that
    /// has been shown already starts on this presentation's phase instead of a guess.
    public var latestPresentation: WaylandPresentedFrame? {
        connection.lock.withLock { latestPresentationLocked }
    }

    /// Presentation feedbacks asked for that have been neither presented nor discarded yet.
    package var pendingPresentationFeedbacks: Int { connection.lock.withLock { feedbacks.count } }

    /// Waits for the next event, reading and dispatching the connection's private queue meanwhile.
    ///
    /// Events already received come first, in order. Never blocks longer than `timeout`; returns
    /// ``WaylandFrameEvent/woken`` as soon as ``WaylandConnection/wake()`` is called or `descriptor`
    /// becomes readable (it is not read: its owner drains it), ``WaylandFrameEvent/closed`` when the
    /// timing or its window is closed (from another thread too), and
    /// ``WaylandFrameEvent/connectionLost(_:)`` when the connection breaks.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait.
    ///   - descriptor: Another descriptor whose readability ends the wait, such as a display link's
    ///     control channel.
    public func nextEvent(timeout: Duration, wakingOn descriptor: FileDescriptor? = nil) -> WaylandFrameEvent
    {
        let deadline = KernelClock.monotonicDeadline(after: timeout)
        while true {
            // A held commit's repaint wake falls due within the wait: wait until then, wake, wait on.
            let wakeAt = connection.lock.withLock { repaintWakesLocked.first }.map { min($0, deadline) }
            let outcome = connection.wait(
                until: wakeAt ?? deadline, wakeable: true, extraDescriptor: descriptor?.rawValue,
                { isClosedLocked || !events.isEmpty })
            switch outcome {
            case .satisfied:
                let event = connection.lock.withLock { () -> WaylandFrameEvent? in
                    if isClosedLocked { return .closed }
                    return events.isEmpty ? nil : events.removeFirst()
                }
                // Another thread took the event: wait on.
                if let event { return event }
            case .timedOut:
                guard wakeRepaintIfDue() else { return .timedOut }
            case .woken: return .woken
            case .lost(let errno): return .connectionLost(errno)
            case .closed: return .closed
            }
        }
    }

    /// Makes the repaint wake when it is due; returns whether one was made. The wait goes on after
    /// it: a wake is the window's, not an event.
    private func wakeRepaintIfDue() -> Bool {
        connection.lock.withLock { () -> Bool in
            let now = KernelClock.monotonicNanoseconds()
            guard !isClosedLocked, let first = repaintWakesLocked.first, first <= now else { return false }
            // One wake serves every commit whose time has come.
            repaintWakesLocked.removeAll { $0 <= now }
            repaintWakerLocked?()
            try? connection.flushLocked()
            return true
        }
    }

    /// Stops the frame timing: forgets the outstanding requests (their events are dropped), ends
    /// waits with ``WaylandFrameEvent/closed``, and destroys an adopted surface's wrapper (not the
    /// surface). Idempotent; a window closes its own.
    public func close() {
        let closedNow = connection.lock.withLock { () -> Bool in
            guard !isClosedLocked else { return false }
            isClosedLocked = true
            events = []
            repaintWakesLocked = []
            repaintWakerLocked = nil
            for callback in callbacks.values { callback.destroy() }
            for feedback in feedbacks.values { feedback.destroy() }
            callbacks = [:]
            feedbacks = [:]
            syncOutputs = [:]
            if ownsWrapper {
                surface.destroyWrapper()
                connection.unregisterChildLocked(self)
            }
            return true
        }
        if closedNow { connection.interruptSignal.signal() }
    }

    // MARK: Events (under the connection's lock)

    private func checkUsableLocked() throws(WaylandError) {
        if isClosedLocked { throw .closed("the frame timing") }
        try connection.checkUsableLocked()
    }

    private func frameCallbackDone(_ id: UInt64, time: UInt32) {
        callbacks.removeValue(forKey: id)?.destroy()
        events.append(
            .frameCallback(
                WaylandFrameCallback(id: id, callbackTime: time, receivedAt: connection.dispatchStamp)))
    }

    private func feedbackEvent(
        _ id: UInt64, _ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>
    ) {
        switch WaylandEvent.PresentationFeedback(rawValue: opcode) {
        case .presented?:
            feedbacks.removeValue(forKey: id)?.destroy()
            let seconds = UInt64(arguments[0].u) << 32 | UInt64(arguments[1].u)
            let (whole, overflow) = Int64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
            let compositorTime = overflow ? Int64.max : whole &+ Int64(arguments[2].u)
            let conversion = converter?.convert(compositorTime)
            let frame = WaylandPresentedFrame(
                feedbackID: id, time: conversion?.monotonic ?? compositorTime,
                compositorTime: compositorTime,
                compositorClockID: Int32(converter?.clockID ?? -1),
                conversionErrorBound: conversion?.errorBound ?? .max,
                refreshInterval: Int64(arguments[3].u),
                sequence: UInt64(arguments[4].u) << 32 | UInt64(arguments[5].u),
                flags: WaylandPresentationFlags(rawValue: arguments[6].u),
                receivedAt: connection.dispatchStamp, syncOutput: syncOutputs.removeValue(forKey: id))
            if frame.time > latestPresentationLocked?.time ?? .min { latestPresentationLocked = frame }
            events.append(.presented(frame))
        case .discarded?:
            syncOutputs.removeValue(forKey: id)
            feedbacks.removeValue(forKey: id)?.destroy()
            events.append(.discarded(feedbackID: id, receivedAt: connection.dispatchStamp))
        case .syncOutput?:
            if let output = connection.outputNameLocked(proxy: arguments[0].o) {
                syncOutputs[id] = output
            }
        case nil:
            break
        }
    }
}
