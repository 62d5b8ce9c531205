internal import CXCB
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A core-protocol event or error read from a connection's main queue, decoded as far as this module
/// cares.
enum X11CoreEvent: Hashable, Sendable {
    /// An error reply to a request sent without waiting for its answer.
    case error(code: UInt8, resource: UInt32, majorOpcode: UInt8)
    /// MapNotify for `window`.
    case mapped(window: UInt32)
    /// UnmapNotify for `window`.
    case unmapped(window: UInt32)
    /// DestroyNotify for `window`.
    case destroyed(window: UInt32)
    /// Anything else (Expose, ConfigureNotify, ReparentNotify, ...).
    case other
}

extension X11Connection {
    /// The core event codes decoded here (xproto.h).
    private enum CoreCode {
        static let error: UInt8 = 0
        static let destroyNotify = UInt8(XCB_DESTROY_NOTIFY)
        static let unmapNotify = UInt8(XCB_UNMAP_NOTIFY)
        static let mapNotify = UInt8(XCB_MAP_NOTIFY)
        /// The byte offset of `window` in DestroyNotify, UnmapNotify and MapNotify.
        static let windowOffset = 8
        /// The bit set on an event sent by SendEvent.
        static let sentByClient: UInt8 = 0x80
    }

    /// The next event of the main queue, reading the socket without waiting; nil when none is there.
    func pollCoreEvent() -> X11CoreEvent? {
        guard let event = xcb_poll_for_event(connection) else { return nil }
        defer { free(event) }
        let raw = UnsafeRawPointer(event)
        switch event.pointee.response_type & ~CoreCode.sentByClient {
        case CoreCode.error:
            let error = raw.assumingMemoryBound(to: xcb_generic_error_t.self).pointee
            return .error(code: error.error_code, resource: error.resource_id, majorOpcode: error.major_code)
        case CoreCode.destroyNotify:
            return .destroyed(
                window: raw.loadUnaligned(fromByteOffset: CoreCode.windowOffset, as: UInt32.self))
        case CoreCode.unmapNotify:
            return .unmapped(
                window: raw.loadUnaligned(fromByteOffset: CoreCode.windowOffset, as: UInt32.self))
        case CoreCode.mapNotify:
            return .mapped(window: raw.loadUnaligned(fromByteOffset: CoreCode.windowOffset, as: UInt32.self))
        default:
            return .other
        }
    }

    /// What a wait on the socket (and another descriptor) came to.
    enum Readiness {
        /// The socket is readable (or hung up: reading will tell).
        case socket
        /// The other descriptor is readable.
        case wake
        /// The deadline passed.
        case timedOut
    }

    /// Waits until the socket or `wake` is readable, or `deadline` (CLOCK_MONOTONIC nanoseconds;
    /// nil: no limit) has passed. The buffered requests are sent first.
    func waitReadable(until deadline: Int64?, wake: FileDescriptor?) throws(X11Error) -> Readiness {
        flush()
        var descriptors = [PollDescriptor(fileDescriptor)]
        if let wake { descriptors.append(PollDescriptor(wake)) }
        let ready: Int
        do {
            ready = try SystemCall.poll(&descriptors, until: deadline)
        } catch {
            throw .systemCall(name: "poll", errno: error)
        }
        if ready == 0 { return .timedOut }
        if descriptors.count > 1, !descriptors[1].returnedEvents.isEmpty { return .wake }
        return .socket
    }

    /// The window's map state (GetWindowAttributes), waiting for the answer until `deadline`.
    ///
    /// - Throws: ``X11Error/noSuchWindow(_:)`` when the server does not know the window, or as
    ///   ``X11Error/timedOut(waitingFor:)`` and ``X11Error/connectionLost(display:code:)``.
    func mapState(of window: UInt32, until deadline: Int64) throws(X11Error) -> X11MapState {
        let cookie = xcb_get_window_attributes(connection, window)
        let reply: UnsafeMutablePointer<xcb_get_window_attributes_reply_t>
        do {
            reply = try self.reply(to: cookie.sequence, until: deadline, waitingFor: "GetWindowAttributes")
        } catch .requestFailed(_, let code, _) where code == UInt8(XCB_WINDOW) {
            throw .noSuchWindow(window)
        }
        defer { free(reply) }
        return X11MapState(rawValue: reply.pointee.map_state) ?? .unmapped
    }
}
