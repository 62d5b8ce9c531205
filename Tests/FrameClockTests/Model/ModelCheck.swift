@testable import FrameClock
@testable import PacingReference

/// Compares a played script, frame by frame, with ``PacingModel`` and ``JankModel``.
struct ModelCheck {
    /// A frame that broke a rule.
    struct Violation: CustomStringConvertible {
        var rule: PacingModel.Rule
        var frame: Int
        var message: String
        var description: String { "\(rule.rawValue), frame #\(frame): \(message)" }
    }

    private(set) var violations: [Violation] = []
    /// The rules whose situation arose in the script (a rate change, a late wake-up, …), whether or
    /// not the link kept them.
    private(set) var exercised: Set<PacingModel.Rule> = []
    private let run: ScriptRun
    private let grid: TickGrid
    private let refresh: Int64

    init(_ run: ScriptRun) {
        self.run = run
        grid = run.source.grid
        refresh = run.source.period.duration.wholeNanoseconds
        checkFirstLink()
        for index in run.otherFrames.indices { checkOtherLink(index) }
        checkFigures()
    }

    private mutating func fail(_ rule: PacingModel.Rule, _ frame: Int, _ message: String) {
        violations.append(Violation(rule: rule, frame: frame, message: message))
    }

    private func divisor(of frame: Frame) -> Int64 {
        max(1, Int64((Double(frame.duration.wholeNanoseconds) / Double(refresh)).rounded()))
    }

    private func ms(_ nanoseconds: Int64) -> String {
        String(Double(nanoseconds) / 1e6)
    }

    // MARK: - The first link, frame by frame

