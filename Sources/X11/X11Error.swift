import SystemPackage

/// Why an X11 call failed.
///
/// Every throwing API of the `X11` module throws this type; its ``description`` is one sentence that
/// says what happened, for example `no X server answers at display :7 (connection refused or no such
/// socket)` or `the X server at :7 does not offer the Present extension`.
public enum X11Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// No display was named and `DISPLAY` is not set.
    case noDisplayName
    /// Connecting to `display` failed: xcb's connection error code says why (no server, refused, an
    /// invalid display name, an authorisation refused).
    case connectFailed(display: String, code: Int32)
    /// The connection broke (the X server went away, or an I/O or protocol failure in xcb).
    case connectionLost(display: String, code: Int32)
    /// The X server does not offer the Present extension, or not at the version needed.
    case presentUnavailable(display: String, major: UInt32, minor: UInt32)
    /// The window (an XID) does not exist on the server, or no longer does.
    case noSuchWindow(UInt32)
    /// The window is not mapped (not viewable): Present reports nothing on it.
    case notMapped(window: UInt32, state: String)
    /// The X server answered a request with an error.
    case requestFailed(request: String, errorCode: UInt8, resource: UInt32)
    /// The X server did not answer in time; `waitingFor` says for what.
    case timedOut(waitingFor: String)
    /// An argument was out of range; the text says which and why.
    case invalidArgument(String)
    /// The object was used after it was closed.
    case closed(String)
    /// A system call failed (`poll`).
    case systemCall(name: String, errno: Errno)

    /// One sentence saying what happened.
    public var description: String {
        switch self {
        case .noDisplayName:
            "no X display was named and DISPLAY is not set"
        case .connectFailed(let display, let code):
            "cannot connect to the X server at \(display): \(Self.connectionErrorText(code))"
        case .connectionLost(let display, let code):
            "the connection to the X server at \(display) was lost (\(Self.connectionErrorText(code))); "
                + "the server has gone away"
        case .presentUnavailable(let display, let major, let minor):
            major == 0 && minor == 0
                ? "the X server at \(display) does not offer the Present extension"
                : "the X server at \(display) offers Present \(major).\(minor), older than the 1.0 needed"
        case .noSuchWindow(let window):
            "the X window \(X11Error.hex(window)) does not exist on the server"
        case .notMapped(let window, let state):
            "the X window \(X11Error.hex(window)) is not mapped (\(state)): Present reports no frames on it"
        case .requestFailed(let request, let code, let resource):
            "the X server refused \(request) with error \(code) (\(Self.errorName(code))) on \(Self.hex(resource))"
        case .timedOut(let waitingFor):
            "the X server did not answer in time (waiting for \(waitingFor))"
        case .invalidArgument(let text):
            "invalid argument: \(text)"
        case .closed(let what):
            "\(what) was used after it was closed"
        case .systemCall(let name, let errno):
            "\(name) failed: \(errno)"
        }
    }

    /// An XID as X tools print it: `0x200001`.
    package static func hex(_ id: UInt32) -> String { "0x" + String(id, radix: 16) }

    /// xcb_connection_has_error's codes, in words.
    static func connectionErrorText(_ code: Int32) -> String {
        switch code {
        case 1: "a socket, pipe or stream error, or no server listening"
        case 2: "an extension the connection needs is not supported"
        case 3: "out of memory"
        case 4: "a request longer than the server accepts"
        case 5: "the display name could not be parsed"
        case 6: "no screen on the display matches the name"
        case 7: "a file-descriptor passing failure"
        default: "xcb connection error \(code)"
        }
    }

    /// The core protocol's error names for the codes a window's requests can meet.
    static func errorName(_ code: UInt8) -> String {
        switch code {
        case 2: "BadValue"
        case 3: "BadWindow"
        case 4: "BadPixmap"
        case 8: "BadMatch"
        case 9: "BadDrawable"
        case 10: "BadAccess"
        case 11: "BadAlloc"
        case 13: "BadGC"
        case 14: "BadIDChoice"
        case 16: "BadLength"
        default: "error"
        }
    }
}
