import MediaTiming
import Testing

/// The README's timing-model example (also MediaTiming's DocC overview), verbatim, with its promised
/// value.
@Test func readmeClockRingExample() {
    let ring = ShapeLayer()
    ring.path = .circle(center: Point(x: 128, y: 128), radius: 100)  // from 12 o'clock, clockwise
    var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
    sweep.duration = 60
    ring.add(sweep, forKey: "sweep", atRootTime: 0)
    ring.speed = 0  // frozen: timeOffset picks the frame
    ring.timeOffset = 15  // presentation strokeEnd = 0.25
    #expect(abs(ring.presentationValue(of: .strokeEnd, atRootTime: 1234.5) - 0.25) < 1e-9)
}

/// The transaction example of the DocC article "Coming from Core Animation": a 0.5 s ease-in fade
/// whose completion removes the badge.
@Test func comingFromCoreAnimationTransactionExample() throws {
    let tree = LayerTree(currentTime: 100)
    let badge = Layer()
    try tree.root.addSublayer(badge)
    tree.performTransaction(
        animationDuration: 0.5, timingFunction: .easeIn, completion: { badge.removeFromSuperlayer() }
    ) {
        badge.opacity = 0
    }
    tree.advance(to: 100.25)
    #expect(badge.superlayer === tree.root)
    #expect(badge.presentationValue(of: .opacity, atRootTime: 100.25) > 0.5, "ease-in: still mostly visible")
    tree.advance(to: 100.5)
    #expect(badge.superlayer == nil)
}