    private mutating func checkFirstLink() {
        let script = run.script
        let exact = !script.hasOtherLinks
        var previous: (sequence: Int64, divisor: Int64, start: Int64, end: Int64)?
        var renderDeadline = script.renderDeadline
        var adaptive = script.adaptive
        var predictionHistory: [Int64] = []
        var prediction: Int64?
        var durations: [Int64] = []
        var alignPending = true
        var countStart: (refresh: Int64, divisor: Int64)?
        var pendingBetween: Int64?
        var changes: [PacingModel.DivisorChange] = []
        // C1: the first link's queue as the model keeps it, and its late-content policy.
        var waiting: [ScheduledContent] = []
        var showLate = false
        for (index, observed) in run.observed.enumerated() {
            let frame = observed.frame
            let sequence = Int64(bitPattern: frame.sequence)
            let divisor = divisor(of: frame)
            var previousTarget = previous.map { $0.sequence + $0.divisor }
            var floor: Int64?
            var alignedNow = false
            var rangeDivisor = changes.last?.divisor ?? previous?.divisor ?? divisor
            // An adaptive move made as the previous callback returned was made with the adaptive rate
            // as it was then, whatever the script did to it afterwards.
            let adaptiveAtReturn = adaptive
            for event in observed.events {
                switch event {
                case .divisor(let newDivisor, _, let inCallback):
                    exercised.insert(.rateChange)
                    if inCallback, let previous {
                        changes.append(
                            .init(
                                from: PacingModel.firstRefresh(atOrAfter: previous.end, grid: grid),
                                divisor: newDivisor))
                    } else {
                        pendingBetween = newDivisor
                    }
                    rangeDivisor = newDivisor
                case .resumed:
                    alignPending = true
                case .restarted(_, let newDispatch, let newAdaptive):
                    // R1: a new link, paced as at a start, with its own sequences, skips and figures.
                    exercised.insert(.restart)
                    alignPending = true
                    previous = nil
                    previousTarget = nil
                    countStart = nil
                    changes = []
                    pendingBetween = nil
                    predictionHistory = []
                    prediction = nil
                    durations = []
                    rangeDivisor = divisor
                    renderDeadline = newDispatch
                    adaptive = newAdaptive
                    waiting = []
                    showLate = false
                case .looked(let at, let lookDivisor):
                    let after = PacingModel.firstRefresh(after: at, grid: grid)
                    if alignPending {
                        alignPending = false
                        alignedNow = true
                        countStart = (
                            PacingModel.wantedFrame(
                                previousTarget: previousTarget, eligible: after, divisor: lookDivisor),
                            lookDivisor
                        )
                        changes = []
                        pendingBetween = nil
                        floor = after
                    } else if let newDivisor = pendingBetween {
                        changes.append(.init(from: after, divisor: newDivisor))
                        pendingBetween = nil
                        floor = max(floor ?? .min, after)
                    }
                case .dispatch(let on):
                    renderDeadline = on
                    predictionHistory = []
                    prediction = nil
                case .adaptive(let on):
                    adaptive = on
                case .adaptiveMove(let newDivisor, let moveRange):
                    guard let previous, newDivisor != rangeDivisor else { break }
                    checkAdaptiveMove(
                        index, from: rangeDivisor, to: newDivisor, adaptive: adaptive, durations: durations,
                        range: moveRange)
                    changes.append(
                        .init(
                            from: PacingModel.firstRefresh(atOrAfter: previous.end, grid: grid),
                            divisor: newDivisor))
                    rangeDivisor = newDivisor
                case .scheduled(let content):
                    waiting.append(content)
                case .contentRemoved:
                    waiting = []
                case .contentPolicy(let late):
                    showLate = late
                }
            }
            checkContent(of: frame, index, waiting: &waiting, showLate: showLate)
            // An adaptive move is made as the previous callback returned, after any change inside it.
            if let previous, divisor != rangeDivisor {
                checkAdaptiveMove(
                    index, from: rangeDivisor, to: divisor, adaptive: adaptiveAtReturn,
                    durations: durations, range: observed.range)
                changes.append(
                    .init(
                        from: PacingModel.firstRefresh(atOrAfter: previous.end, grid: grid), divisor: divisor)
                )
            }
            // P1, P8
            if !PacingModel.isGridPoint(sequence, divisor: divisor) {
                fail(.grid, index, "refresh \(sequence) is not on the grid of divisor \(divisor)")
            }
            if frame.timestamp.nanoseconds != grid.timestamp(of: sequence) {
                fail(.grid, index, "timestamp \(frame.timestamp.nanoseconds) is not refresh \(sequence)'s")
            }
            let expectedTiming = PacingModel.targetAndDeadline(
                sequence: sequence, divisor: divisor, grid: grid,
                latency: run.link.presentationLatency.wholeNanoseconds)
            if frame.targetTimestamp.nanoseconds != expectedTiming.target
                || frame.deadline.nanoseconds != expectedTiming.deadline
            {
                fail(
                    .targetAndDeadline, index,
                    "target \(frame.targetTimestamp.nanoseconds) deadline \(frame.deadline.nanoseconds), model \(expectedTiming)"
                )
            }
            // P12: the target after the previous frame's.
            if let previous {
                let previousTargetTime = grid.timestamp(of: previous.sequence + previous.divisor)
                if !PacingModel.targetComesAfter(
                    frame.targetTimestamp.nanoseconds, previous: previousTargetTime)
                {
                    fail(
                        .targetOrder, index,
                        "target \(frame.targetTimestamp.nanoseconds) is not after the previous frame's \(previousTargetTime)"
                    )
                }
                exercised.insert(.targetOrder)
            }
            // P2: never before the previous frame's target.
            if let previousTarget, sequence < previousTarget {
                fail(
                    .next, index,
                    "refresh \(sequence) comes before the previous frame's target refresh \(previousTarget) (targets \(previousTarget) and \(sequence + divisor))"
                )
            }
            // P5, P7
            if alignedNow { exercised.insert(.align) }
            let expectedSkipped: Int
            if alignedNow || previous == nil, let countStart {
                expectedSkipped = PacingModel.skipped(
                    previousTarget: countStart.refresh, next: sequence, initial: countStart.divisor,
                    changes: changes)
            } else if let previousTarget, let previous {
                expectedSkipped = PacingModel.skipped(
                    previousTarget: previousTarget, next: sequence, initial: previous.divisor,
                    changes: changes)
            } else {
                expectedSkipped = 0
            }
            if expectedSkipped > 0 { exercised.insert(.skipped) }
            if frame.skippedFrames != expectedSkipped {
                fail(
                    .skipped, index,
                    "skippedFrames \(frame.skippedFrames), model \(expectedSkipped) (refresh \(sequence))")
            }
            // P4
            let halfFrame = Int64(run.source.period.multiplied(by: Int(divisor)).nanoseconds / 2)
            if let previous, observed.start - previous.start < halfFrame {
                fail(
                    .halfInterval, index,
                    "started \(ms(observed.start - previous.start)) ms after the previous callback, under half of \(ms(2 * halfFrame)) ms"
                )
            }
            // P10, P9, P2/P3 exactly (one link alone on its thread)
            if renderDeadline { exercised.insert(.prediction) }
            exercised.formUnion([.grid, .next, .targetAndDeadline])
            // A tick dropped since the previous frame may have been handled in a call of the script's
            // that delivered no frame: the sequence is then checked by the rules above, not exactly.
            let droppedBefore =
                index > 0 && run.observed[index - 1].generation == observed.generation
                ? run.observed[index - 1].droppedTicks : 0
            let droppedSince = observed.droppedTicks != droppedBefore
            if droppedSince { exercised.insert(.halfInterval) }
            if exact, !droppedSince {
                var eligible = floor ?? .min
                if !alignedNow, let previous {
                    eligible = max(eligible, PacingModel.firstRefresh(atOrAfter: previous.end, grid: grid))
                }
                var wanted = PacingModel.wantedFrame(
                    previousTarget: previousTarget, eligible: eligible, divisor: divisor)
                var expected: (sequence: Int64, start: Int64)?
                for _ in 0..<64 {
                    let look = max(grid.timestamp(of: wanted), observed.threadFree)
                    if look > grid.timestamp(of: wanted) { exercised.insert(.lateWake) }
                    let candidate = PacingModel.frame(
                        wanted: wanted, handledAt: look, grid: grid, divisor: divisor)
                    var start = look
                    if renderDeadline {
                        exercised.insert(.renderDeadline)
                        let timing = PacingModel.targetAndDeadline(
                            sequence: candidate, divisor: divisor, grid: grid,
                            latency: run.link.presentationLatency.wholeNanoseconds)
                        let planned = PacingModel.plannedStart(
                            timestamp: grid.timestamp(of: candidate), deadline: timing.deadline,
                            predicted: renderDeadline ? prediction : nil,
                            margin: FrameDispatch.defaultSafetyMargin.wholeNanoseconds)
                        start = max(planned, look)
                    }
                    if PacingModel.keepsHalfInterval(
                        start: start, previousStart: previous?.start, halfFrame: halfFrame)
                    {
                        expected = (candidate, start)
                        break
                    }
                    exercised.insert(.halfInterval)
                    wanted =
                        PacingModel.latestGridPoint(atOrBefore: grid.sequence(at: look), divisor: divisor)
                        + divisor
                }
                if let expected, expected.sequence != sequence || expected.start != observed.start {
                    var rule = PacingModel.Rule.next
                    if expected.sequence == sequence, renderDeadline { rule = .renderDeadline }
                    fail(
                        rule, index,
                        "refresh \(sequence) started at \(ms(observed.start)) ms; model: refresh \(expected.sequence) at \(ms(expected.start)) ms"
                    )
                }
            }
            // P11
            exercised.insert(.inputSampling)
            if let sampling = observed.samplingTime {
                let expectedSampling = PacingModel.samplingTime(
                    callbackStart: observed.start, latency: ScriptRun.resamplingLatency)
                if sampling != expectedSampling {
                    fail(
                        .inputSampling, index,
                        "sampled at \(ms(sampling)) ms, model \(ms(expectedSampling)) ms (start \(ms(observed.start)))"
                    )
                }
            }
            if renderDeadline {
                predictionHistory.append(observed.end - observed.start)
                prediction = PacingModel.prediction(
                    previous: prediction, window: predictionHistory.suffix(16))
            }
            durations.append(observed.end - observed.start)
            previous = (sequence, divisor, observed.start, observed.end)
            changes = []
        }
    }

