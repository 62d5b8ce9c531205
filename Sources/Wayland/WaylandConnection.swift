internal import CWayland
internal import CWaylandProtocols
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A connection to a Wayland compositor: its display, the globals this module uses, and a private
/// event queue.
///
/// ```swift
/// let connection = try WaylandConnection()              // $WAYLAND_DISPLAY, else wayland-0
/// print(connection.outputs.first?.currentMode?.refreshMillihertz ?? 0)
/// let window = try WaylandWindow(connection: connection, title: "clock", width: 256, height: 256)
/// ```
///
/// Everything this module creates lives on its own event queue (`wl_display_create_queue`, with a
/// wrapper of the display and of adopted surfaces), so a toolkit that dispatches the same `wl_display`
/// is undisturbed, and no call blocks without a timeout: events are read with
/// `wl_display_prepare_read_queue`, `poll` with a timeout (beside an eventfd that ``wake()`` signals),
/// `wl_display_read_events` and `wl_display_dispatch_queue_pending`.
///
/// On connecting, the connection binds `wl_compositor`, `wl_shm`, every `wl_output`, `xdg_wm_base`
/// (answering its pings), `wp_presentation` (reading its clock), every `wl_seat` and
/// `zwp_input_timestamps_manager_v1` (input times to the nanosecond), as far as the compositor offers
/// them; a missing one makes the calls that need it throw ``WaylandError/missingGlobal(interface:version:)``.
///
/// The type is `Sendable`: its state and that of every object made on it are guarded by one lock, and
/// libwayland's own calls are thread-safe. Events are dispatched by whichever thread waits.
public final class WaylandConnection: @unchecked Sendable {
    /// The `wl_display`.
    let display: OpaquePointer
    /// Whether ``close()`` disconnects the display (false for an adopted one).
    let ownsDisplay: Bool
    /// The private event queue.
    let queue: OpaquePointer
    /// The display's wrapper on ``queue``: requests on it create objects on the private queue.
    let displayWrapper: Proxy
    /// Guards every `var` below, and the state of every window and frame timing on this connection.
    let lock = ConnectionLock()
    /// Signalled by ``wake()``.
    let wakeSignal: WakeSignal
    /// Signalled when an object closes, so that its waiters look again.
    let interruptSignal: WakeSignal
    /// Globals not to bind, as if the compositor lacked them.
    let ignoredGlobals: Set<String>

    var registry: Proxy?
    var advertised: [UInt32: WaylandGlobal] = [:]
    var compositor: Proxy?
    var shm: Proxy?
    var wmBase: Proxy?
    var presentation: Proxy?
    var presentationClock: clockid_t?
    /// `wl_subcompositor`, `wp_commit_timing_manager_v1` and `wp_fifo_manager_v1`, when advertised.
    var subcompositor: Proxy?
    var commitTimingManager: Proxy?
    var fifoManager: Proxy?
    /// `zwp_input_timestamps_manager_v1`, and its global name.
    var inputTimestampsManager: Proxy?
    var inputTimestampsManagerName: UInt32?
    var shmFormatCodes: Set<UInt32> = []
    var outputRecords: [UInt32: OutputRecord] = [:]
    /// The seats bound, by global name.
    var seats: [UInt32: WaylandSeat] = [:]
    /// Where each surface's input goes, by the surface's proxy.
    var inputHandlers: [OpaquePointer: @Sendable (WaylandInputEvent) -> Void] = [:]
    /// Input events for a surface without a handler (gone, or never given one).
    var undeliveredInputEvents = 0
    /// Why the connection failed, once it has.
    var failureLocked: WaylandError?
    /// The errno of that failure.
    var failureErrno: Errno?
    /// Whether the last flush left requests queued because the socket was full: the compositor is not
    /// reading (``checkRoomLocked()``).
    var isBackedUpLocked = false
    var isClosedLocked = false
    /// Threads inside ``wait(until:wakeable:extraDescriptor:_:)``; ``close()`` lets them leave first.
    var activeWaiters = 0
    /// When the events being dispatched were read, in CLOCK_MONOTONIC nanoseconds.
    var dispatchStamp: Int64 = 0
    /// How to close each window and frame timing still open, before the globals go.
    var childClosers: [ObjectIdentifier: () -> Void] = [:]

