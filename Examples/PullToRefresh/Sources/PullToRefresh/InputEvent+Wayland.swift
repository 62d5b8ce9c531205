import FrameClock
import Wayland

extension InputEvent {
    /// The event for a Wayland seat's pointer or touch event, stamped on `CLOCK_MONOTONIC` from the
    /// compositor's milliseconds (at `now` when it has none); nil for the kinds the pull ignores. What
    /// a display link does for the window's input, done by hand for per-event handling.
    init?(_ event: WaylandInputEvent, now: MonotonicInstant) {
        let pointer = event.seat
        let kind: Kind
        switch event.kind {
        case .pointerEntered(let x, let y), .pointerMotion(let x, let y):
            kind = .pointerMotion(pointer: pointer, position: InputPosition(x: x, y: y))
        case .pointerButton(let button, let isPressed):
            kind =
                isPressed
                ? .pointerPressed(pointer: pointer, button: button)
                : .pointerReleased(pointer: pointer, button: button)
        case .touchDown(let id, let x, let y):
            kind = .touchDown(touch: id, position: InputPosition(x: x, y: y))
        case .touchMotion(let id, let x, let y):
            kind = .touchMotion(touch: id, position: InputPosition(x: x, y: y))
        case .touchUp(let id):
            kind = .touchUp(touch: id)
        case .touchCancel(let id):
            kind = .touchCancel(touch: id)
        case .key, .seatLost, .pointerLeft, .pointerAxis, .pointerFrame, .touchFrame:
            return nil
        }
        let time = event.compositorMilliseconds.map {
            MonotonicInstant(compositorMilliseconds: $0, near: now)
        }
        self.init(kind, at: time ?? now)
    }
}
