extension ManualFrameSource {
    /// Runs the clock forward to `instant` as ``advance(to:)`` does, calling `body` with each frame
    /// `link` gets on the way — on this thread, before this method returns. `body` need not be
    /// `@Sendable`: it may use the caller's own state (a renderer, an array of results) without
    /// locks.
    ///
    /// ```swift
    /// let source = try ManualFrameSource(framesPerSecond: 30)
    /// let link = try DisplayLink(source: .manual(source))
    /// var sequences: [UInt64] = []                       // not Sendable, no lock
    /// try source.advance(to: source.timestamp(ofTick: 3), driving: link) { frame in
    ///     sequences.append(frame.sequence)                 // 1, 2, 3
    /// }
    /// ```
    ///
    /// `body` is the link's callback for the duration of the call, with the pacing rules of any
    /// callback (``elapse(_:)`` inside it simulates work). If `body` throws, no further frame is
    /// delivered: the clock stays where that frame left it and the error is rethrown. Inside a
    /// callback, or while another thread advances the source, the call only moves the clock, as
    /// ``advance(to:)`` does, and `body` is not called.
    ///
    /// - Throws: ``DisplayLinkError/notOnThisSource`` when `link` is not on this source,
    ///   ``DisplayLinkError/invalidated`` or ``DisplayLinkError/alreadyStarted`` as ``DisplayLink/start(_:)``
    ///   does (the link must not run a callback of its own), or what `body` threw.
    public func advance(
        to instant: MonotonicInstant, driving link: DisplayLink, _ body: (Frame) throws -> Void
    ) throws {
        guard link.isDriven(by: driver) else { throw DisplayLinkError.notOnThisSource }
        guard beginDispatching() else {
            elapse(instant - now)
            return
        }
        defer { endDispatching() }
        try withoutActuallyEscaping(body) { body in
            let callerThread = CallerThreadCallback(body)
            let callback = FrameCallback { callerThread.call($0) }
            try link.install(callback)
            // Removed before the right to dispatch is given back: no other thread can reach it.
            defer { link.uninstall(callback) }
            dispatchTicks(to: instant.nanoseconds, until: { callerThread.error != nil })
            if let error = callerThread.error { throw error }
        }
    }

    /// Runs the clock forward by `duration`, calling `body` with each frame `link` gets on the way
    /// (see ``advance(to:driving:_:)``).
    public func advance(by duration: Duration, driving link: DisplayLink, _ body: (Frame) throws -> Void)
        throws
    {
        try advance(to: now + duration, driving: link, body)
    }
}

/// A callback that is not `Sendable`, held for one ``ManualFrameSource/advance(to:driving:_:)``.
///
/// The unchecked conformance is sound because only that call's own thread runs it: the call holds
/// the source's right to dispatch from before the callback is installed until after it is
/// removed, and a manual source dispatches only on the thread that holds that right.
private final class CallerThreadCallback: @unchecked Sendable {
    private let body: (Frame) throws -> Void
    /// What the body threw; no frame is handed to it after that.
    private(set) var error: (any Error)?

    init(_ body: @escaping (Frame) throws -> Void) {
        self.body = body
    }

    func call(_ frame: Frame) {
        guard error == nil else { return }
        do {
            try body(frame)
        } catch {
            self.error = error
        }
    }
}
