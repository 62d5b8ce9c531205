import Testing

@testable import FrameClock

/// The least-squares velocity tracker on drags whose velocity is known in closed form.
@Suite("Velocity tracker")
struct VelocityTrackerTests {
    static func instant(seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    static func expectClose(
        _ velocity: InputVelocity, _ x: Double, _ y: Double, within tolerance: Double = 1e-6
    ) {
        #expect(abs(velocity.x - x) < tolerance, "x: \(velocity.x) against \(x)")
        #expect(abs(velocity.y - y) < tolerance, "y: \(velocity.y) against \(y)")
    }

    @Test("a constant-velocity drag: exactly its velocity, at any sampling rate")
    func constantVelocity() {
        for spacing in [0.001, 0.008, 0.011] {
            var tracker = VelocityTracker()
            var t = 1.0
            while t < 1.3 {
                tracker.add(InputPosition(x: 40 + 700 * t, y: 300 - 250 * t), at: Self.instant(seconds: t))
                t += spacing
            }
            Self.expectClose(tracker.velocity(), 700, -250)
        }
    }

    @Test("a quadratic drag: the derivative at the newest sample")
    func quadratic() {
        // x(t) = 5 + 300 t + 2000 t², y(t) = 7 - 100 t², sampled every 10 ms from 0 to 90 ms:
        // at t = 0.09, x' = 300 + 4000 · 0.09 = 660 and y' = -200 · 0.09 = -18.
        var tracker = VelocityTracker()
        for step in 0...9 {
            let t = Double(step) / 100
            tracker.add(
                InputPosition(x: 5 + 300 * t + 2000 * t * t, y: 7 - 100 * t * t), at: Self.instant(seconds: t)
            )
        }
        Self.expectClose(tracker.velocity(), 660, -18)
    }

    @Test("only the last 100 ms count: an earlier, different motion does not")
    func horizon() {
        var tracker = VelocityTracker()
        var t = 0.0
        // Fast for 200 ms, then steady at 50/s for 120 ms (the last 100 ms hold 11 samples).
        while t < 0.2 - 1e-9 {
            tracker.add(InputPosition(x: 2000 * t, y: 0), at: Self.instant(seconds: t))
            t += 0.01
        }
        let x0 = 2000 * t
        let start = t
        while t < 0.32 + 1e-9 {
            tracker.add(InputPosition(x: x0 + 50 * (t - start), y: 0), at: Self.instant(seconds: t))
            t += 0.01
        }
        Self.expectClose(tracker.velocity(), 50, 0)
    }

    @Test("a pause of more than 40 ms starts over; 40 ms after the newest sample the velocity is zero")
    func stops() {
        var tracker = VelocityTracker()
        for step in 0..<10 {
            let t = Double(step) / 100
            tracker.add(InputPosition(x: 1000 * t, y: 0), at: Self.instant(seconds: t))
        }
        // 50 ms still, then two samples 10 ms apart: only their slope counts.
        tracker.add(InputPosition(x: 90, y: 0), at: Self.instant(seconds: 0.14))
        tracker.add(InputPosition(x: 91, y: 3), at: Self.instant(seconds: 0.15))
        Self.expectClose(tracker.velocity(), 100, 300)
        Self.expectClose(tracker.velocity(at: Self.instant(seconds: 0.18)), 100, 300)
        #expect(tracker.velocity(at: Self.instant(seconds: 0.2)) == .zero)
    }

    @Test("too few samples give zero; a sample stamped earlier than the newest starts over")
    func fewAndBackwards() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity() == .zero)
        tracker.add(
            InputEvent(
                .touchDown(touch: 0, position: InputPosition(x: 1, y: 1)), at: Self.instant(seconds: 1)))
        #expect(tracker.velocity() == .zero)
        tracker.add(InputEvent(.touchUp(touch: 0), at: Self.instant(seconds: 1.01)))
        #expect(tracker.velocity() == .zero)
        tracker.add(InputPosition(x: 0, y: 0), at: Self.instant(seconds: 0.5))
        tracker.add(InputPosition(x: 2, y: 0), at: Self.instant(seconds: 0.51))
        Self.expectClose(tracker.velocity(), 200, 0)
        tracker.reset()
        #expect(tracker.velocity() == .zero)
    }
}
