import MediaTiming
import Testing

/// A gesture handed to a spring, and a spring interrupted by another: the position and the velocity
/// are checked numerically on both sides of the hand-off.
struct SpringHandOffTests {
    /// The step of the one-sided differences that measure a velocity on each side.
    static let step = 1e-6

    static func expectClose(_ a: Point, _ b: Point, within tolerance: Double, _ what: String) {
        #expect(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance, "\(what): \(a) against \(b)")
    }

    /// The presentation velocity just after `time`, by a forward difference.
    static func velocityAfter(_ layer: Layer, _ time: Double) -> Point {
        let now = layer.presentationValue(of: .position, atRootTime: time)
        let later = layer.presentationValue(of: .position, atRootTime: time + step)
        return later.subtracting(now).scaled(by: 1 / step)
    }

    /// Drags let go at a point, moving along the line to the rest point (towards it, away from it,
    /// slantwise): (where, how fast).
    static let releases: [(Point, Point)] = [
        (Point(x: 0, y: 120), Point(x: 0, y: -800)),
        (Point(x: 0, y: 120), Point(x: 0, y: 300)),
        (Point(x: 30, y: 40), Point(x: -90, y: -120)),
    ]

    @Test(
        "a spring started from a drag's release goes on without a jump in position or velocity",
        arguments: releases)
    func gestureHandOff(release: Point, releaseVelocity: Point) {
        // The drag: a straight line through `release` at `releaseVelocity`, let go at 2.5 s.
        let releaseTime = 2.5
        let layer = Layer()
        layer.position = Point(x: 0, y: 0)
        let spring = SpringAnimation(
            property: .position, continuingFrom: release, velocity: releaseVelocity, to: Point(x: 0, y: 0),
            damping: 14)
        layer.add(spring, forKey: "back", atRootTime: releaseTime)
        Self.expectClose(
            layer.presentationValue(of: .position, atRootTime: releaseTime), release, within: 1e-9, "position"
        )
        let tolerance = 1e-3 * (releaseVelocity.distance(to: .zero) + 1)
        Self.expectClose(
            Self.velocityAfter(layer, releaseTime), releaseVelocity, within: tolerance, "velocity")
        #expect(spring.duration == spring.settlingDuration)
        // It has come (within 0.1 % of the distance) to rest at the target.
        let end = layer.presentationValue(of: .position, atRootTime: releaseTime + spring.duration - 1e-9)
        #expect(end.distance(to: .zero) <= 0.002 * release.distance(to: .zero))
    }

    @Test("a spring interrupted mid-flight: the next starts from the presented value and velocity")
    func interruption() {
        let layer = Layer()
        layer.position = Point(x: 0, y: 0)
        let first = SpringAnimation(
            property: .position, continuingFrom: Point(x: 0, y: 120), velocity: Point(x: 0, y: -500),
            to: Point(x: 0, y: 0), damping: 6)
        layer.add(first, forKey: "header", atRootTime: 0)
        let grab = 0.137
        let value = layer.presentationValue(of: .position, atRootTime: grab)
        let before = layer.presentationValue(of: .position, atRootTime: grab - Self.step)
        let velocityBefore = value.subtracting(before).scaled(by: 1 / Self.step)
        #expect(velocityBefore.distance(to: .zero) > 100, "mid-flight: \(velocityBefore)")
        // A new drag grabs the header and a new spring takes over towards another rest point.
        let second = SpringAnimation(
            property: .position, continuingFrom: value,
            velocity: layer.presentationVelocity(of: .position, atRootTime: grab), to: Point(x: 0, y: 60))
        layer.add(second, forKey: "header", atRootTime: grab)
        Self.expectClose(
            layer.presentationValue(of: .position, atRootTime: grab), value, within: 1e-9, "position")
        let tolerance = 1e-3 * velocityBefore.distance(to: .zero)
        Self.expectClose(Self.velocityAfter(layer, grab), velocityBefore, within: tolerance, "velocity")
    }

    @Test("the presentation velocity of a constant-speed animation is that speed")
    func presentationVelocityOfALinearMove() {
        let layer = Layer()
        var move = BasicAnimation(
            property: .position, fromValue: Point(x: 0, y: 0), toValue: Point(x: 100, y: -50))
        move.duration = 2
        layer.add(move, forKey: "move", atRootTime: 1)
        Self.expectClose(
            layer.presentationVelocity(of: .position, atRootTime: 1.7), Point(x: 50, y: -25), within: 1e-6,
            "velocity")
    }

    @Test(
        "only the velocity along the spring's line is kept; a spring that starts at its target starts at rest"
    )
    func velocityAcrossTheLine() {
        let across = SpringAnimation(
            property: .position, continuingFrom: Point(x: 0, y: 0), velocity: Point(x: 50, y: 30),
            to: Point(x: 100, y: 0))
        #expect(abs(across.initialVelocity - 0.5) < 1e-12)
        let atTarget = SpringAnimation(
            property: .opacity, continuingFrom: 0.5, velocity: 3, to: 0.5)
        #expect(atTarget.initialVelocity == 0)
        let scalar = SpringAnimation(property: .opacity, continuingFrom: 1, velocity: -4, to: 0)
        #expect(abs(scalar.initialVelocity - 4) < 1e-12)
    }
}
