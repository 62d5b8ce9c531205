import Testing
import Wayland

@testable import FrameClock

/// `InputEvent(_:readAt:)`: a Wayland seat's event as a link on a window posts it, for a front end
/// that handles a window's events itself.
@Suite("A Wayland seat's event as an InputEvent")
struct WaylandInputConversionTests {
    /// 10 000.5 s after boot.
    static let now = MonotonicInstant(nanoseconds: 10_000_500_000_000)

    @Test("motion, buttons, touches and keys at the compositor's time, widened near the read")
    func timedKinds() throws {
        let cases: [(WaylandInputEvent.Kind, InputEvent.Kind)] = [
            (.pointerMotion(x: 1, y: 2), .pointerMotion(pointer: 3, position: InputPosition(x: 1, y: 2))),
            (.pointerButton(button: 0x110, isPressed: true), .pointerPressed(pointer: 3, button: 0x110)),
            (.pointerButton(button: 0x110, isPressed: false), .pointerReleased(pointer: 3, button: 0x110)),
            (.touchDown(id: 4, x: 5, y: 6), .touchDown(touch: 4, position: InputPosition(x: 5, y: 6))),
            (.touchMotion(id: 4, x: 7, y: 8), .touchMotion(touch: 4, position: InputPosition(x: 7, y: 8))),
            (.touchUp(id: 4), .touchUp(touch: 4)), (.touchCancel(id: 4), .touchCancel(touch: 4)),
            (.key(key: 30, isPressed: true), .keyPressed(key: 30)),
            (.key(key: 30, isPressed: false), .keyReleased(key: 30)),
        ]
        for (wayland, expected) in cases {
            let event = try #require(
                InputEvent(
                    WaylandInputEvent(wayland, compositorMilliseconds: 10_000_480, seat: 3), readAt: Self.now)
            )
            #expect(event.kind == expected)
            #expect(event.time == MonotonicInstant(nanoseconds: 10_000_480_000_000))
        }
    }

    @Test("an event the compositor timed to the nanosecond is at that nanosecond, not its milliseconds")
    func nanosecondTime() throws {
        let nanoseconds: Int64 = 10_000_480_123_456
        let wayland = WaylandInputEvent(
            .pointerMotion(x: 1, y: 2), compositorMilliseconds: 10_000_480,
            compositorNanoseconds: nanoseconds,
            seat: 0)
        let event = try #require(InputEvent(wayland, readAt: Self.now))
        #expect(event.time == MonotonicInstant(nanoseconds: nanoseconds))
    }

    @Test("a pointer's enter is its first position, at the time it is read")
    func enterIsMotionAtTheRead() throws {
        let event = try #require(
            InputEvent(
                WaylandInputEvent(.pointerEntered(x: 9, y: 10), compositorMilliseconds: nil, seat: 0),
                readAt: Self.now))
        #expect(event.kind == .pointerMotion(pointer: 0, position: InputPosition(x: 9, y: 10)))
        #expect(event.time == Self.now)
    }

    @Test("leaves, axes, frames and a lost seat have no InputEvent")
    func untranslated() {
        let kinds: [WaylandInputEvent.Kind] = [
            .pointerLeft, .pointerAxis(axis: 0, value: 1), .pointerFrame, .touchFrame,
            .seatLost(seat: "seat0", releasedButtons: 1, cancelledTouches: 2),
        ]
        for kind in kinds {
            #expect(
                InputEvent(WaylandInputEvent(kind, compositorMilliseconds: 1, seat: 0), readAt: Self.now)
                    == nil)
        }
    }
}