    /// Connects to the compositor at `name` and binds its globals.
    ///
    /// - Parameters:
    ///   - name: A socket name inside `$XDG_RUNTIME_DIR`, or an absolute path; nil for
    ///     `$WAYLAND_DISPLAY`, else `wayland-0`.
    ///   - ignoringGlobals: Interfaces not to bind, as if the compositor lacked them (for example
    ///     `["wp_presentation"]`, to run the paths that do without).
    ///   - timeout: How long to wait for the compositor's answers while connecting.
    /// - Throws: ``WaylandError/noCompositor(socket:errno:)`` (`ENOENT`),
    ///   ``WaylandError/staleSocket(socket:errno:)`` (`ECONNREFUSED`),
    ///   ``WaylandError/connectFailed(socket:errno:)``, ``WaylandError/timedOut(waitingFor:)`` or
    ///   ``WaylandError/connectionLost(_:)``.
    public convenience init(
        name: String? = nil, ignoringGlobals: Set<String> = [], timeout: Duration = .seconds(2)
    ) throws(WaylandError) {
        let socket = WaylandSocketPath.resolve(name)
        let connected: OpaquePointer? =
            if let name { name.withCString { wl_display_connect($0) } } else { wl_display_connect(nil) }
        guard let connected else {
            let errno = Errno.current
            switch errno {
            case .noSuchFileOrDirectory: throw .noCompositor(socket: socket, errno: errno)
            case .connectionRefused: throw .staleSocket(socket: socket, errno: errno)
            default: throw .connectFailed(socket: socket, errno: errno)
            }
        }
        try self.init(display: connected, owns: true, ignoringGlobals: ignoringGlobals, timeout: timeout)
    }

    /// Uses a `wl_display` that a toolkit connected, without taking it over: the module's objects go
    /// on a private queue, the toolkit's dispatch is undisturbed, and ``close()`` leaves the display
    /// connected.
    ///
    /// - Parameters:
    ///   - display: The toolkit's `struct wl_display *` (from an `OpaquePointer`, pass
    ///     `UnsafeMutableRawPointer(pointer)`). It must stay connected until ``close()``.
    ///   - ignoringGlobals: Interfaces not to bind, as in ``init(name:ignoringGlobals:timeout:)``.
    ///   - timeout: How long to wait for the compositor's answers while binding.
    public convenience init(
        adopting display: UnsafeMutableRawPointer, ignoringGlobals: Set<String> = [],
        timeout: Duration = .seconds(2)
    ) throws(WaylandError) {
        try self.init(
            display: OpaquePointer(display), owns: false, ignoringGlobals: ignoringGlobals, timeout: timeout)
    }

