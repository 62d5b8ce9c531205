internal import CXCB
internal import CXCBShims
internal import PthreadLock
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The Present extension's view of one window: its completions (MSC and UST), its configuration,
/// and whether it is mapped, on a connection of the watch's own.
///
/// ```swift
/// let watch = try X11PresentWatch(display: ":0", window: xid)   // a toolkit's window, by XID
/// let serial = try watch.notifyMSC(target: 0)                   // the current MSC, at once
/// if case .completed(let done) = watch.nextEvent(until: deadline) { print(done.msc, done.ust) }
/// ```
///
/// The watch selects Present's CompleteNotify and ConfigureNotify on the window (read from a special
/// event queue of its own, `xcb_register_for_special_xge`) and StructureNotify (MapNotify,
/// UnmapNotify, DestroyNotify). Another client's window can be watched this way: its own event
/// masks are untouched, and Present sends the completions of every client's PresentPixmap on the
/// window to every client that selected them.
public final class X11PresentWatch: @unchecked Sendable {
    /// The watch's connection.
    public let connection: X11Connection
    /// The window's XID.
    public let window: UInt32
    private let eventID: UInt32
    /// The `xcb_special_event_t` Present's events are queued on.
    private let specialQueue: OpaquePointer
    private let ownsConnection: Bool
    private let lock = PthreadMutex()
    private var nextSerial: UInt32 = 1
    private var isClosed = false

    /// The watch's NotifyMSC serials stay in the lower half of the 32-bit range; `X11Window` uses the
    /// upper half.
    static let serialMask: UInt32 = 0x7FFF_FFFF

    /// Watches `window` on a new connection to `display` (`$DISPLAY` when nil).
    ///
    /// - Throws: as ``X11Connection/init(display:timeout:)``, and as ``init(connection:window:timeout:)``.
    public convenience init(
        display: String?, window: UInt32, timeout: Duration = X11Connection.defaultTimeout
    )
        throws(X11Error)
    {
        let connection = try X11Connection(display: display, timeout: timeout)
        do {
            try self.init(connection: connection, window: window, timeout: timeout, owning: true)
        } catch {
            connection.close()
            throw error
        }
    }

    /// Watches `window` on `connection`, which stays the caller's.
    ///
    /// - Throws: ``X11Error/noSuchWindow(_:)`` when the window does not exist,
    ///   ``X11Error/requestFailed(request:errorCode:resource:)`` when the server refuses the selection,
    ///   ``X11Error/timedOut(waitingFor:)`` or ``X11Error/connectionLost(display:code:)``.
    public convenience init(
        connection: X11Connection, window: UInt32, timeout: Duration = X11Connection.defaultTimeout
    ) throws(X11Error) {
        try self.init(connection: connection, window: window, timeout: timeout, owning: false)
    }