    /// C1: the content `frame` shows and drops against the model's choice from `waiting`, which loses
    /// what the frame takes.
    private mutating func checkContent(
        of frame: Frame, _ index: Int, waiting: inout [ScheduledContent], showLate: Bool
    ) {
        let choice = PacingModel.content(
            waitingTimes: waiting.map(\.presentationTime.nanoseconds),
            target: frame.targetTimestamp.nanoseconds,
            showLate: showLate)
        if choice.taken > 0 { exercised.insert(.content) }
        let expected = choice.shown.map { waiting[$0] }
        if frame.content != expected || frame.droppedContent != choice.dropped {
            fail(
                .content, index,
                "showed \(frame.content.map { "#\($0.id) at \(ms($0.presentationTime.nanoseconds)) ms" } ?? "nothing"), dropped \(frame.droppedContent), target \(ms(frame.targetTimestamp.nanoseconds)) ms; model: \(expected.map { "#\($0.id) at \(ms($0.presentationTime.nanoseconds)) ms" } ?? "nothing"), dropped \(choice.dropped) (\(waiting.count) waiting, \(showLate ? "show late" : "drop late"))"
            )
        }
        waiting.removeFirst(choice.taken)
    }

    /// A1–A3 for a move from `from` to `to` decided by the previous callback.
    private mutating func checkAdaptiveMove(
        _ index: Int, from: Int64, to: Int64, adaptive: Bool, durations: [Int64], range: FrameRateRange
    ) {
        let latency = run.link.presentationLatency.wholeNanoseconds
        guard adaptive else {
            fail(.adaptiveBounds, index, "divisor \(from) → \(to) with the adaptive rate off")
            return
        }
        if to > from {
            exercised.insert(.adaptiveDown)
            let overran = durations.last.map {
                PacingModel.overran(duration: $0, divisor: from, refresh: refresh, latency: latency)
            }
            if overran != true, run.script.feedback == .none {
                fail(.adaptiveDown, index, "moved down \(from) → \(to) after a callback within its budget")
            }
        } else {
            exercised.insert(.adaptiveUp)
            let window = durations.suffix(AdaptiveRate.upWindow)
            if window.count < AdaptiveRate.upWindow
                || !window.allSatisfy({
                    PacingModel.fitsWithHeadroom(
                        duration: $0, divisor: to, refresh: refresh, latency: latency)
                })
            {
                fail(.adaptiveUp, index, "moved up \(from) → \(to) without eight callbacks fitting it")
            }
        }
        exercised.insert(.adaptiveBounds)
        // The rate the link divides is the source's nominal one (74.99999 Hz for a 75 Hz source's
        // exact period), as the range chooses its divisor from it.
        let sourceRate = run.link.driver.info.nominalFramesPerSecond
        let rate = sourceRate / Double(to)
        if to < Int64(range.divisor(forSourceRate: sourceRate)) || !range.contains(rate) {
            fail(.adaptiveBounds, index, "divisor \(to) (\(rate) fps) outside \(range)")
        }
    }

