internal import CXCB
internal import CXCBShims
internal import PthreadLock
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Connects to an X server within a deadline: the socket opened and the Xauthority cookie found here,
/// and libxcb's setup handshake (`xcb_connect_to_fd`, which waits in `poll` without a limit for the
/// server's answer) run on a helper thread. When the deadline passes first, the socket is shut down,
/// so that xcb's read fails and the helper returns; nothing stays blocked.
final class X11SetupHandshake: @unchecked Sendable {
    private let lock = PthreadMutex()
    private let finishedCondition = PthreadCondition()
    /// The helper's result, once it returned.
    private var result: OpaquePointer?
    private var finished = false
    /// The caller stopped waiting: the helper disconnects what it gets.
    private var abandoned = false
    /// The descriptor handed to xcb (a duplicate of the caller's, which shuts the socket down).
    private let xcbDescriptor: Int32
    /// The display's number, for the Xauthority lookup.
    private let displayNumber: Int32

    /// How long the helper may take to return after its socket was shut down: xcb's read then fails at
    /// once, so this bound is never met unless the machine stalls.
    static let shutdownGrace = Duration.seconds(1)
    /// `XCB_CONN_CLOSED_PARSE_ERR`: the display name could not be parsed.
    static let parseErrorCode: Int32 = 5
    /// `XCB_CONN_ERROR`: a socket error, or no server listening.
    static let socketErrorCode: Int32 = 1

    private init(xcbDescriptor: Int32, displayNumber: Int32) {
        self.xcbDescriptor = xcbDescriptor
        self.displayNumber = displayNumber
    }

    /// Connects to the X server `name` names (`:7`, `unix:7`, `host:7.1`) by `deadline`
    /// (CLOCK_MONOTONIC nanoseconds): the connection and the screen number the name gives.
    ///
    /// - Throws: ``X11Error/connectFailed(display:code:)`` (an unparsable name, no server, a
    ///   connection refused), ``X11Error/timedOut(waitingFor:)`` when the server does not answer by the
    ///   deadline, or ``X11Error/systemCall(name:errno:)``.
    static func connect(to name: String, until deadline: Int64) throws(X11Error) -> (OpaquePointer, Int32) {
        var host: UnsafeMutablePointer<CChar>?
        var displayNumber: Int32 = 0
        var screen: Int32 = 0
        guard name.withCString({ xcb_parse_display($0, &host, &displayNumber, &screen) }) != 0 else {
            throw .connectFailed(display: name, code: parseErrorCode)
        }
        let socket = fc_xcb_open_socket(host, displayNumber, deadline)
        free(host)
        if socket == -ETIMEDOUT { throw .timedOut(waitingFor: "a connection to the X server at \(name)") }
        guard socket >= 0 else { throw .connectFailed(display: name, code: socketErrorCode) }
        defer { Glibc.close(socket) }
        let duplicate = dup(socket)
        guard duplicate >= 0 else { throw .systemCall(name: "dup", errno: Errno(rawValue: errno)) }
        let handshake = X11SetupHandshake(xcbDescriptor: duplicate, displayNumber: displayNumber)
        do {
            try handshake.startHelper()
        } catch {
            Glibc.close(duplicate)
            throw error
        }
        let connection = try handshake.awaitConnection(shuttingDown: socket, until: deadline)
        let code = xcb_connection_has_error(connection)
        guard code == 0 else {
            xcb_disconnect(connection)
            throw .connectFailed(display: name, code: code)
        }
        return (connection, screen)
    }

    /// Starts the helper thread that runs the handshake.
    private func startHelper() throws(X11Error) {
        let context = Unmanaged.passRetained(self).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                Unmanaged<X11SetupHandshake>.fromOpaque(raw).takeRetainedValue().runHandshake()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<X11SetupHandshake>.fromOpaque(context).release()
            throw .systemCall(name: "pthread_create", errno: Errno(rawValue: started))
        }
    }

    /// On the helper: the handshake, its result handed over (or disconnected when nobody waits).
    private func runHandshake() {
        var auth = xcb_auth_info_t()
        let entry = fc_xcb_find_auth(xcbDescriptor, displayNumber, &auth)
        // xcb sends the cookie before it waits for the answer, and owns the descriptor from here on.
        let connection =
            entry == nil
            ? xcb_connect_to_fd(xcbDescriptor, nil) : xcb_connect_to_fd(xcbDescriptor, &auth)
        fc_xcb_auth_release(entry)
        let keep = lock.withLock { () -> Bool in
            finished = true
            result = connection
            finishedCondition.broadcast()
            return !abandoned
        }
        if !keep, let connection { xcb_disconnect(connection) }
    }

    /// Waits until `deadline` for the helper's connection; after it, shuts `socket` down and waits
    /// ``shutdownGrace`` longer for the helper to return, then throws ``X11Error/timedOut(waitingFor:)``.
    private func awaitConnection(shuttingDown socket: Int32, until deadline: Int64) throws(X11Error)
        -> OpaquePointer
    {
        if let connection = waitForResult(until: deadline, abandoning: false) { return connection }
        // The server accepted and does not answer (stopped, or hung): its socket is closed under xcb's
        // read, which then fails.
        shutdown(socket, Int32(SHUT_RDWR))
        let grace = KernelClock.monotonicDeadline(after: Self.shutdownGrace)
        if let late = waitForResult(until: grace, abandoning: true) { xcb_disconnect(late) }
        throw .timedOut(waitingFor: "the X server's answer to the connection setup")
    }

    /// The helper's connection once it finished by `deadline`, else nil. A connection that arrived
    /// is taken, so that it is disconnected exactly once; when `abandoning`, the helper disconnects
    /// one that arrives later.
    private func waitForResult(until deadline: Int64, abandoning: Bool) -> OpaquePointer? {
        lock.withLock { () -> OpaquePointer? in
            while !finished, KernelClock.monotonicNanoseconds() < deadline {
                finishedCondition.wait(releasing: lock.mutex, until: deadline)
            }
            if abandoning { abandoned = true }
            guard finished, let connection = result else { return nil }
            result = nil
            return connection
        }
    }
}
