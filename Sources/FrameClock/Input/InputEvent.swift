/// One input event from a seat, stamped on `CLOCK_MONOTONIC`: what a front end posts to a link's
/// ``InputQueue`` and what its input handler receives in an ``InputBatch``.
///
/// Motion (``Kind/pointerMotion(pointer:position:)``, ``Kind/touchMotion(touch:position:)``) is
/// resampled to each frame; every other kind is discrete and delivered exactly once, in the order
/// posted.
public struct InputEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A pointer moved to `position`.
        case pointerMotion(pointer: UInt32, position: InputPosition)
        /// A pointer's button was pressed (`button`: the Linux input event code, `BTN_LEFT` is 0x110).
        case pointerPressed(pointer: UInt32, button: UInt32)
        /// A pointer's button was released.
        case pointerReleased(pointer: UInt32, button: UInt32)
        /// A finger touched the surface at `position`.
        case touchDown(touch: Int32, position: InputPosition)
        /// A touch point moved to `position`.
        case touchMotion(touch: Int32, position: InputPosition)
        /// A finger left the surface.
        case touchUp(touch: Int32)
        /// The touch point was taken away (by the compositor, for a gesture of its own): undo what it
        /// started. A Wayland `wl_touch.cancel` cancels every active point: post one for each.
        case touchCancel(touch: Int32)
        /// A key was pressed (`key`: the Linux input event code, as `wl_keyboard.key` gives it).
        case keyPressed(key: UInt32)
        /// A key was released.
        case keyReleased(key: UInt32)
    }

    /// When it happened, on `CLOCK_MONOTONIC`: to the nanosecond where the compositor gives input
    /// times so (Wayland's `zwp_input_timestamps_v1`), else from its 32-bit milliseconds (see
    /// ``MonotonicInstant/init(compositorMilliseconds:near:)``). Resampling and ``VelocityTracker``
    /// work on this time, so the finer it is, the less a sample's position and time disagree.
    public var time: MonotonicInstant
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time`.
    public init(_ kind: Kind, at time: MonotonicInstant) {
        self.kind = kind
        self.time = time
    }

    /// The pointer or touch point the event belongs to; nil for a key.
    public var point: InputPointID? {
        switch kind {
        case .pointerMotion(let pointer, _), .pointerPressed(let pointer, _),
            .pointerReleased(let pointer, _):
            .pointer(pointer)
        case .touchDown(let touch, _), .touchMotion(let touch, _), .touchUp(let touch),
            .touchCancel(let touch):
            .touch(touch)
        case .keyPressed, .keyReleased:
            nil
        }
    }

    /// Where the event happened: for motion and a touch's down; nil for the others.
    public var position: InputPosition? {
        switch kind {
        case .pointerMotion(_, let position), .touchDown(_, let position), .touchMotion(_, let position):
            position
        default:
            nil
        }
    }

    /// Whether the event is motion, which is resampled to the frame, rather than a discrete event.
    public var isMotion: Bool {
        switch kind {
        case .pointerMotion, .touchMotion: true
        default: false
        }
    }
}
