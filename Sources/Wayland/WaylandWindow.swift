internal import CWayland
internal import CWaylandProtocols
internal import SystemCalls

/// An xdg-shell toplevel window with two (or more) `wl_shm` buffers to draw into.
///
/// ```swift
/// let window = try WaylandWindow(connection: connection, title: "clock", width: 256, height: 256)
/// try window.draw { pixels in pixels.fill(0xFF20_4080) }   // the next free buffer
/// _ = try window.frameTiming.requestFrameCallback()
/// try window.commit()                                       // attach, damage, commit
/// ```
///
/// A frame can be drawn ahead: ``draw(waitingUpTo:_:)`` fills a buffer now and the next
/// ``commit(damage:notBefore:)`` attaches it, however much later. A front end whose content depends only on
/// the time it is shown can so draw the next frame right after a commit and only commit at the next
/// frame callback. A compositor may hold a committed buffer until a later commit replaces it (weston's
/// default renderer releases it as soon as it has repainted, before the next frame callback); with
/// three buffers (`bufferCount: 3`) one is free right after a commit even then, so drawing ahead with
/// `waitingUpTo: .zero` needs no wait:
///
/// ```swift
/// try window.commit()                                       // the frame drawn ahead for this one
/// try window.draw(waitingUpTo: .zero) { pixels in draw(pixels, at: next) }   // the next one, now
/// ```
///
/// Creating a window makes the `wl_surface`, its `xdg_surface` and `xdg_toplevel`, sets the title,
/// makes the initial commit and waits for the compositor's first `configure` (each `configure` is
/// acknowledged as it arrives). The window keeps the size it was made with: a size the compositor
/// suggests is recorded in ``suggestedSize`` and nothing more. It is mapped by the first commit after
/// a ``draw(waitingUpTo:_:)``.
///
/// ``close()`` (or the last reference going away) destroys everything in order: the frame timing's
/// requests, the toplevel, the xdg_surface, the surface, the buffers, the mapping.
public final class WaylandWindow: @unchecked Sendable {
    /// The connection the window is on.
    public let connection: WaylandConnection
    /// The title given at creation.
    public let title: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The buffers' pixel format.
    public let pixelFormat: WaylandPixelFormat
    /// How many buffers the window draws into, in turn (``bufferCountRange``).
    public let bufferCount: Int
    /// Frame callbacks and presentation feedback on the window's surface.
    public let frameTiming: WaylandFrameTiming

    private let surface: Proxy
    private let xdgSurface: Proxy
    private let toplevel: Proxy
    private let buffers: SharedMemoryBuffers

    // Guarded by the connection's lock.
    private var configuresReceived = 0
    /// Whether ``remap(timeout:)`` made the last commit (a `configure` after it is answered at once).
    private var remappedWithoutCommit = false
    /// The window's stage and the requests made either way.
    private var state = WaylandWindowState()
    private var suggested: (width: Int, height: Int)?
    private var drawnBuffer: Int?
    private var lastCommittedBuffer: Int?
    /// Whether something else attaches the surface's buffers (an EGL surface's swaps).
    private var buffersAreExternal = false
    /// The global names of the outputs the surface is on, in the order it entered them.
    private var enteredOutputs: [UInt32] = []
    /// The objects timed commits use, made at the first (``commit(damage:notBefore:)``).
    private var commitPacing: WaylandCommitPacing?

    /// The largest width or height accepted.
    public static var maximumDimension: Int { 16_384 }

    /// How many buffers a window may have: two (one shown, one drawn) to four.
    public static var bufferCountRange: ClosedRange<Int> { 2...4 }

