import MediaTiming
import Testing

/// Layers can be captured by a `@Sendable` frame callback (as a display link's) without warnings,
/// and used from another thread one at a time.
struct SendableLayerTests {
    @Test func aFrameCallbackOnAnotherTaskScrubsTheRing() async {
        let ring = ShapeLayer()
        ring.speed = 0
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 60
        ring.add(sweep, forKey: "sweep", atRootTime: 0)
        let onFrame: @Sendable (Double) -> Double = { targetTime in
            ring.timeOffset = targetTime.truncatingRemainder(dividingBy: 60)
            return ring.presentationValue(of: .strokeEnd, atRootTime: targetTime)
        }
        // One frame at a time, on a task of its own (the layer is never shared concurrently).
        let value = await Task.detached { onFrame(75) }.value
        #expect(value == 0.25)
    }
}
