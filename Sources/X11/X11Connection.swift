internal import CXCB
internal import CXCBShims
internal import PthreadLock
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A connection to an X server (libxcb) that offers the Present extension.
///
/// ```swift
/// let connection = try X11Connection()                 // $DISPLAY
/// print(connection.presentVersion)                      // "1.2"
/// let window = try X11Window(connection: connection, title: "clock", width: 256, height: 256)
/// ```
///
/// Connecting asks the server for Present (at least 1.0): a server without it throws
/// ``X11Error/presentUnavailable(display:major:minor:)``, because nothing of this module works
/// without it. No call waits for the server without a timeout: replies are polled for on the
/// connection's descriptor (``fileDescriptor``).
///
/// The type is `Sendable`: libxcb's calls are thread-safe, and the connection's own state is guarded
/// by a lock.
public final class X11Connection: @unchecked Sendable {
    /// The `xcb_connection_t` (package access: an EGL display is made on it, `X11EGL`).
    package let connection: OpaquePointer
    /// The number of the screen connected to (`:0.1` → 1): the default screen's.
    package let screenNumber: Int32
    /// The display's name, as connected to (`:7`).
    public let displayName: String
    /// The Present extension's version on the server.
    public let presentVersion: X11PresentVersion
    /// The Present extension's major opcode (errors of its requests carry it).
    let presentOpcode: UInt8
    /// The default screen's root window.
    let root: UInt32
    /// The default screen's root visual.
    package let rootVisual: UInt32
    /// The default screen's depth.
    let rootDepth: UInt8
    /// The default screen's size in pixels.
    public let screenSize: (width: Int, height: Int)
    private let lock = PthreadMutex()
    private var isClosedLocked = false

    /// The Present version this module asks for.
    static let requestedPresent = X11PresentVersion(major: 1, minor: 2)
    /// How long connecting waits for the server's answers, by default.
    public static let defaultTimeout = Duration.seconds(2)

    /// Connects to the X server at `display` (`$DISPLAY` when nil) and checks its Present extension,
    /// all of it within `timeout`: a server that accepts the connection and never answers (stopped,
    /// hung) makes it throw ``X11Error/timedOut(waitingFor:)``, not wait.
    ///
    /// - Throws: ``X11Error/noDisplayName`` (no name, no `DISPLAY`),
    ///   ``X11Error/connectFailed(display:code:)``, ``X11Error/presentUnavailable(display:major:minor:)``
    ///   or ``X11Error/timedOut(waitingFor:)``.
    public init(display: String? = nil, timeout: Duration = defaultTimeout) throws(X11Error) {
        let name: String
        if let display, !display.isEmpty {
            name = display
        } else if let variable = getenv("DISPLAY"), variable.pointee != 0 {
            name = String(cString: variable)
        } else {
            throw .noDisplayName
        }
        let deadline = KernelClock.monotonicDeadline(after: timeout)
        // Not xcb_connect: it waits for the server's setup answer without a limit.
        let (connected, screenNumber) = try X11SetupHandshake.connect(to: name, until: deadline)
        connection = connected
        self.screenNumber = screenNumber
        displayName = name
        var roots = xcb_setup_roots_iterator(xcb_get_setup(connected))
        var index: Int32 = 0
        while index < screenNumber, roots.rem > 1 {
            xcb_screen_next(&roots)
            index += 1
        }
        let screen = roots.data.pointee
        root = screen.root
        rootVisual = screen.root_visual
        rootDepth = screen.root_depth
        screenSize = (Int(screen.width_in_pixels), Int(screen.height_in_pixels))
        do throws(X11Error) {
            (presentVersion, presentOpcode) = try Self.queryPresent(
                connected, display: name, until: deadline)
        } catch {
            xcb_disconnect(connected)
            throw error
        }
    }

    deinit {
        close()
    }

    /// Asks the server for its Present extension and version.
    private static func queryPresent(_ connection: OpaquePointer, display: String, until deadline: Int64)
        throws(X11Error) -> (X11PresentVersion, UInt8)
    {
        // Asked for first with a deadline: xcb_get_extension_data alone would wait without a limit
        // (after this answer it finds a live server, which answers its own query at once).
        let name = "Present"
        let query = name.withCString { xcb_query_extension(connection, UInt16(name.utf8.count), $0) }
        let answer: UnsafeMutablePointer<xcb_query_extension_reply_t> = try awaitReply(
            connection, sequence: query.sequence, until: deadline, display: display,
            waitingFor: "QueryExtension(Present)")
        let offered = answer.pointee.present != 0
        free(answer)
        guard offered, let extensionData = xcb_get_extension_data(connection, fc_xcb_present_extension()),
            extensionData.pointee.present != 0
        else {
            throw .presentUnavailable(display: display, major: 0, minor: 0)
        }
        let opcode = extensionData.pointee.major_opcode
        let cookie = xcb_present_query_version(
            connection, requestedPresent.major, requestedPresent.minor)
        let reply: UnsafeMutablePointer<xcb_present_query_version_reply_t> = try awaitReply(
            connection, sequence: cookie.sequence, until: deadline, display: display,
            waitingFor: "PresentQueryVersion")
        defer { free(reply) }
        let version = X11PresentVersion(
            major: reply.pointee.major_version, minor: reply.pointee.minor_version)
        guard version.major >= 1 else {
            throw .presentUnavailable(display: display, major: version.major, minor: version.minor)
        }
        return (version, opcode)
    }

