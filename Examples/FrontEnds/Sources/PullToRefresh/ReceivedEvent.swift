import FrameClock

/// An input event as it reached the app: a discrete event or a raw motion sample, and the frame
/// (counted from 0) whose input phase delivered it — or, handled per event, the redraw it caused.
struct ReceivedEvent: Sendable {
    var event: InputEvent
    var frame: Int
}
