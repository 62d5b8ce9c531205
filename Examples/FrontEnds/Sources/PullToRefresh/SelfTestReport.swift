import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// The self-test's verdict on a run: each rule checked on the recorded frames and input, one
/// `ok:` or `FAILED:` line each, and a summary of the figures.
struct SelfTestReport {
    private(set) var lines: [String] = []
    private(set) var failures = 0
    /// Whose times the events carry: how received samples are matched to the sent ones.
    let times: Options.InjectorTimes
    /// Which skipped frames fail the check (`--skips`).
    let skips: Options.SkipJudgement

    /// How far the velocity of the spring's first frame may be from the release velocity.
    static let velocityTolerance = 0.2
    /// The most frames between the frame whose sampled pull crossed the threshold and the frame in
    /// which the arrow's turn began.
    static let turnLag = 1
    /// A pull or an angle changing by less than this did not move.
    static let stillness = 1e-6
    /// The grab frame's jump may be this many spring steps, plus ``grabSlack`` pixels: the spring
    /// slows or speeds up a little from one frame to the next.
    static let grabSteps = 2.0
    static let grabSlack = 0.5
    /// The drag frames before the release whose steps bound the hand-off's jump: a finger that
    /// slows or turns at the release (its events late under a busy compositor) makes the tracker's
    /// velocity say less than the drag's last steps moved.
    static let handOffSteps = 3
    /// The threshold crossings each drag of ``SelfTestScript`` makes: down, back up, down again;
    /// down.
    static let expectedCrossings = [ScriptedDrag.Device.pointer: 3, .touch: 1]

    init(log: RunLog, outcome: SelfTestScript.Outcome, options: Options) {
        times = options.injectorTimes
        skips = options.skips
        let frames = log.frames
        let discrete = log.discrete
        let motion = log.motion
        let grabs = frames.indices.filter { frames[$0].grabbed }
        let handOffs = frames.indices.filter { frames[$0].handOff != nil }
        let sentCount = outcome.drags.reduce(0) { $0 + $1.sent.count + $1.expectedDiscrete.count }
        lines.append(
            "frames: \(frames.count), skipped \(frames.reduce(0) { $0 + $1.skipped }); events sent \(sentCount), received \(discrete.count) discrete and \(motion.count) motion samples"
        )
        let drawTimes = frames.map(\.drawTime).sorted()
        if let longest = drawTimes.last {
            let median = Double(drawTimes[drawTimes.count / 2]) / 1e6
            lines.append(
                "drawing and committing a frame: median \(median.fixed(2)) ms, longest \((Double(longest) / 1e6).fixed(2)) ms"
            )
        }
        let dragging = frames.indices.filter { frames[$0].phase == .dragging }
        let draggingSamples = motion.filter { dragging.contains($0.frame) }.count
        lines.append(
            "while dragging: \(dragging.count) frames for \(draggingSamples) motion samples, one resampled position a frame"
        )
        if let failure = outcome.failure { record(false, "script: \(failure)") }
        for (number, drag) in outcome.drags.enumerated() {
            checkEvents(of: drag, discrete: discrete, motion: motion)
            guard number < grabs.count, let release = handOffs.first(where: { $0 > grabs[number] }) else {
                record(false, "\(drag.device) drag: no grab and release in the frames")
                continue
            }
            let drag = (device: drag.device, grab: grabs[number], release: release)
            checkArrow(frames, drag)
            checkSpringStart(frames, drag)
            checkSkips(frames, drag)
            if drag.device == .touch { checkGrabMidSpring(frames, at: drag.grab) }
        }
        let refreshes = log.refreshes.map { ($0 / .seconds(1)).fixed(2) + " s" }
        record(
            refreshes.count == outcome.drags.count,
            "refreshes off the frame thread: \(refreshes.count) came back (\(refreshes.joined(separator: ", ")))"
        )
    }

    /// Whether every check passed.
    var passed: Bool { failures == 0 }

    private mutating func record(_ ok: Bool, _ line: String) {
        lines.append((ok ? "ok: " : "FAILED: ") + line)
        if !ok { failures += 1 }
    }

    /// Every event of `drag` arrived, in order, exactly once: the discrete ones as sent, each motion
    /// sample once with its position (and, with the sent times, its stamp), in the order sent.
    private mutating func checkEvents(
        of drag: ScriptedDrag, discrete: [ReceivedEvent], motion: [ReceivedEvent]
    ) {
        let isDevice: (InputEvent) -> Bool = { event in
            switch event.point {
            case .pointer: drag.device == .pointer
            case .touch: drag.device == .touch
            case nil: false
            }
        }
        let received = discrete.map(\.event).filter(isDevice)
        let samples = motion.map(\.event).filter(isDevice)
        var kinds = received.map(\.kind)
        var matching: SampleMatching
        switch times {
        case .sent:
            matching = SampleMatching(byTimeOf: drag, in: samples)
        case .compositor:
            matching = SampleMatching(byOrderOf: drag, in: samples)
            // The compositor numbers touch points itself: one number for the whole drag.
            let touchIDs = Set((received + samples).compactMap(\.touchID))
            if touchIDs.count > 1 { matching.problems.append("touch ids \(touchIDs.sorted())") }
            kinds = kinds.map { $0.numbered(ScriptedDrag.touchID) }
            matching.checkTimes(of: received, drag: drag, in: samples)
        }
        let matched = matching.indices.compactMap { $0 }
        let inOrder = zip(matched, matched.dropFirst()).allSatisfy { $0 < $1 }
        record(
            kinds == drag.expectedDiscrete && matched.count == drag.sent.count && inOrder
                && matching.problems.isEmpty,
            "\(drag.device) drag: \(kinds.count) of \(drag.expectedDiscrete.count) discrete events as sent, \(matched.count) of \(drag.sent.count) motion samples once each\(inOrder ? ", in order" : " OUT OF ORDER")\(matching.summary)\(matching.problems.isEmpty ? "" : " (" + matching.problems.joined(separator: "; ") + ")")"
        )
    }