    /// The connection's socket: readable when the server sent something. A loop that polls it calls
    /// the module's event functions when it is readable.
    public var fileDescriptor: FileDescriptor {
        FileDescriptor(rawValue: xcb_get_file_descriptor(connection))
    }

    /// The connection's failure, once it has failed (the server gone); nil while it works.
    public var failure: X11Error? {
        let code = xcb_connection_has_error(connection)
        return code == 0 ? nil : .connectionLost(display: displayName, code: code)
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { lock.withLock { isClosedLocked } }

    /// Sends the requests buffered so far.
    public func flush() {
        _ = xcb_flush(connection)
    }

    /// A new XID for a resource of this client's.
    func generateID() -> UInt32 {
        xcb_generate_id(connection)
    }

    /// Disconnects. Idempotent; windows made on the connection are destroyed by the server.
    public func close() {
        let wasOpen = lock.withLock { () -> Bool in
            defer { isClosedLocked = true }
            return !isClosedLocked
        }
        if wasOpen { xcb_disconnect(connection) }
    }

    /// Throws ``X11Error/closed(_:)`` after ``close()`` and the connection's failure after it failed.
    func checkUsable(_ what: String) throws(X11Error) {
        if isClosed { throw .closed(what) }
        if let failure { throw failure }
    }

    // MARK: - Replies with a deadline

    /// Waits until the reply to request `sequence` has come (or an error for it), polling the socket
    /// until `deadline` (CLOCK_MONOTONIC nanoseconds).
    func reply<Reply>(to sequence: UInt32, until deadline: Int64, waitingFor: String) throws(X11Error)
        -> UnsafeMutablePointer<Reply>
    {
        try Self.awaitReply(
            connection, sequence: sequence, until: deadline, display: displayName, waitingFor: waitingFor)
    }

    /// Waits for the reply to request `sequence` on `connection` until `deadline`; the caller frees it.
    static func awaitReply<Reply>(
        _ connection: OpaquePointer, sequence: UInt32, until deadline: Int64, display: String,
        waitingFor: String
    ) throws(X11Error) -> UnsafeMutablePointer<Reply> {
        _ = xcb_flush(connection)
        while true {
            var reply: UnsafeMutableRawPointer?
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            if xcb_poll_for_reply(connection, UInt32(sequence), &reply, &error) != 0 {
                if let error {
                    defer { free(error) }
                    throw .requestFailed(
                        request: waitingFor, errorCode: error.pointee.error_code,
                        resource: error.pointee.resource_id)
                }
                guard let reply else {
                    let code = xcb_connection_has_error(connection)
                    throw .connectionLost(display: display, code: code == 0 ? 1 : code)
                }
                return reply.assumingMemoryBound(to: Reply.self)
            }
            let code = xcb_connection_has_error(connection)
            if code != 0 { throw .connectionLost(display: display, code: code) }
            try waitReadable(connection, until: deadline, display: display, waitingFor: waitingFor)
        }
    }

    /// Waits until the connection's socket is readable, or throws ``X11Error/timedOut(waitingFor:)`` at
    /// `deadline`.
    static func waitReadable(
        _ connection: OpaquePointer, until deadline: Int64, display: String, waitingFor: String
    )
        throws(X11Error)
    {
        var descriptors = [PollDescriptor(FileDescriptor(rawValue: xcb_get_file_descriptor(connection)))]
        let ready: Int
        do {
            ready = try SystemCall.poll(&descriptors, until: deadline)
        } catch {
            throw .systemCall(name: "poll", errno: error)
        }
        if ready == 0 { throw .timedOut(waitingFor: waitingFor) }
    }
}

/// The Present extension's version on a server.
public struct X11PresentVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version.
    public let major: UInt32
    /// The minor version.
    public let minor: UInt32

    /// A version `major.minor`.
    public init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// `"1.2"`.
    public var description: String { "\(major).\(minor)" }
}
