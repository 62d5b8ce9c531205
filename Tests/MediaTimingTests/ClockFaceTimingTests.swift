import MediaTiming
import PropertyBased
import Testing

/// The scrubbed seconds ring: a frozen layer whose timeOffset selects the frame.
struct ClockFaceTimingTests {
    /// A frozen shape layer with a 60 s linear strokeEnd animation 0 → 1, added at `addTime`.
    func makeRing(addTime: Double) -> ShapeLayer {
        let ring = ShapeLayer()
        ring.path = .circle(center: Point(x: 0, y: 0), radius: 10)
        ring.speed = 0
        ring.timeOffset = 0
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 60
        sweep.timingFunction = .linear
        ring.add(sweep, forKey: "sweep", atRootTime: addTime)
        return ring
    }

    @Test func timeOffsetSelectsTheFrame() async {
        await propertyCheck(
            count: 500, input: Gen.double(in: 0..<60), Gen.double(in: -1e6...1e9), Gen.double(in: -1e6...1e9)
        ) { seconds, addTime, rootTime in
            let ring = makeRing(addTime: addTime)
            ring.timeOffset = seconds
            let strokeEnd = ring.presentationValue(of: .strokeEnd, atRootTime: rootTime)
            #expect(isClose(strokeEnd, seconds / 60, tolerance: 1e-9), "s=\(seconds)")
        }
    }

    @Test func wholeSecondsAreExact() {
        let ring = makeRing(addTime: 12_345.678)
        for second in 0..<60 {
            ring.timeOffset = Double(second)
            #expect(ring.presentationValue(of: .strokeEnd, atRootTime: 1) == Double(second) / 60)
        }
    }

    @Test func nestedInAMovingTreeTheRingStillFollowsItsOffset() throws {
        let root = Layer()
        root.speed = 3
        root.beginTime = 17
        let ring = makeRing(addTime: 0)
        try root.addSublayer(ring)
        ring.timeOffset = 45
        #expect(ring.presentationValue(of: .strokeEnd, atRootTime: 1e6) == 0.75)
    }
}
