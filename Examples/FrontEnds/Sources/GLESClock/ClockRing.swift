import FrameClock
import MediaTiming

/// The seconds ring's animation: `strokeEnd` 0 → 1 over a minute, repeating, on a MediaTiming
/// layer scrubbed to each frame's target time (as clock-demo's face is).
final class ClockRing {
    private let layer = ShapeLayer()

    init() {
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 60
        sweep.repeatCount = .infinity
        layer.add(sweep, forKey: "seconds", atRootTime: 0)
    }

    /// The ring's `strokeEnd` at the instant `time` will be shown.
    func strokeEnd(at time: MonotonicInstant) -> Double {
        let secondsIntoMinute = Double(time.wallClockNanoseconds % 60_000_000_000) / 1e9
        return layer.presentationValue(of: .strokeEnd, atRootTime: secondsIntoMinute)
    }
}