    private init(connection: X11Connection, window: UInt32, timeout: Duration, owning: Bool) throws(X11Error)
    {
        try connection.checkUsable("the X11 connection")
        let deadline = KernelClock.monotonicDeadline(after: timeout)
        // Known to the server, or a typed error now rather than an X error later.
        _ = try connection.mapState(of: window, until: deadline)
        let c = connection.connection
        let eventID = connection.generateID()
        var mask = UInt32(XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue)
        let structure = xcb_change_window_attributes_checked(
            c, window, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        let present = xcb_present_select_input_checked(
            c, eventID, window,
            UInt32(
                XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY.rawValue
                    | XCB_PRESENT_EVENT_MASK_CONFIGURE_NOTIFY.rawValue))
        guard let queue = xcb_register_for_special_xge(c, fc_xcb_present_extension(), eventID, nil) else {
            throw .requestFailed(request: "xcb_register_for_special_xge", errorCode: 0, resource: window)
        }
        // Both checked with one round trip: the second request's answer comes after the first's.
        for (cookie, name) in [(structure, "ChangeWindowAttributes"), (present, "PresentSelectInput")] {
            do {
                try Self.check(connection, cookie, name: name, until: deadline)
            } catch {
                xcb_unregister_for_special_event(c, queue)
                if case .requestFailed(_, let code, _) = error, code == UInt8(XCB_WINDOW) {
                    throw .noSuchWindow(window)
                }
                throw error
            }
        }
        self.connection = connection
        self.window = window
        self.eventID = eventID
        specialQueue = queue
        ownsConnection = owning
    }

    deinit {
        close()
    }

    /// Waits for the answer to a checked request, bounded by `deadline`.
    private static func check(
        _ connection: X11Connection, _ cookie: xcb_void_cookie_t, name: String, until deadline: Int64
    ) throws(X11Error) {
        // A void request has no reply: a GetInputFocus after it is answered once it was handled.
        let sync = xcb_get_input_focus(connection.connection)
        let reply: UnsafeMutablePointer<xcb_get_input_focus_reply_t> = try connection.reply(
            to: sync.sequence, until: deadline, waitingFor: name)
        free(reply)
        if let error = xcb_request_check(connection.connection, cookie) {
            defer { free(error) }
            throw .requestFailed(
                request: name, errorCode: error.pointee.error_code, resource: error.pointee.resource_id)
        }
    }

    /// The window's map state now (a round trip, bounded by `timeout`).
    public func mapState(timeout: Duration = X11Connection.defaultTimeout) throws(X11Error) -> X11MapState {
        try connection.mapState(of: window, until: KernelClock.monotonicDeadline(after: timeout))
    }

    /// Asks for a completion when the window's MSC reaches `target` (PresentNotifyMSC; a target
    /// already passed, such as 0, completes at the current MSC at once). Returns the request's serial,
    /// which its ``X11PresentCompletion`` carries. The request is sent before the next wait.
    public func notifyMSC(target: UInt64, divisor: UInt64 = 0, remainder: UInt64 = 0) throws(X11Error)
        -> UInt32
    {
        try connection.checkUsable("the X11 connection")
        let serial = lock.withLock { () -> UInt32 in
            // Kept below X11Window's serials, so that a NotifyMSC of the window's own (its
            // presentDrawnContent()) is never taken for one of the watch's.
            defer { nextSerial = (nextSerial &+ 1) & Self.serialMask }
            return nextSerial
        }
        xcb_present_notify_msc(connection.connection, window, serial, target, divisor, remainder)
        return serial
    }

    /// Waits until `deadline` (CLOCK_MONOTONIC nanoseconds) for the window's next event, or until
    /// `wake` is readable. Events already received are returned without waiting.
    public func nextEvent(until deadline: Int64, wakingOn wake: FileDescriptor? = nil) -> X11WindowEvent {
        while true {
            if let event = takeEvent() { return event }
            if let failure = connection.failure { return .connectionLost(failure) }
            do {
                switch try connection.waitReadable(until: deadline, wake: wake) {
                case .socket: continue
                case .wake: return .woken
                case .timedOut:
                    // A last look: the socket may have been read by another thread meanwhile.
                    return takeEvent() ?? .timedOut
                }
            } catch {
                return .connectionLost(error)
            }
        }
    }

    /// The next event received (Present's first), reading the socket without waiting.
    private func takeEvent() -> X11WindowEvent? {
        if let raw = xcb_poll_for_special_event(connection.connection, specialQueue) {
            defer { free(raw) }
            var decoded = fc_present_event()
            switch fc_xcb_present_decode(raw, &decoded) {
            case UInt32(fc_present_event_complete.rawValue):
                return .completed(
                    X11PresentCompletion(
                        kind: X11PresentCompletion.Kind(rawValue: UInt8(truncatingIfNeeded: decoded.kind))
                            ?? .pixmap,
                        mode: X11PresentCompletion.Mode(rawValue: UInt8(truncatingIfNeeded: decoded.mode))
                            ?? .copy,
                        serial: decoded.serial, msc: decoded.msc, ust: decoded.ust,
                        receivedAt: KernelClock.monotonicNanoseconds()))
            case UInt32(fc_present_event_configure.rawValue):
                return .configured(
                    X11PresentConfiguration(
                        x: Int(decoded.x), y: Int(decoded.y), width: Int(decoded.width),
                        height: Int(decoded.height)))
            default:
                return takeEvent()
            }
        }
        while let core = connection.pollCoreEvent() {
            switch core {
            case .mapped(let window) where window == self.window: return .mapped
            case .unmapped(let window) where window == self.window: return .unmapped
            case .destroyed(let window) where window == self.window: return .destroyed
            case .error(let code, let resource, let opcode):
                if code == UInt8(XCB_WINDOW), resource == window { return .destroyed }
                return .requestFailed(
                    .requestFailed(
                        request: opcode == connection.presentOpcode
                            ? "a Present request" : "a request (opcode \(opcode))",
                        errorCode: code, resource: resource))
            default: continue
            }
        }
        return nil
    }

    /// Stops watching: the event queue is unregistered, and a connection the watch opened is closed.
    /// Idempotent.
    public func close() {
        let wasOpen = lock.withLock { () -> Bool in
            defer { isClosed = true }
            return !isClosed
        }
        guard wasOpen else { return }
        if connection.failure == nil, !connection.isClosed {
            _ = xcb_present_select_input(connection.connection, eventID, window, 0)
            connection.flush()
        }
        if !connection.isClosed { xcb_unregister_for_special_event(connection.connection, specialQueue) }
        if ownsConnection { connection.close() }
    }
}