    private init(display: OpaquePointer, owns: Bool, ignoringGlobals: Set<String>, timeout: Duration)
        throws(WaylandError)
    {
        let signals: (wake: WakeSignal, interrupt: WakeSignal)
        do throws(Errno) {
            signals = (try WakeSignal(), try WakeSignal())
        } catch {
            if owns { wl_display_disconnect(display) }
            throw .systemCall(name: "eventfd", errno: error)
        }
        let queue = wl_display_create_queue(display)
        let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display))
        guard let queue, let wrapper else {
            if let wrapper { wl_proxy_wrapper_destroy(wrapper) }
            if let queue { wl_event_queue_destroy(queue) }
            if owns { wl_display_disconnect(display) }
            throw .systemCall(name: "wl_display_create_queue", errno: .noMemory)
        }
        self.display = display
        self.ownsDisplay = owns
        self.queue = queue
        self.displayWrapper = Proxy(OpaquePointer(wrapper))
        self.wakeSignal = signals.wake
        self.interruptSignal = signals.interrupt
        self.ignoredGlobals = ignoringGlobals
        wl_proxy_set_queue(displayWrapper.pointer, self.queue)
        do {
            try bindGlobals(timeout: timeout)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    // MARK: What the compositor offers

    /// Every global the compositor advertised, by numeric name.
    public var globals: [WaylandGlobal] {
        lock.withLock { advertised.values.sorted { $0.name < $1.name } }
    }

    /// The compositor's outputs, as last described, in the order they were advertised.
    public var outputs: [WaylandOutput] {
        lock.withLock { outputRecords.values.map(\.output).sorted { $0.globalName < $1.globalName } }
    }

    /// The pixel formats `wl_shm` offers that this module draws in.
    public var pixelFormats: [WaylandPixelFormat] {
        lock.withLock { WaylandPixelFormat.allCases.filter { shmFormatCodes.contains($0.rawValue) } }
    }

    /// Whether `wp_presentation` is bound, so that frames can get presentation feedback.
    public var supportsPresentationFeedback: Bool {
        lock.withLock { presentation != nil }
    }

    /// Whether `zwp_input_timestamps_manager_v1` is bound, so that the seats' input events carry
    /// their time to the nanosecond (``WaylandInputEvent/compositorNanoseconds``).
    public var supportsInputTimestamps: Bool {
        lock.withLock { inputTimestampsManager != nil }
    }

    /// The compositor's presentation clock (`wp_presentation.clock_id`, a `clock_gettime` id: weston
    /// reports 4, CLOCK_MONOTONIC_RAW), or nil without `wp_presentation`.
    public var presentationClockID: Int32? {
        lock.withLock { presentationClock.map { Int32($0) } }
    }

    // MARK: The connection itself

    /// The `struct wl_display *`, for code that takes a display (it stays owned by its owner).
    public var displayPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(display) }

    /// The display's socket descriptor, for a caller that polls it itself beside other descriptors;
    /// ``WaylandFrameTiming/nextEvent(timeout:wakingOn:)`` reads and dispatches.
    public var displayDescriptor: FileDescriptor { FileDescriptor(rawValue: wl_display_get_fd(display)) }

    /// Why the connection failed (``WaylandError/connectionLost(_:)`` or
    /// ``WaylandError/protocolError(interface:objectID:code:)``), or nil while it works.
    public var failure: WaylandError? {
        lock.withLock {
            _ = failureErrnoLocked()
            return failureLocked
        }
    }

    /// Whether ``close()`` has run.
    public var isClosed: Bool { lock.withLock { isClosedLocked } }

    /// Wakes a thread waiting in ``WaylandFrameTiming/nextEvent(timeout:wakingOn:)`` on this
    /// connection: its wait returns ``WaylandFrameEvent/woken``. A wake with nobody waiting makes the
    /// next wait return at once. Safe from any thread.
    public func wake() {
        wakeSignal.signal()
    }

    /// Sends everything queued and waits until the compositor has handled it (a `wl_display.sync`
    /// on the private queue), dispatching the events that arrive meanwhile.
    ///
    /// - Throws: ``WaylandError/timedOut(waitingFor:)`` after `timeout`; the connection's failure
    ///   when it breaks; ``WaylandError/closed(_:)`` after ``close()``.
    public func roundtrip(timeout: Duration = .seconds(2)) throws(WaylandError) {
        let deadline = KernelClock.monotonicDeadline(after: timeout)
        let done = Flag()
        let callback = try lock.withLock { () throws(WaylandError) -> Proxy in
            try checkUsableLocked()
            guard
                let callback = displayWrapper.create(
                    WaylandRequest.Display.sync, cwl_interface_wl_callback(), version: displayWrapper.version,
                    [wl_argument(n: 0)])
            else { throw WaylandError.connectionLost(failureErrno ?? .noMemory) }
            callback.listen { _, _ in done.isSet = true }
            return callback
        }
        defer { lock.withLock { callback.destroy() } }
        while true {
            switch wait(until: deadline, wakeable: false, extraDescriptor: nil, { done.isSet }) {
            case .satisfied: return
            case .timedOut: throw .timedOut(waitingFor: "a roundtrip")
            case .woken: continue
            case .lost: throw failure ?? .connectionLost(.brokenPipe)
            case .closed: throw .closed("the Wayland connection")
            }
        }
    }

    /// Closes every window and frame timing made on the connection, destroys the module's objects,
    /// and disconnects the display unless it was adopted. Idempotent; waits (briefly) for threads
    /// that are waiting on the connection to leave first.
    public func close() {
        let closers = lock.withLock { () -> [() -> Void] in
            guard !isClosedLocked else { return [] }
            let closers = Array(childClosers.values)
            childClosers = [:]
            return closers
        }
        for close in closers { close() }
        let proceed = lock.withLock { () -> Bool in
            guard !isClosedLocked else { return false }
            isClosedLocked = true
            return true
        }
        guard proceed else { return }
        interruptSignal.signal()
        // Waiters leave within one pass of their loop once they see the flag.
        while lock.withLock({ activeWaiters > 0 }) {
            interruptSignal.signal()
            usleep(500)
        }
        lock.withLock {
            destroyGlobalsLocked()
            displayWrapper.destroyWrapper()
            _ = wl_display_flush(display)
            wl_event_queue_destroy(queue)
            if ownsDisplay { wl_display_disconnect(display) }
        }
    }

    // MARK: For the objects made on the connection

    /// Throws when the connection is closed or broken. Call holding the lock.
    func checkUsableLocked() throws(WaylandError) {
        if isClosedLocked { throw .closed("the Wayland connection") }
        if failureErrnoLocked() != nil { throw failureLocked ?? .connectionLost(.brokenPipe) }
    }

    /// The connection's failure errno, also noticing one libwayland has recorded. Call holding the lock.
    func failureErrnoLocked() -> Errno? {
        if let failureErrno { return failureErrno }
        let code = wl_display_get_error(display)
        guard code != 0 else { return nil }
        recordFailureLocked(Errno(rawValue: code))
        return failureErrno
    }

    /// Remembers that the connection failed with `errno` (the first failure wins). Call holding the lock.
    func recordFailureLocked(_ errno: Errno) {
        guard failureErrno == nil else { return }
        failureErrno = errno
        if errno == .protocolError {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let code = wl_display_get_protocol_error(display, &interface, &objectID)
            let name = interface.flatMap { $0.pointee.name.map { String(cString: $0) } } ?? "an object"
            failureLocked = .protocolError(interface: name, objectID: objectID, code: code)
        } else {
            failureLocked = .connectionLost(errno)
        }
    }

    /// Sends what is queued. Errors other than a full socket (`EAGAIN`, sent later by the next wait)
    /// mark the connection failed and are thrown. Call holding the lock.
    func flushLocked() throws(WaylandError) {
        isBackedUpLocked = false
        guard wl_display_flush(display) < 0 else { return }
        let errno = Errno.current
        guard errno != .resourceTemporarilyUnavailable else {
            isBackedUpLocked = true
            return
        }
        recordFailureLocked(errno)
        throw failureLocked ?? .connectionLost(errno)
    }

    /// Throws ``WaylandError/compositorNotReading`` while the socket is still full after a flush:
    /// libwayland queues a client's requests in a buffer of 4 KiB and ends the connection (`EAGAIN`)
    /// when one does not fit and the socket takes none, so a request made each frame for a compositor
    /// that stopped reading ends it within a few seconds. The requests a window makes each frame
    /// (commits, frame callbacks, feedback) ask here first. Call holding the lock.
    func checkRoomLocked() throws(WaylandError) {
        guard isBackedUpLocked else { return }
        try flushLocked()
        if isBackedUpLocked { throw .compositorNotReading }
    }

    /// Registers how to close a child (a window, a frame timing) when the connection closes first.
    func registerChild(_ child: AnyObject, close: @escaping () -> Void) {
        lock.withLock { childClosers[ObjectIdentifier(child)] = close }
    }

    /// Forgets a child that closed itself. Call holding the lock.
    func unregisterChildLocked(_ child: AnyObject) {
        childClosers[ObjectIdentifier(child)] = nil
    }
}

/// A flag set by an event handler and read by a wait condition, both under the connection's lock.
final class Flag {
    var isSet = false
}
