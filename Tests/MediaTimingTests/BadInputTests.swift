import MediaTiming
import Testing

/// Bad input has a defined, documented result: never a trap, never NaN in a presentation value.
struct BadInputTests {
    static let badNumbers: [Double] = [.nan, .infinity, -.infinity, -1, 0, -0.0, .greatestFiniteMagnitude]

    @Test(arguments: badNumbers)
    func badTimingParametersNeverProduceNaN(_ bad: Double) {
        for field in 0..<6 {
            var timing = TimingParameters(duration: 1, fillMode: .both)
            switch field {
            case 0: timing.beginTime = bad
            case 1: timing.duration = bad
            case 2: timing.speed = bad
            case 3: timing.timeOffset = bad
            case 4: timing.repeatCount = bad
            default: timing.repeatDuration = bad
            }
            for time in [-1e300, -1, 0, 0.5, 1, 1e300, .nan, .infinity, -.infinity] {
                let value = sampledValue(timing, at: time)
                #expect(!value.isNaN, "field \(field) = \(bad) at \(time)")
                #expect(
                    value == -1 || (value >= 0 && value <= 10), "field \(field) = \(bad) at \(time): \(value)"
                )
            }
        }
    }

    @Test func documentedReadingsOfBadTimingValues() {
        // Zero, negative and NaN durations are 0.25 s.
        for duration in [0, -3, Double.nan] {
            #expect(TimingParameters(duration: duration).iterationDuration == 0.25)
        }
        // Non-finite beginTime / timeOffset are 0 and speed is 1.
        #expect(sampledValue(.init(beginTime: .nan, duration: 1), at: 0.5) == 5)
        #expect(sampledValue(.init(beginTime: .infinity, duration: 1), at: 0.5) == 5)
        #expect(sampledValue(.init(duration: 1, timeOffset: .nan), at: 0.5) == 5)
        #expect(sampledValue(.init(duration: 1, speed: .nan), at: 0.5) == 5)
        #expect(sampledValue(.init(duration: 1, speed: -.infinity), at: 0.5) == 5)
        // Negative or NaN repeatCount is one iteration.
        #expect(TimingParameters(duration: 1, repeatCount: -4).activeDuration == 1)
        #expect(TimingParameters(duration: 1, repeatCount: .nan).activeDuration == 1)
        #expect(TimingParameters(duration: 1, repeatDuration: -4).activeDuration == 1)
        // Infinite duration: one endless iteration at progress 0.
        #expect(sampledValue(.init(duration: .infinity), at: 1e6) == 0)
        // A NaN time has no progress; an infinite time inside an endless interval neither.
        #expect(TimingParameters(duration: 1, fillMode: .both).progress(atParentTime: .nan) == nil)
        #expect(
            TimingParameters(duration: 1, repeatCount: .infinity).progress(atParentTime: .infinity) == nil)
        // Infinite times before and after a finite interval are ordinary before and after phases.
        #expect(sampledValue(.init(duration: 1, fillMode: .both), at: .infinity) == 10)
        #expect(sampledValue(.init(duration: 1, fillMode: .both), at: -.infinity) == 0)
    }

    @Test func badLayerClocksAreReadAsDefaults() {
        let layer = Layer()
        layer.beginTime = .nan
        layer.speed = .infinity
        layer.timeOffset = -.infinity
        #expect(layer.localTime(atRootTime: 5) == 5)
        #expect(layer.rootTime(fromLocalTime: 5) == 5)
        layer.pause(atRootTime: .nan)  // no time to pause at: nothing happens
        #expect(!layer.isPaused)
    }

    @Test func presentationAtABadTimeIsTheModel() {
        let layer = ShapeLayer()
        layer.strokeEnd = 0.3
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 1
        sweep.fillMode = .both
        layer.add(sweep, forKey: "sweep", atRootTime: 0)
        #expect(layer.presentationValue(of: .strokeEnd, atRootTime: .nan) == 0.3)
        // At +∞ the animation is over and removed on completion.
        #expect(layer.presentationValue(of: .strokeEnd, atRootTime: .infinity) == 0.3)
        // Added at a NaN time, an animation keeps begin time 0.
        let other = ShapeLayer()
        other.add(sweep, forKey: "sweep", atRootTime: .nan)
        #expect(other.animation(forKey: "sweep")?.beginTime == 0)
    }

    @Test func aLayerMadeItsOwnAncestorIsATypedError() throws {
        let parent = Layer()
        let child = Layer()
        try parent.addSublayer(child)
        #expect(throws: LayerTreeError.wouldCreateCycle) { try child.addSublayer(parent) }
    }
}
