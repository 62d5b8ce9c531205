import MediaTiming
import Testing

/// A layer tree lives in one isolation domain: here an actor holds it, and frames reach it by
/// calls to the actor, as in the frame-actor pattern (the actor's executor would be a display
/// link's frame thread).
struct LayerIsolationTests {
    actor Scene {
        let tree = LayerTree()
        let ring = ShapeLayer()
        var stops: [Bool] = []

        init() throws {
            try tree.root.addSublayer(ring)
            var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
            sweep.duration = 60
            ring.add(sweep, forKey: "sweep", atRootTime: 0)
            ring.speed = 0
        }

        /// One frame: the time in, the presentation value out; a fade is added at 30 s whose stop
        /// is heard on this actor.
        func frame(at targetTime: Double) -> Double {
            ring.timeOffset = targetTime.truncatingRemainder(dividingBy: 60)
            tree.advance(to: targetTime)
            if targetTime == 30 {
                ring.add(
                    BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0), forKey: "fade",
                    delegate: AnimationCallbacks(didStop: { finished in self.stops.append(finished) }))
            }
            return ring.presentationValue(of: .strokeEnd, atRootTime: targetTime)
        }
    }

    @Test func frameCallsOnTheActorScrubTheRingAndHearTheStop() async throws {
        let scene = try Scene()
        let value = await Task.detached { await scene.frame(at: 75) }.value
        #expect(value == 0.25)
        _ = await scene.frame(at: 30)
        #expect(await scene.stops.isEmpty)
        _ = await scene.frame(at: 30.5)
        #expect(await scene.stops == [true])
    }
}
