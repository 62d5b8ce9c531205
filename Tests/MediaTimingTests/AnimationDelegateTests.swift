import MediaTiming
import Testing

/// Animation delegates hear each start and each stop exactly once, in the advance that notices it,
/// with `finished` false when the animation was removed or replaced.
struct AnimationDelegateTests {
    final class Recorder: AnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ animation: any TimedAnimation, on layer: Layer, forKey key: String?) {
            events.append("start \(key ?? "-")")
        }
        func animationDidStop(
            _ animation: any TimedAnimation, on layer: Layer, forKey key: String?, finished: Bool
        ) {
            events.append("stop \(key ?? "-") \(finished)")
        }
    }

    static func fade(beginTime: Double = 0, duration: Double = 1) -> BasicAnimation<Double> {
        var fade = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        fade.beginTime = beginTime
        fade.duration = duration
        return fade
    }

    @Test func startAndStopAreDeliveredExactlyOnceEach() throws {
        let tree = LayerTree(currentTime: 0)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        let recorder = Recorder()
        layer.add(Self.fade(beginTime: 0.5), forKey: "fade", delegate: recorder)
        var seen: [(Double, [String])] = []
        for frame in 0...120 {
            let time = Double(frame) / 60
            tree.advance(to: time)
            seen.append((time, recorder.events))
        }
        #expect(recorder.events == ["start fade", "stop fade true"])
        let startTime = seen.first { $0.1.count == 1 }?.0
        let stopTime = seen.first { $0.1.count == 2 }?.0
        #expect(startTime == 0.5 && stopTime == 1.5)
        tree.advance(to: 0.6)  // back inside the interval: nothing more
        tree.advance(to: 3)
        #expect(recorder.events.count == 2)
    }

    @Test func removedOrReplacedAnimationsStopUnfinished() throws {
        let tree = LayerTree(currentTime: 0)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        let recorder = Recorder()
        layer.add(Self.fade(), forKey: "a", delegate: recorder)
        layer.add(Self.fade(beginTime: 5), forKey: "b", delegate: recorder)
        tree.advance(to: 0.1)
        layer.add(Self.fade(), forKey: "a")  // replaces a
        layer.removeAnimation(forKey: "b")  // before it began
        #expect(recorder.events == ["start a"], "nothing is delivered outside advance(to:)")
        tree.advance(to: 0.2)
        tree.advance(to: 9)
        #expect(recorder.events == ["start a", "stop a false", "stop b false"])
    }

    @Test func aFrameThatJumpsPastTheWholeAnimationDeliversStartThenStop() throws {
        let tree = LayerTree(currentTime: 0)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        var events: [String] = []
        layer.add(
            Self.fade(duration: 0.1), forKey: nil,
            delegate: AnimationCallbacks(
                didStart: { events.append("start") }, didStop: { events.append("stop \($0)") }))
        tree.advance(to: 5)
        #expect(events == ["start", "stop true"])
    }

    @Test func callbacksMayChangeTheTree() throws {
        let tree = LayerTree(currentTime: 0)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        var stops = 0
        let chain = AnimationCallbacks()
        chain.didStop = { _ in
            stops += 1
            if stops < 3 { layer.add(Self.fade(), forKey: "fade", delegate: chain) }
        }
        layer.add(Self.fade(), forKey: "fade", delegate: chain)
        for second in 1...6 { tree.advance(to: Double(second)) }
        #expect(stops == 3)
        #expect(
            layer.animation(forKey: "fade")?.beginTime == 2,
            "the third began at the time of the second's stop")
    }

    @Test func aLayerTimeFrozenBeforeTheEndNeverStops() throws {
        let tree = LayerTree(currentTime: 0)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        let recorder = Recorder()
        layer.add(Self.fade(), forKey: "fade", delegate: recorder)
        layer.pause(atRootTime: 0.5)
        for second in 1...5 { tree.advance(to: Double(second)) }
        #expect(recorder.events == ["start fade"])
    }
}
