import Foundation

/// A straight, constant-speed vertical drag written to the injector in real time: a press (or a
/// touch down), motion at `rate` for `duration`, a release (or a touch up). Each motion sample is
/// stamped with the nanosecond on `CLOCK_MONOTONIC` it is due at, and its position is the drag's at
/// that stamp, as a device samples where it is when it reports (evdev stamps to the microsecond). A
/// client that reads only Wayland's 32-bit milliseconds sees each stamp up to 1 ms early; one that
/// reads `zwp_input_timestamps_v1` sees it exactly.
public struct ScriptedDrag {
    /// What the drag is made with.
    public enum Device: String, CustomStringConvertible, Sendable {
        case pointer, touch
        public var description: String { rawValue }
    }

    /// `BTN_LEFT`.
    public static let leftButton: UInt32 = 0x110
    public static let startPoint = (x: 120.0, y: 40.0)
    /// Pixels a second along y.
    public static let speed = 120.0

    /// The device the drag is made with.
    public let device: Device
    /// Motion samples a second.
    public let rate: Double
    /// How long the finger moves.
    public var duration: Duration = .seconds(2)

    /// The positions sent after the press, in order, with their stamps in nanoseconds.
    public private(set) var sent: [(time: Int64, y: Double)] = []
    public private(set) var startTime: Int64 = 0
    public private(set) var endTime: Int64 = 0

    /// A drag with `device` at `rate` samples a second.
    public init(device: Device, rate: Double) {
        self.device = device
        self.rate = rate
    }

    /// Plays the drag to `injector`, sleeping between events; returns when the release was sent.
    public mutating func play(to injector: WestonInputInjector) {
        let millisecond: Int64 = 1_000_000
        let count = Int(Double(duration.components.seconds) * rate)
        startTime = (monotonicNow() / millisecond + 20) * millisecond
        let (x, y0) = Self.startPoint
        sleep(until: startTime)
        switch device {
        case .pointer:
            injector.send("motion \(startTime) \(x) \(y0)")
            injector.send("button \(startTime) \(Self.leftButton) 1")
        case .touch:
            injector.send("touch-down \(startTime) 0 \(x) \(y0)")
        }
        for index in 1...count {
            let due = startTime + Int64(Double(index) / rate * 1e9)
            sleep(until: due)
            let stamp = due
            let y = y0 + Self.speed * Double(stamp - startTime) / 1e9
            sent.append((stamp, y))
            switch device {
            case .pointer: injector.send("motion \(stamp) \(x) \(y)")
            case .touch: injector.send("touch-motion \(stamp) 0 \(x) \(y)")
            }
        }
        endTime = sent.last?.time ?? startTime
        switch device {
        case .pointer: injector.send("button \(endTime) \(Self.leftButton) 0")
        case .touch: injector.send("touch-up \(endTime) 0")
        }
    }

    private func sleep(until time: Int64) {
        let remaining = time - monotonicNow()
        if remaining > 0 { usleep(useconds_t(remaining / 1000)) }
    }
}