    // MARK: - Other links: the rules that hold whatever shares the thread

    private mutating func checkOtherLink(_ link: Int) {
        var previous: (sequence: Int64, start: Int64)?
        for (index, other) in run.otherFrames[link].enumerated() {
            let sequence = Int64(bitPattern: other.frame.sequence)
            if let previous {
                if sequence < previous.sequence + 1 {
                    fail(
                        .next, index,
                        "link \(link + 2): refresh \(sequence) after refresh \(previous.sequence)")
                }
                let expected = Int(sequence - previous.sequence - 1)
                if other.frame.skippedFrames != expected {
                    fail(
                        .skipped, index,
                        "link \(link + 2): skippedFrames \(other.frame.skippedFrames), model \(expected)")
                }
                let halfFrame = refresh / 2
                if other.start - previous.start < halfFrame {
                    fail(
                        .halfInterval, index,
                        "link \(link + 2): callbacks \(ms(other.start - previous.start)) ms apart")
                }
            }
            previous = (sequence, other.start)
        }
    }

    // MARK: - J1–J4

    private mutating func checkFigures() {
        // R2: links that came and went beside others; their frames are checked like any other's.
        if run.neighbourChanges > 0 { exercised.insert(.neighbours) }
        for link in run.firstLinks { checkFigures(of: link) }
    }

    /// J1–J4 for one first link: its own timeline and figures (R1: a restarted link's are its own).
    private mutating func checkFigures(of link: DisplayLink) {
        var model = JankModel()
        for entry in link.timeline.entries {
            if entry.presented == nil, let end = entry.callbackEnd, end > entry.deadline {
                exercised.insert(.shownWithoutFeedback)
            }
            if entry.outcome == .dropped { exercised.insert(.discardedHitch) }
            if entry.presented != nil { exercised.insert(.histograms) }
            model.add(entry)
        }
        exercised.insert(.hitch)
        for difference in model.differences(from: link.statistics.jank) {
            fail(.hitch, run.observed.count, difference)
        }
    }
}
