import MediaTiming
import Testing

/// Completion: a front end learns at the frame where it happens that an animation finished or was
/// removed early (Core Animation's `animationDidStop(_:finished:)`), deterministically in the
/// evaluated times.
struct AnimationStopTests {
    static func fade(duration: Double = 1) -> BasicAnimation<Double> {
        var fade = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        fade.duration = duration
        return fade
    }

    /// (key, finished, local time) of each stop, for comparing.
    static func summary(_ stops: [AnimationStop]) -> [String] {
        stops.map { "\($0.key ?? "-") \($0.isFinished ? "finished" : "removed") \($0.localTime)" }
    }

    @Test func aFinishIsReportedAtTheFirstFrameAtOrPastTheEnd() throws {
        let layer = Layer()
        layer.add(Self.fade(), forKey: "fade", atRootTime: 0)
        var reported: [(Int, AnimationStop)] = []
        for frame in 0...90 {
            let stops = layer.takeStoppedAnimations(atLocalTime: Double(frame) / 60)
            reported += stops.map { (frame, $0) }
        }
        #expect(reported.count == 1)
        let (frame, stop) = try #require(reported.first)
        #expect(frame == 60)
        #expect(stop.key == "fade" && stop.isFinished && stop.localTime == 1 && stop.layer === layer)
        #expect(stop.animation is BasicAnimation<Double>)
    }

    @Test func aFrameThatJumpsPastAWholeAnimationReportsIt() {
        let layer = Layer()
        layer.add(Self.fade(duration: 0.1), forKey: "blink", atRootTime: 0)
        #expect(layer.takeStoppedAnimations(atLocalTime: 0).isEmpty)
        #expect(Self.summary(layer.takeStoppedAnimations(atLocalTime: 5)) == ["blink finished 5.0"])
        #expect(layer.takeStoppedAnimations(atLocalTime: 6).isEmpty)
    }

    @Test func removingOrReplacingBeforeTheEndIsReportedAsNotFinished() {
        let layer = Layer()
        layer.add(Self.fade(), forKey: "a", atRootTime: 0)
        layer.add(Self.fade(), forKey: "b", atRootTime: 0)
        layer.add(Self.fade(duration: 0.2), forKey: "c", atRootTime: 0)
        #expect(Self.summary(layer.takeStoppedAnimations(atLocalTime: 0.5)) == ["c finished 0.5"])
        layer.removeAnimation(forKey: "a")
        layer.add(Self.fade(duration: 3), forKey: "b", atRootTime: 0.5)  // replaces b
        layer.removeAnimation(forKey: "c")  // already reported: not again
        #expect(
            Self.summary(layer.takeStoppedAnimations(atLocalTime: 0.6)) == ["a removed 0.6", "b removed 0.6"])
        #expect(Self.summary(layer.takeStoppedAnimations(atLocalTime: 4)) == ["b finished 4.0"])
        layer.removeAllAnimations()
        #expect(layer.takeStoppedAnimations(atLocalTime: 5).isEmpty)
    }

    @Test func endlessAndPausedAnimationsDoNotFinish() {
        let layer = Layer()
        var spin = Self.fade()
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin", atRootTime: 0)
        layer.add(Self.fade(duration: 2), forKey: "fade", atRootTime: 0)
        #expect(layer.takeStoppedAnimations(atLocalTime: 1).isEmpty)
        layer.pause(atRootTime: 1)
        for rootTime in stride(from: 1.0, through: 10, by: 0.5) {
            #expect(layer.takeStoppedAnimations(atLocalTime: layer.localTime(atRootTime: rootTime)).isEmpty)
        }
        // Resumed at root time 10 from local time 1: the fade ends a second later.
        layer.resume(atRootTime: 10)
        #expect(layer.takeStoppedAnimations(atLocalTime: layer.localTime(atRootTime: 10.5)).isEmpty)
        #expect(
            Self.summary(layer.takeStoppedAnimations(atLocalTime: layer.localTime(atRootTime: 11)))
                == ["fade finished 2.0"])
    }

    @Test func scrubbingBackAndPastTheEndAgainReportsItAgain() {
        let layer = Layer()
        var hold = Self.fade()
        hold.fillMode = .forwards
        hold.isRemovedOnCompletion = false
        layer.add(hold, forKey: "hold", atRootTime: 0)
        #expect(layer.takeStoppedAnimations(atLocalTime: 1.5).map(\.key) == ["hold"])
        #expect(layer.takeStoppedAnimations(atLocalTime: 0.5).isEmpty)  // back inside
        #expect(layer.takeStoppedAnimations(atLocalTime: .nan).isEmpty)  // says nothing
        #expect(layer.takeStoppedAnimations(atLocalTime: 0.7).isEmpty)
        #expect(layer.takeStoppedAnimations(atLocalTime: 1).map(\.key) == ["hold"])
    }

    @Test func theSameTimesGiveTheSameReports() {
        func run() -> [String] {
            let root = Layer()
            let child = Layer()
            child.speed = 2
            try? root.addSublayer(child)
            root.add(Self.fade(duration: 0.5), forKey: "root", atRootTime: 0)
            child.add(Self.fade(duration: 0.5), forKey: "child", atRootTime: 0)
            var frames: [String] = []
            for frame in 0..<40 {
                let time = Double(frame) / 30
                if frame == 5 { child.add(Self.fade(), forKey: "late", atRootTime: time) }
                if frame == 20 { child.removeAnimation(forKey: "late") }
                let stops = root.takeStoppedAnimations(inTreeAtRootTime: time)
                frames += stops.map {
                    "frame \(frame): \($0.layer === root ? "root" : "child") \($0.key ?? "") \($0.isFinished)"
                }
            }
            return frames
        }
        let first = run()
        #expect(first == run())
        // The child runs twice as fast: its 0.5 s fade ends at root time 0.25 (frame 8), the
        // root's at frame 15; the late one is removed at frame 20, before its end.
        #expect(
            first == ["frame 8: child child true", "frame 15: root root true", "frame 20: child late false"])
    }
}
