import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// A vertical drag written in real time to the input injector's FIFO (see
/// `Tests/Input/weston-input-injector.c`, `Tests/Input/mutter-input-bridge.py`): a press (or a touch
/// down), motion at 125 Hz along ``segments`` of constant speed (a still segment sends nothing: the
/// finger holds), and a release (or a touch up) at the last sample, while the finger still moves.
/// Each event is stamped with its whole millisecond on `CLOCK_MONOTONIC` and its position is the
/// drag's at that stamp.
struct ScriptedDrag {
    enum Device: String, Sendable {
        case pointer, touch
    }

    /// A stretch of the drag at constant vertical speed.
    struct Segment {
        var seconds: Double
        /// Pixels a second, positive downwards; 0 holds still.
        var velocity: Double
    }

    /// What was sent after the press: each motion sample's stamp and vertical position, in order.
    struct Sample: Sendable {
        var time: Int64
        var y: Double
    }

    /// The rate the device reports motion at.
    static let rate = 125.0
    /// `BTN_LEFT`.
    static let leftButton: UInt32 = 0x110
    /// Where the drag starts, on the list's first rows.
    static let start = InputPosition(x: 180, y: 120)
    /// The touch point's id.
    static let touchID: Int32 = 0
    /// How far ahead of now the first event is stamped, so that it is not in the past when sent.
    private static let lead: Int64 = 20_000_000
    private static let millisecond: Int64 = 1_000_000
    /// How long the pointer rests on the window before its press.
    private static let pointerSettle: Int64 = 50_000_000

    let device: Device
    let segments: [Segment]

    /// The samples sent after the press, the press's and the release's stamps.
    private(set) var sent: [Sample] = []
    private(set) var pressTime: Int64 = 0
    private(set) var releaseTime: Int64 = 0

    /// The discrete events the app should receive for this drag, in order.
    var expectedDiscrete: [InputEvent.Kind] {
        switch device {
        case .pointer:
            [
                .pointerPressed(pointer: 0, button: Self.leftButton),
                .pointerReleased(pointer: 0, button: Self.leftButton),
            ]
        case .touch:
            [.touchDown(touch: Self.touchID, position: Self.start), .touchUp(touch: Self.touchID)]
        }
    }

    /// Plays the drag to `fifo`, sleeping between events; returns when the release was sent.
    mutating func play(to fifo: InjectorFIFO) {
        let total = segments.reduce(0) { $0 + $1.seconds }
        let count = Int((total * Self.rate).rounded())
        let (x, y0) = (Self.start.x, Self.start.y)
        pressTime = (MonotonicInstant.now().nanoseconds + Self.lead) / Self.millisecond * Self.millisecond
        if device == .pointer {
            // The pointer enters the window first: its enter event carries no compositor time and is
            // stamped when read, which must come before the drag's first sample.
            Self.sleep(until: pressTime)
            fifo.send("motion \(pressTime) \(x) \(y0)")
            pressTime += Self.pointerSettle
        }
        Self.sleep(until: pressTime)
        switch device {
        case .pointer:
            fifo.send("button \(pressTime) \(Self.leftButton) 1")
        case .touch:
            fifo.send("touch-down \(pressTime) \(Self.touchID) \(x) \(y0)")
        }
        for index in 1...count {
            let elapsed = Double(index) / Self.rate
            guard velocity(at: elapsed) != 0 || index == count else { continue }
            let due = pressTime + Int64(elapsed * 1e9)
            Self.sleep(until: due)
            let stamp = due / Self.millisecond * Self.millisecond
            let y = y0 + distance(at: Double(stamp - pressTime) / 1e9)
            sent.append(Sample(time: stamp, y: y))
            switch device {
            case .pointer: fifo.send("motion \(stamp) \(x) \(y)")
            case .touch: fifo.send("touch-motion \(stamp) \(Self.touchID) \(x) \(y)")
            }
        }
        releaseTime = sent.last?.time ?? pressTime
        switch device {
        case .pointer: fifo.send("button \(releaseTime) \(Self.leftButton) 0")
        case .touch: fifo.send("touch-up \(releaseTime) \(Self.touchID)")
        }
    }

    /// The speed `elapsed` seconds after the press (the last segment's past the end).
    private func velocity(at elapsed: Double) -> Double {
        var end = 0.0
        for segment in segments {
            end += segment.seconds
            // A sample on a segment's end belongs to it: the finger reached it moving.
            if elapsed <= end + 1e-9 { return segment.velocity }
        }
        return segments.last?.velocity ?? 0
    }

    /// How far the finger has moved `elapsed` seconds after the press.
    private func distance(at elapsed: Double) -> Double {
        var covered = 0.0
        var begin = 0.0
        for segment in segments {
            let inside = min(max(elapsed - begin, 0), segment.seconds)
            covered += inside * segment.velocity
            begin += segment.seconds
        }
        return covered
    }

    /// Sleeps until `time` on `CLOCK_MONOTONIC`.
    static func sleep(until time: Int64) {
        let remaining = time - MonotonicInstant.now().nanoseconds
        if remaining > 0 { usleep(useconds_t(remaining / 1000)) }
    }
}
