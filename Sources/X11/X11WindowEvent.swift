/// What a wait on an ``X11PresentWatch`` came to.
public enum X11WindowEvent: Hashable, Sendable {
    /// A Present request on the window completed (PresentCompleteNotify).
    case completed(X11PresentCompletion)
    /// The window's size or position changed (PresentConfigureNotify).
    case configured(X11PresentConfiguration)
    /// The window was mapped (MapNotify).
    case mapped
    /// The window was unmapped (UnmapNotify): Present reports nothing on it until it is mapped again.
    case unmapped
    /// The window was destroyed (DestroyNotify).
    case destroyed
    /// The server refused one of the watch's requests (a window destroyed before its DestroyNotify was
    /// read, a Present request it does not take).
    case requestFailed(X11Error)
    /// The deadline passed with nothing read.
    case timedOut
    /// The descriptor waited on beside the connection became readable.
    case woken
    /// The connection to the server was lost.
    case connectionLost(X11Error)
}

/// A Present request's completion on a window (PresentCompleteNotify): the window's refresh counter
/// (MSC) and the time (UST) at which it happened.
public struct X11PresentCompletion: Hashable, Sendable {
    /// What completed.
    public enum Kind: UInt8, Hashable, Sendable {
        /// A PresentPixmap: the pixmap was shown (or skipped).
        case pixmap = 0
        /// A PresentNotifyMSC: the MSC asked for was reached.
        case notifyMSC = 1
    }

    /// How a pixmap was shown.
    public enum Mode: UInt8, Hashable, Sendable, CustomStringConvertible {
        /// Copied into the window.
        case copy = 0
        /// Flipped to the screen.
        case flip = 1
        /// Not shown: a later pixmap replaced it before its MSC.
        case skip = 2
        /// Copied, though it could have been flipped with other buffers.
        case suboptimalCopy = 3

        /// The mode's name.
        public var description: String {
            switch self {
            case .copy: "copy"
            case .flip: "flip"
            case .skip: "skip"
            case .suboptimalCopy: "suboptimal copy"
            }
        }
    }

    /// What completed.
    public var kind: Kind
    /// How a pixmap was shown (for ``Kind/notifyMSC`` the server sends copy).
    public var mode: Mode
    /// The request's serial, as the client gave it.
    public var serial: UInt32
    /// The window's MSC at completion.
    public var msc: UInt64
    /// The time of that MSC, in microseconds on CLOCK_MONOTONIC (0 from a server that lost track: a
    /// screen turned off).
    public var ust: UInt64
    /// When the event was read, in CLOCK_MONOTONIC nanoseconds.
    public var receivedAt: Int64

    /// A completion as the server reports it.
    public init(kind: Kind, mode: Mode, serial: UInt32, msc: UInt64, ust: UInt64, receivedAt: Int64) {
        self.kind = kind
        self.mode = mode
        self.serial = serial
        self.msc = msc
        self.ust = ust
        self.receivedAt = receivedAt
    }

    /// ``ust`` in nanoseconds (saturating).
    public var ustNanoseconds: Int64 {
        let (product, overflow) = Int64(clamping: ust).multipliedReportingOverflow(by: 1000)
        return overflow ? .max : product
    }
}

/// A window's new geometry (PresentConfigureNotify).
public struct X11PresentConfiguration: Hashable, Sendable {
    /// The window's position relative to its parent.
    public var x: Int
    /// The window's position relative to its parent.
    public var y: Int
    /// The window's width in pixels.
    public var width: Int
    /// The window's height in pixels.
    public var height: Int

    /// A geometry.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Whether a window is shown (`map_state` of GetWindowAttributes).
public enum X11MapState: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// Not mapped.
    case unmapped = 0
    /// Mapped, but an ancestor is not.
    case unviewable = 1
    /// Mapped and all its ancestors too: Present reports on it.
    case viewable = 2

    /// The state's name.
    public var description: String {
        switch self {
        case .unmapped: "never mapped or unmapped"
        case .unviewable: "mapped, but an ancestor is not"
        case .viewable: "viewable"
        }
    }
}
