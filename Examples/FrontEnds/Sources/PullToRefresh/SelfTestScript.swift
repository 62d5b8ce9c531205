import FrameClock

/// The self-test's input, played through the injector while the app runs: a pointer drag from rest
/// (down past the threshold, a hold, back above it, down past it again, released while moving),
/// the refresh, and a touch drag that grabs the header while it springs home (down past the
/// threshold, a hold, released while moving), its refresh, and the rest after it.
struct SelfTestScript {
    /// How long each drag moves down before its hold, in seconds (`--duration`).
    let downSeconds: Double
    /// How long the app may take to show its window, and to reach a phase the script waits for.
    static let windowTimeout = Duration.seconds(15)
    static let phaseTimeout = Duration.seconds(10)
    /// The hold, and the final stretch released while moving.
    static let holdSeconds = 0.3
    static let flickSeconds = 0.12
    /// How far back above the threshold the pointer drag goes before pulling past it again.
    static let backAbove = 30.0
    /// How far into the spring home the touch grabs the header.
    static let grabDelay = Duration.milliseconds(100)
    /// The frames the window shows before the injector is aimed at it (the naive variant draws one
    /// until input comes), and the pause after them while the compositor maps it.
    var framesBeforeTarget = 10
    static let mappingPause = Duration.milliseconds(200)

    /// The drags as played, or why the script stopped.
    struct Outcome {
        var drags: [ScriptedDrag] = []
        var failure: String?
    }

    /// The drag's speed: twice the threshold in `downSeconds`, so that it crosses half way.
    var speed: Double { 2 * PullLayout.threshold / downSeconds }

    var pointerSegments: [ScriptedDrag.Segment] {
        let back = 2 * PullLayout.threshold - (PullLayout.threshold - Self.backAbove)
        return [
            .init(seconds: downSeconds, velocity: speed), .init(seconds: Self.holdSeconds, velocity: 0),
            .init(seconds: back / speed, velocity: -speed),
            .init(seconds: back / speed - Self.flickSeconds, velocity: speed),
        ]
    }

    var touchSegments: [ScriptedDrag.Segment] {
        [
            .init(seconds: downSeconds, velocity: speed), .init(seconds: Self.holdSeconds, velocity: 0),
            .init(seconds: Self.flickSeconds, velocity: speed),
        ]
    }

    /// Plays the script to `fifo` while the app records into `log`.
    func play(to fifo: InjectorFIFO, watching log: RunLog) -> Outcome {
        var outcome = Outcome()
        guard Self.wait(Self.windowTimeout, { log.frameCount >= framesBeforeTarget }) else {
            outcome.failure = "the window showed no frames"
            return outcome
        }
        Self.pause(Self.mappingPause)
        fifo.target(width: PullLayout.width, height: PullLayout.height)
        var pointer = ScriptedDrag(device: .pointer, segments: pointerSegments)
        pointer.play(to: fifo)
        outcome.drags.append(pointer)
        // The refresh runs, then the header springs home: the touch grabs it on the way.
        guard Self.wait(Self.phaseTimeout, { log.phase == .springingBack }) else {
            outcome.failure = "the pointer drag's refresh did not end in a spring home (phase \(log.phase))"
            return outcome
        }
        Self.pause(Self.grabDelay)
        var touch = ScriptedDrag(device: .touch, segments: touchSegments)
        touch.play(to: fifo)
        outcome.drags.append(touch)
        guard Self.wait(Self.phaseTimeout, { log.phase == .refreshing }),
            Self.wait(Self.phaseTimeout, { log.phase == .idle })
        else {
            outcome.failure = "the touch drag's refresh and spring did not come to rest (phase \(log.phase))"
            return outcome
        }
        return outcome
    }

    /// Polls `condition` every millisecond until it holds or `timeout` passes.
    static func wait(_ timeout: Duration, _ condition: () -> Bool) -> Bool {
        let end = MonotonicInstant.now() + timeout
        while !condition() {
            if MonotonicInstant.now() > end { return false }
            pause(.milliseconds(1))
        }
        return true
    }

    static func pause(_ duration: Duration) {
        ScriptedDrag.sleep(until: (MonotonicInstant.now() + duration).nanoseconds)
    }
}