    /// At each frame whose sampled pull crossed the threshold, the arrow's turn began within
    /// ``turnLag`` frames.
    private mutating func checkArrow(
        _ frames: [FrameRecord], _ drag: (device: ScriptedDrag.Device, grab: Int, release: Int)
    ) {
        var lags: [Int] = []
        var pairs: [String] = []
        for index in (drag.grab + 1)..<drag.release {
            guard let now = frames[index].fingerOffset, let before = frames[index - 1].fingerOffset,
                (now >= PullLayout.threshold) != (before >= PullLayout.threshold)
            else { continue }
            let turn = (index..<frames.count).first {
                abs(frames[$0].arrowAngle - frames[$0 - 1].arrowAngle) > Self.stillness
            }
            lags.append(turn.map { $0 - index } ?? .max)
            pairs.append("\(index) → \(turn.map(String.init) ?? "none")")
        }
        let expected = Self.expectedCrossings[drag.device] ?? 0
        let described = lags.map { $0 == .max ? "never" : "\($0)" }.joined(separator: ", ")
        record(
            lags.count == expected && lags.allSatisfy { $0 <= Self.turnLag },
            "\(drag.device) drag: \(lags.count) threshold crossings (\(expected) scripted); the arrow's turn began [\(described)] frames after the crossing frame (at most \(Self.turnLag); frames \(pairs.joined(separator: ", ")))"
        )
    }

    /// The spring's first frame goes on from the drag's last: its pull within one frame's step (at
    /// the release velocity, or the drag's own longest of ``handOffSteps``) of where the release
    /// velocity carries the last drag frame's, its velocity within
    /// ``velocityTolerance`` of the release velocity.
    private mutating func checkSpringStart(
        _ frames: [FrameRecord], _ drag: (device: ScriptedDrag.Device, grab: Int, release: Int)
    ) {
        let first = frames[drag.release]
        let last = frames[drag.release - 1]
        guard let handOff = first.handOff else { return }
        let velocity = handOff.releaseVelocity
        let elapsed = Double(first.target - last.target) / 1e9
        let jump = abs(first.offset - (last.offset + velocity * elapsed))
        let step = abs(velocity) * Double(first.duration) / 1e9
        let recent = max(drag.grab + 1, drag.release - Self.handOffSteps)..<drag.release
        let dragStep = recent.map { abs(frames[$0].offset - frames[$0 - 1].offset) }.max() ?? 0
        let velocityError = abs(first.offsetVelocity - velocity)
        record(
            last.phase == .dragging && jump < max(step, dragStep),
            "\(drag.device) drag: the spring's first frame at \(first.offset.fixed(1)) px, \(jump.fixed(2)) px off the drag's path (one frame's step: \(step.fixed(1)) px at the release velocity, \(dragStep.fixed(1)) px the drag's longest of its last \(Self.handOffSteps))"
        )
        let apart = 100 * velocityError / max(abs(velocity), 1)
        record(
            velocityError <= Self.velocityTolerance * abs(velocity) && velocity != 0,
            "\(drag.device) drag: the spring's first frame moving at \(first.offsetVelocity.fixed(0)) px/s, release velocity \(velocity.fixed(0)) px/s (\(apart.fixed(1)) % apart, at most \((100 * Self.velocityTolerance).fixed(0)) %)"
        )
    }

    /// No frame skipped from the grab to the release — or, judging only the drawing's skips, none
    /// after a frame whose drawing overran its interval; each skip's interval is listed.
    private mutating func checkSkips(
        _ frames: [FrameRecord], _ drag: (device: ScriptedDrag.Device, grab: Int, release: Int)
    ) {
        let count = drag.release - drag.grab + 1
        let skips = ((drag.grab + 1)...drag.release).filter { frames[$0].skipped > 0 }
        let skipped = skips.reduce(0) { $0 + frames[$1].skipped }
        let afterOverrun = skips.filter { frames[$0 - 1].drawTime > frames[$0 - 1].duration }
        let judged = self.skips == .every ? skipped : afterOverrun.reduce(0) { $0 + frames[$1].skipped }
        let intervals = skips.map {
            "+" + (Double(frames[$0].timestamp - frames[$0 - 1].timestamp) / 1e6).fixed(1) + " ms"
        }
        let attribution =
            self.skips == .drawing
            ? " (\(afterOverrun.count) after a frame drawn too slowly; the rest after frames drawn in time, the compositor's)"
            : ""
        record(
            judged == 0,
            "\(drag.device) drag: \(count) frames from grab to release, \(skipped) skipped\(attribution)\(intervals.isEmpty ? "" : "; the frame intervals at the skips: " + intervals.joined(separator: ", "))"
        )
    }

    /// A grab in the middle of a spring starts where the spring was shown: the grab frame's pull one
    /// spring step or so from the frame before.
    private mutating func checkGrabMidSpring(_ frames: [FrameRecord], at grab: Int) {
        guard grab >= 2 else { return }
        let jump = abs(frames[grab].offset - frames[grab - 1].offset)
        let springStep = abs(frames[grab - 1].offset - frames[grab - 2].offset)
        record(
            frames[grab - 1].phase == .springingBack && jump <= Self.grabSteps * springStep + Self.grabSlack,
            "grab mid-spring: the header taken at \(frames[grab].offset.fixed(1)) px, \(jump.fixed(2)) px from the frame before (the spring's step: \(springStep.fixed(2)) px)"
        )
    }
}
