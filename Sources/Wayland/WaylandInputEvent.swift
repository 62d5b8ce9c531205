/// One input event a seat sent for a window's surface (``WaylandWindow/setInputHandler(_:)``), in
/// surface-local coordinates.
///
/// ```swift
/// window.setInputHandler { event in
///     if case .pointerMotion(let x, let y) = event.kind { print(x, y, event.compositorMilliseconds ?? 0) }
/// }
/// ```
///
/// The time is the compositor's: `CLOCK_MONOTONIC` in milliseconds truncated to 32 bits (weston and
/// mutter), nil for an event that carries none (enter, leave, frame, cancel, and the events the
/// module makes up when a seat or one of its devices goes away mid-gesture). Where the compositor
/// offers `zwp_input_timestamps_manager_v1` (weston does), the same time to the nanosecond comes
/// with it in ``compositorNanoseconds``; ``timePrecision`` says which an event has.
public struct WaylandInputEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The pointer entered the surface at `x`, `y`.
        case pointerEntered(x: Double, y: Double)
        /// The pointer left the surface.
        case pointerLeft
        /// The pointer moved to `x`, `y`.
        case pointerMotion(x: Double, y: Double)
        /// A button (a Linux input event code, `BTN_LEFT` is 0x110) was pressed or released.
        case pointerButton(button: UInt32, isPressed: Bool)
        /// A scroll axis (0 vertical, 1 horizontal) moved by `value`.
        case pointerAxis(axis: UInt32, value: Double)
        /// The pointer events since the previous frame are one change.
        case pointerFrame
        /// A finger touched the surface at `x`, `y`.
        case touchDown(id: Int32, x: Double, y: Double)
        /// A touch point moved to `x`, `y`.
        case touchMotion(id: Int32, x: Double, y: Double)
        /// A finger left the surface.
        case touchUp(id: Int32)
        /// The touch events since the previous frame are one change.
        case touchFrame
        /// The touch point was taken away (`wl_touch.cancel`, one event for each active point).
        case touchCancel(id: Int32)
        /// A key (a Linux input event code) was pressed or released.
        case key(key: UInt32, isPressed: Bool)
        /// The seat, or its pointer or touch device, went away while buttons were held or fingers
        /// were down: the releases and cancels that follow are made up by the module.
        case seatLost(seat: String, releasedButtons: Int, cancelledTouches: Int)
    }

    /// How finely an event's time is known.
    public enum TimePrecision: Hashable, Sendable {
        /// The event carries no time.
        case none
        /// Only the 32-bit milliseconds of the event itself (``compositorMilliseconds``).
        case milliseconds
        /// The compositor's `zwp_input_timestamps_v1` time (``compositorNanoseconds``).
        case nanoseconds
    }

    /// What happened.
    public var kind: Kind
    /// The compositor's time of the event (see the type's overview), or nil.
    public var compositorMilliseconds: UInt32?
    /// The compositor's time of the event in nanoseconds, on its input clock (`CLOCK_MONOTONIC` on
    /// weston), when it sent one for this event (`zwp_input_timestamps_v1.timestamp`); else nil.
    public var compositorNanoseconds: Int64?
    /// The seat's number on the connection: 0 for the first seat bound.
    public var seat: UInt32

    /// An event of `kind` from `seat` at `compositorMilliseconds`, and at `compositorNanoseconds`
    /// when the compositor gave the time to the nanosecond.
    public init(
        _ kind: Kind, compositorMilliseconds: UInt32?, compositorNanoseconds: Int64? = nil, seat: UInt32
    ) {
        self.kind = kind
        self.compositorMilliseconds = compositorMilliseconds
        self.compositorNanoseconds = compositorNanoseconds
        self.seat = seat
    }

    /// How finely the event's time is known: nanoseconds when ``compositorNanoseconds`` is set,
    /// milliseconds when only ``compositorMilliseconds`` is.
    public var timePrecision: TimePrecision {
        if compositorNanoseconds != nil { return .nanoseconds }
        return compositorMilliseconds == nil ? .none : .milliseconds
    }
}
