import Testing

@testable import Wayland

/// `zwp_input_timestamps_v1.timestamp` paired with the next timed event of its own device, as a seat
/// does it. No compositor needed.
@Suite("Input timestamps paired with their events")
struct InputTimestampPairingTests {
    /// 4 294 967 296 s + 10 000 s (so that the seconds' high word is used), 123 456 789 ns.
    static let secondsHigh: UInt32 = 1
    static let secondsLow: UInt32 = 10_000
    static let nanoseconds: UInt32 = 123_456_789
    static let time = (Int64(1) << 32 + 10_000) * 1_000_000_000 + 123_456_789
    /// The event's own time: `time` in milliseconds, truncated to 32 bits.
    static let milliseconds = UInt32(truncatingIfNeeded: time / 1_000_000)
    static let motion = WaylandInputEvent.Kind.pointerMotion(x: 1, y: 2)

    private func received(_ device: WaylandInputDevice) -> WaylandInputTimestampPairing {
        var pairing = WaylandInputTimestampPairing()
        pairing.receive(
            secondsHigh: Self.secondsHigh, secondsLow: Self.secondsLow, nanoseconds: Self.nanoseconds,
            for: device)
        return pairing
    }

    @Test("a timestamp, then motion: the motion carries the nanoseconds, once")
    func timestampThenMotion() {
        var pairing = received(.pointer)
        let event = pairing.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds, seat: 2)
        #expect(event.compositorNanoseconds == Self.time)
        #expect(event.compositorMilliseconds == Self.milliseconds)
        #expect(event.timePrecision == .nanoseconds)
        #expect(event.kind == Self.motion && event.seat == 2)
        let next = pairing.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds + 8, seat: 2)
        #expect(next.timePrecision == .milliseconds && next.compositorNanoseconds == nil)
    }

    @Test("motion without a timestamp: milliseconds only")
    func motionWithout() {
        var pairing = WaylandInputTimestampPairing()
        let event = pairing.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds, seat: 0)
        #expect(event.timePrecision == .milliseconds)
        #expect(event.compositorNanoseconds == nil)
        #expect(event.compositorMilliseconds == Self.milliseconds)
    }

    @Test("a timestamp for another device is not applied, and waits for its own")
    func otherDevice() {
        var pairing = received(.touch)
        let pointer = pairing.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds, seat: 0)
        #expect(pointer.timePrecision == .milliseconds)
        let keyboard = pairing.event(
            .key(key: 30, isPressed: true), of: .keyboard, milliseconds: Self.milliseconds, seat: 0)
        #expect(keyboard.timePrecision == .milliseconds)
        let touch = pairing.event(
            .touchMotion(id: 0, x: 1, y: 2), of: .touch, milliseconds: Self.milliseconds, seat: 0)
        #expect(touch.compositorNanoseconds == Self.time)
    }

    @Test("a timestamp whose milliseconds are not the event's is dropped; one off by a rounding is kept")
    func mismatchedMilliseconds() {
        var stale = received(.pointer)
        let event = stale.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds &+ 5, seat: 0)
        #expect(event.timePrecision == .milliseconds)
        var rounded = received(.pointer)
        let near = rounded.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds &+ 1, seat: 0)
        #expect(near.compositorNanoseconds == Self.time)
    }

    @Test("a timestamp used by an event not delivered, or forgotten with its device, is not applied later")
    func discardedAndForgotten() {
        var pairing = received(.pointer)
        _ = pairing.take(for: .pointer, milliseconds: Self.milliseconds)
        #expect(
            pairing.event(Self.motion, of: .pointer, milliseconds: Self.milliseconds, seat: 0).timePrecision
                == .milliseconds)
        var forgotten = received(.touch)
        forgotten.forget(.touch)
        #expect(
            forgotten.event(.touchUp(id: 0), of: .touch, milliseconds: Self.milliseconds, seat: 0)
                .timePrecision == .milliseconds)
    }

    @Test("an invalid timespec (nanoseconds past a second) is ignored")
    func invalidTimespec() {
        var pairing = WaylandInputTimestampPairing()
        pairing.receive(secondsHigh: 0, secondsLow: 1, nanoseconds: 1_000_000_000, for: .pointer)
        #expect(pairing.take(for: .pointer, milliseconds: 2_000) == nil)
    }

    @Test("an event without a time says so")
    func untimed() {
        #expect(WaylandInputEvent(.pointerFrame, compositorMilliseconds: nil, seat: 0).timePrecision == .none)
    }
}