    /// Opens a toplevel window and waits for its first `configure`.
    ///
    /// - Parameters:
    ///   - connection: The connection; it needs `wl_compositor`, `wl_shm` and `xdg_wm_base`.
    ///   - title: The title (`xdg_toplevel.set_title`).
    ///   - width: Width in pixels, 1 to ``maximumDimension``.
    ///   - height: Height in pixels, 1 to ``maximumDimension``.
    ///   - pixelFormat: The buffers' format.
    ///   - appID: The application id (`xdg_toplevel.set_app_id`), if any.
    ///   - bufferCount: How many buffers to draw into in turn, in ``bufferCountRange``: two suffice
    ///     to draw each frame after its frame callback; three let a frame be drawn ahead right after
    ///     a commit, even on a compositor that holds each buffer until the next commit replaces it.
    ///   - timeout: How long to wait for the first `configure`.
    /// - Throws: ``WaylandError/invalidArgument(_:)`` for a size or buffer count out of range,
    ///   ``WaylandError/missingGlobal(interface:version:)``, ``WaylandError/systemCall(name:errno:)``
    ///   when the shared memory cannot be made, ``WaylandError/timedOut(waitingFor:)``, or the
    ///   connection's failure.
    public init(
        connection: WaylandConnection, title: String, width: Int, height: Int,
        pixelFormat: WaylandPixelFormat = .xrgb8888, appID: String? = nil, bufferCount: Int = 2,
        timeout: Duration = .seconds(2)
    ) throws(WaylandError) {
        guard (1...Self.maximumDimension).contains(width), (1...Self.maximumDimension).contains(height) else {
            throw .invalidArgument(
                "a window is 1 to \(Self.maximumDimension) pixels wide and high, not \(width) × \(height)")
        }
        guard Self.bufferCountRange.contains(bufferCount) else {
            throw .invalidArgument(
                "a window has \(Self.bufferCountRange.lowerBound) to \(Self.bufferCountRange.upperBound) buffers, not \(bufferCount)"
            )
        }
        let made = try connection.lock.withLock {
            () throws(WaylandError) -> (Proxy, Proxy, Proxy, SharedMemoryBuffers) in
            try connection.checkUsableLocked()
            let compositor = try connection.requireLocked(connection.compositor, "wl_compositor")
            let shm = try connection.requireLocked(connection.shm, "wl_shm")
            let wmBase = try connection.requireLocked(connection.wmBase, "xdg_wm_base")
            let buffers = try SharedMemoryBuffers(
                shm: shm, width: width, height: height, format: pixelFormat, count: bufferCount)
            guard
                let surface = compositor.create(
                    WaylandRequest.Compositor.createSurface, cwl_interface_wl_surface(),
                    version: compositor.version, [wl_argument(n: 0)]),
                let xdgSurface = wmBase.create(
                    WaylandRequest.WmBase.getXdgSurface, cwl_interface_xdg_surface(), version: wmBase.version,
                    [wl_argument(n: 0), wl_argument(o: surface.pointer)]),
                let toplevel = xdgSurface.create(
                    WaylandRequest.XdgSurface.getToplevel, cwl_interface_xdg_toplevel(),
                    version: xdgSurface.version, [wl_argument(n: 0)])
            else {
                buffers.destroy()
                throw .connectionLost(connection.failureErrno ?? .noMemory)
            }
            return (surface, xdgSurface, toplevel, buffers)
        }
        self.connection = connection
        self.title = title
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.bufferCount = bufferCount
        (surface, xdgSurface, toplevel, buffers) = made
        frameTiming = WaylandFrameTiming(connection: connection, surface: made.0, ownsWrapper: false)

        // Listen before the initial commit: nothing is sent to these objects before it.
        try connection.lock.withLock { () throws(WaylandError) in
            xdgSurface.listen { [unowned self] _, arguments in configured(serial: arguments[0].u) }
            toplevel.listen { [unowned self] opcode, arguments in toplevelEvent(opcode, arguments) }
            surface.listen { [unowned self] opcode, arguments in surfaceEvent(opcode, arguments) }
            title.withCString { toplevel.send(WaylandRequest.XdgToplevel.setTitle, [wl_argument(s: $0)]) }
            appID?.withCString { toplevel.send(WaylandRequest.XdgToplevel.setAppID, [wl_argument(s: $0)]) }
            surface.send(WaylandRequest.Surface.commit)  // the initial commit, without a buffer
            try connection.flushLocked()
        }
        connection.registerChild(self) { [weak self] in self?.close() }
        do throws(WaylandError) {
            try waitForConfigure(timeout: timeout, what: "the window's first configure")
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// The `struct wl_surface *` of the window, for code that takes a surface (the window owns it).
    public var surfacePointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(surface.pointer) }

    /// Whether the window's content is shown: true from a commit with a buffer to ``unmap()``.
    public var isMapped: Bool { connection.lock.withLock { state.isMapped } }

    /// Whether the compositor asked the window to close (`xdg_toplevel.close`); closing is up to you.
    public var isCloseRequested: Bool { connection.lock.withLock { state.isCloseRequested } }

    /// The size the compositor last suggested in a `configure`, or nil when it left it to the window.
    public var suggestedSize: (width: Int, height: Int)? { connection.lock.withLock { suggested } }

    /// The outputs the window's surface is on (`wl_surface.enter` and `leave`), in the order it entered
    /// them, as the compositor last described them: empty while it is shown on none (before its first
    /// buffer, hidden, or on a compositor that does not say).
    public var outputs: [WaylandOutput] {
        connection.lock.withLock { enteredOutputs.compactMap { connection.outputRecords[$0]?.output } }
    }

    /// Whether the window asked to be full screen (``setFullscreen(on:)``) and has not asked back.
    public var isFullscreen: Bool { connection.lock.withLock { state.isFullscreen } }

    /// Asks the compositor to show the window full screen on `output` (nil: an output it chooses):
    /// `xdg_toplevel.set_fullscreen`. Asked again with another output, the window moves there. The
    /// request takes effect with the window's next commit, as the compositor decides: the window's
    /// ``outputs`` and its presentation feedback say where it went.
    ///
    /// - Throws: ``WaylandError/invalidArgument(_:)`` for an output the connection does not know
    ///   (see ``WaylandConnection/outputs``), ``WaylandError/closed(_:)`` or the connection's failure.
    public func setFullscreen(on output: WaylandOutput?) throws(WaylandError) {
        try connection.lock.withLock { () throws(WaylandError) in
            try checkUsableLocked()
            var target: OpaquePointer?
            if let output {
                guard let record = connection.outputRecords[output.globalName] else {
                    throw .invalidArgument("no output \(output.label) on this connection")
                }
                target = record.proxy.pointer
            }
            toplevel.send(WaylandRequest.XdgToplevel.setFullscreen, [wl_argument(o: target)])
            state.isFullscreen = true
            try connection.flushLocked()
        }
    }

    /// Asks the compositor to show the window as it was before ``setFullscreen(on:)``:
    /// `xdg_toplevel.unset_fullscreen`, with effect from the next commit.
    ///
    /// - Throws: ``WaylandError/closed(_:)`` or the connection's failure.
    public func unsetFullscreen() throws(WaylandError) {
        try connection.lock.withLock { () throws(WaylandError) in
            try checkUsableLocked()
            toplevel.send(WaylandRequest.XdgToplevel.unsetFullscreen)
            state.isFullscreen = false
            try connection.flushLocked()
        }
    }

    /// How many `configure` sequences the window has received (and acknowledged).
    package var configureCount: Int { connection.lock.withLock { configuresReceived } }

    /// Draws the next frame: calls `body` with the pixels of a buffer the compositor does not hold, to
    /// be attached by the next ``commit(damage:notBefore:)``. Drawing again before committing draws into the
    /// same buffer.
    ///
    /// The frame may be drawn ahead, long before the commit that shows it (see the type's overview):
    /// the buffer stays the window's until then. By default (`timeout` `.zero`) the call never waits:
    /// it draws only into a buffer already released (or the one drawn since the last commit), and
    /// throws ``WaylandError/noFreeBuffer`` otherwise. That is the right call on a frame thread: a
    /// compositor that stops answering (stopped, busy, swapped out) holds every buffer until it comes
    /// back, and a wait for one there would hold every link on the thread; skip the frame instead,
    /// and draw again at the next. A positive `timeout` waits up to that long for a release.
    ///
    /// - Throws: ``WaylandError/noFreeBuffer`` when every buffer is still held (after `timeout`),
    ///   ``WaylandError/closed(_:)`` or the connection's failure.
    public func draw(waitingUpTo timeout: Duration = .zero, _ body: (WaylandPixels) -> Void)
        throws(WaylandError)
    {
        let deadline = KernelClock.monotonicDeadline(after: timeout)
        var index: Int?
        while index == nil {
            index = try connection.lock.withLock { () throws(WaylandError) -> Int? in
                try checkUsableLocked()
                return drawnBuffer ?? buffers.freeBuffer(avoiding: lastCommittedBuffer)
            }
            guard index == nil else { break }
            let outcome = connection.wait(until: deadline, wakeable: false, extraDescriptor: nil) {
                state.isClosed || buffers.freeBuffer(avoiding: nil) != nil
            }
            switch outcome {
            case .satisfied, .woken: continue
            case .timedOut: throw .noFreeBuffer
            case .lost, .closed:
                try connection.lock.withLock { () throws(WaylandError) in try checkUsableLocked() }
            }
        }
        guard let index else { return }
        body(buffers.pixels(index))
        connection.lock.withLock {
            guard !state.isClosed else { return }
            buffers.set(index, .drawn)
            drawnBuffer = index
        }
    }

    /// Commits the surface: attaches the buffer drawn since the last commit, if any, with `damage`
    /// (nil: the whole buffer), then `wl_surface.commit`, and sends it at once. While the window is
    /// unmapped, the commit carries no buffer (the drawn one waits for ``remap(timeout:)``).
    ///
    /// With `notBefore` (CLOCK_MONOTONIC nanoseconds), the commit's content is to be shown no sooner
    /// than that time, where the compositor offers it (``commitTimingSupport``): `wp_commit_timing_v1`
    /// carries the time, and `wp_fifo_v1` a barrier so that the compositor applies the commit no
    /// sooner than the refresh after the one that showed the timed commit before it (none replaces
    /// another unseen). At that time the compositor's repaint is woken (a one-pixel transparent
    /// subsurface committed), since some (mutter 48) apply a timed commit only at a repaint that
    /// something else causes: the wake is made while a thread waits in ``frameTiming``'s
    /// ``WaylandFrameTiming/nextEvent(timeout:wakingOn:)`` (a display link on the window does); a
    /// commit whose time has passed needs none. Where it offers
    /// neither, the time changes nothing: pace the commits by the frame callbacks (a display link on
    /// the window does) so that each is made in the refresh before its time. Nothing is timed while
    /// the window is unmapped.
    ///
    /// Frame callbacks and presentation feedback asked for on ``frameTiming`` before this call apply
    /// to this commit.
    ///
    /// While the compositor is not reading its socket (stopped, or far behind), the commit is not
    /// made and ``WaylandError/compositorNotReading`` is thrown: skip the frame, and the buffer drawn
    /// stays for the next commit.
    ///
    /// - Returns: CLOCK_MONOTONIC in nanoseconds just before the commit was sent.
    /// - Throws: ``WaylandError/compositorNotReading``, ``WaylandError/closed(_:)`` or the
    ///   connection's failure.
    @discardableResult
    public func commit(damage: [WaylandRect]? = nil, notBefore: Int64? = nil) throws(WaylandError) -> Int64 {
        try connection.lock.withLock { () throws(WaylandError) -> Int64 in
            try checkUsableLocked()
            try connection.checkRoomLocked()
            if let index = drawnBuffer, state.mayAttach {
                attachLocked(index, damage: damage)
            }
            var timed = false
            if let notBefore, state.isMapped, !buffersAreExternal {
                let pacing = commitPacingLocked()
                timed = pacing.prepareTimedCommit(
                    notBefore: notBefore, clock: connection.presentationClock, connection: connection)
            }
            let time = KernelClock.monotonicNanoseconds()
            remappedWithoutCommit = false
            surface.send(WaylandRequest.Surface.commit)
            if timed, let notBefore, notBefore > time, let pacing = commitPacing {
                // Woken at the commit's time, not before: a compositor whose repaint was idle starts
                // one at once when woken, and would find the commit's time still to come. A time
                // already passed needs no wake: the commit's own damage starts a repaint.
                frameTiming.scheduleRepaintWakeLocked(at: notBefore) { [weak pacing] in pacing?.wakeRepaint()
                }
            }
            try connection.flushLocked()
            return time
        }
    }

    /// Which of the compositor's protocols for timed content the window's commits with a time use
    /// (``commit(damage:notBefore:)``).
    public var commitTimingSupport: WaylandCommitTimingSupport {
        connection.lock.withLock { commitPacingLocked().support }
    }

    /// Hides the window: attaches no buffer and commits (`xdg_surface` then needs a new initial commit
    /// and `configure` before a buffer, which ``remap(timeout:)`` does). Frame callbacks stop until
    /// the window is mapped again; feedback for the commits meanwhile stays pending.
    ///
    /// - Throws: ``WaylandError/closed(_:)`` or the connection's failure.
    public func unmap() throws(WaylandError) {
        try connection.lock.withLock { () throws(WaylandError) in
            try checkUsableLocked()
            surface.send(
                WaylandRequest.Surface.attach, [wl_argument(o: nil), wl_argument(i: 0), wl_argument(i: 0)])
            surface.send(WaylandRequest.Surface.commit)
            state.unmap()
            try connection.flushLocked()
        }
    }

    /// Shows the window again after ``unmap()``: makes the initial commit again, lets the compositor
    /// answer it, then attaches the buffer drawn last (or the last one shown) and commits. Does nothing
    /// when the window is mapped.
    ///
    /// xdg-shell asks an unmapped surface for a new initial commit and `configure` before a buffer;
    /// some compositors (weston 10) keep the surface configured and send none. Two roundtrips after
    /// the initial commit settle which: a `configure` the commit caused has arrived by then (weston
    /// sends it when it goes idle after the batch of requests holding the commit, so before the answer
    /// to the second sync), and is acknowledged; without one, the buffer is attached all the same.
    ///
    /// On a window whose buffers something else attaches (an EGL surface), it makes the handshake
    /// only: the next swap attaches the buffer that shows the window.
    ///
    /// - Throws: ``WaylandError/invalidArgument(_:)`` when nothing was ever drawn,
    ///   ``WaylandError/timedOut(waitingFor:)``, ``WaylandError/closed(_:)`` or the connection's failure.
    public func remap(timeout: Duration = .seconds(2)) throws(WaylandError) {
        let needed = try connection.lock.withLock { () throws(WaylandError) -> Bool in
            try checkUsableLocked()
            guard !state.isMapped else { return false }
            guard drawnBuffer != nil || lastCommittedBuffer != nil || buffersAreExternal else {
                throw .invalidArgument("remap needs a frame drawn before")
            }
            if state.isAwaitingConfigure {
                surface.send(WaylandRequest.Surface.commit)  // the initial commit again
                try connection.flushLocked()
            }
            return true
        }
        guard needed else { return }
        try connection.roundtrip(timeout: timeout)
        try connection.roundtrip(timeout: timeout)
        try connection.lock.withLock { () throws(WaylandError) in
            try checkUsableLocked()
            state.remap()
            guard !buffersAreExternal, let index = drawnBuffer ?? lastCommittedBuffer else { return }
            attachLocked(index, damage: nil)
            surface.send(WaylandRequest.Surface.commit)
            remappedWithoutCommit = true
            try connection.flushLocked()
        }
    }

    /// Marks the window's buffers as attached by something else (an EGL surface's swaps): ``remap(timeout:)``
    /// then leaves the attach to it.
    package func attachBuffersExternally() {
        connection.lock.withLock { buffersAreExternal = true }
    }

    /// Whether something else may attach a buffer now (configured, not hidden, not closed).
    package var mayAttachExternalBuffer: Bool { connection.lock.withLock { state.mayAttach } }

    /// Something else attached and committed a buffer: the window is shown.
    package func externalBufferAttached() {
        connection.lock.withLock { state.attach() }
    }

    /// Closes the window: its frame timing, then the toplevel, the xdg_surface, the surface and the
    /// buffers, in that order. Idempotent.
    public func close() {
        frameTiming.close()
        let closedNow = connection.lock.withLock { () -> Bool in
            guard !state.isClosed else { return false }
            state.close()
            connection.forgetInputSurfaceLocked(surface.pointer)
            commitPacing?.destroy()
            toplevel.destroy(sending: WaylandRequest.XdgToplevel.destroy)
            xdgSurface.destroy(sending: WaylandRequest.XdgSurface.destroy)
            surface.destroy(sending: WaylandRequest.Surface.destroy)
            buffers.destroy()
            drawnBuffer = nil
            connection.unregisterChildLocked(self)
            try? connection.flushLocked()
            return true
        }
        if closedNow { connection.interruptSignal.signal() }
    }

    /// Whether the window is not closed. Call holding the lock.
    var isOpenLocked: Bool { !state.isClosed }

    // MARK: Private

    /// The window's timed-commit objects, made on first use. Call holding the lock.
    private func commitPacingLocked() -> WaylandCommitPacing {
        if let commitPacing { return commitPacing }
        let made = WaylandCommitPacing(surface: surface, connectionLocked: connection)
        commitPacing = made
        return made
    }

    private func checkUsableLocked() throws(WaylandError) {
        if state.isClosed { throw .closed("the window") }
        try connection.checkUsableLocked()
    }

    /// Attaches buffer `index` with `damage` (nil: all of it). Call holding the lock.
    private func attachLocked(_ index: Int, damage: [WaylandRect]?) {
        surface.send(
            WaylandRequest.Surface.attach,
            [wl_argument(o: buffers.proxy(index).pointer), wl_argument(i: 0), wl_argument(i: 0)])
        let rects = damage ?? [WaylandRect(x: 0, y: 0, width: Int32(width), height: Int32(height))]
        // damage_buffer counts buffer pixels; damage surface ones, the same at scale 1.
        let request =
            surface.version >= WaylandRequest.Surface.damageBufferVersion
            ? WaylandRequest.Surface.damageBuffer : WaylandRequest.Surface.damage
        for rect in rects {
            surface.send(
                request,
                [
                    wl_argument(i: rect.x), wl_argument(i: rect.y), wl_argument(i: rect.width),
                    wl_argument(i: rect.height),
                ])
        }
        buffers.set(index, .held)
        lastCommittedBuffer = index
        drawnBuffer = nil
        state.attach()
    }

    /// Waits until a `configure` has arrived since the window last needed one.
    private func waitForConfigure(timeout: Duration, what: String) throws(WaylandError) {
        let outcome = connection.wait(
            until: KernelClock.monotonicDeadline(after: timeout), wakeable: false, extraDescriptor: nil
        ) {
            state.isClosed || !state.isAwaitingConfigure
        }
        switch outcome {
        case .satisfied, .woken:
            try connection.lock.withLock { () throws(WaylandError) in try checkUsableLocked() }
        case .timedOut: throw .timedOut(waitingFor: what)
        case .lost, .closed:
            try connection.lock.withLock { () throws(WaylandError) in try checkUsableLocked() }
        }
    }

    /// `xdg_surface.configure`: acknowledged at once (the window keeps its size). Under the lock.
    ///
    /// An acknowledgement takes effect with the next commit, and a compositor may hold the window's
    /// next repaint until it comes (sway waits up to 200 ms for the commit that answers the configure
    /// it sends a window mapped again). While nothing was committed since ``remap(timeout:)``, a link
    /// that pauses a hidden window's frames may commit nothing until that repaint: the answer is
    /// committed at once, with the buffer already attached.
    private func configured(serial: UInt32) {
        xdgSurface.send(WaylandRequest.XdgSurface.ackConfigure, [wl_argument(u: serial)])
        configuresReceived += 1
        state.configure()
        guard remappedWithoutCommit, state.isMapped, !state.isClosed else { return }
        remappedWithoutCommit = false
        surface.send(WaylandRequest.Surface.commit)
        try? connection.flushLocked()
    }

    /// `wl_surface.enter` and `leave`, each with an output. Under the lock.
    private func surfaceEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        guard let output = connection.outputNameLocked(proxy: arguments[0].o)
        else { return }
        switch WaylandEvent.Surface(rawValue: opcode) {
        case .enter?:
            if !enteredOutputs.contains(output) { enteredOutputs.append(output) }
        case .leave?:
            enteredOutputs.removeAll { $0 == output }
        case nil:
            break
        }
    }

    /// `xdg_toplevel.configure` (width, height, states) and `close`. Under the lock.
    private func toplevelEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.XdgToplevel(rawValue: opcode) {
        case .configure?:
            let (width, height) = (Int(arguments[0].i), Int(arguments[1].i))
            suggested = width > 0 && height > 0 ? (width, height) : nil
        case .close?:
            state.requestClose()
        case nil:  // configure_bounds, wm_capabilities
            break
        }
    }
}
