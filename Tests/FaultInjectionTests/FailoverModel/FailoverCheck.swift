@testable import FrameClock
@testable import PacingReference

/// Compares a played ``FailoverRun``, frame by frame, with ``PacingModel``: P1, P2/P3 exactly (the
/// link is alone on its thread), P4, P5, P7, P8 on whichever source ticked, F1 across each failover,
/// F2 and F3 across each return.
struct FailoverCheck {
    /// A frame that broke a rule.
    struct Violation: CustomStringConvertible {
        var rule: PacingModel.Rule
        var frame: Int
        var message: String
        var description: String { "\(rule.rawValue), frame #\(frame): \(message)" }
    }

    private(set) var violations: [Violation] = []
    /// The rules whose situation arose in the script, whether or not the link kept them.
    private(set) var exercised: Set<PacingModel.Rule> = []
    private let run: FailoverRun

    init(_ run: FailoverRun) {
        self.run = run
        check()
    }

    private mutating func fail(_ rule: PacingModel.Rule, _ frame: Int, _ message: String) {
        violations.append(Violation(rule: rule, frame: frame, message: message))
    }

    private func ms(_ nanoseconds: Int64) -> String { String(Double(nanoseconds) / 1e6) }

    private mutating func check() {
        if run.endedEarly {
            fail(.failover, run.observed.count, "the frame thread ended before the frames were in")
        }
        let refresh = run.firstGrid.period.offset(ofTicks: 1)
        var grid = run.firstGrid
        var previous: (sequence: Int64, divisor: Int64, start: Int64, end: Int64, target: Int64)?
        var changes = run.changes[...]
        for (index, observed) in run.observed.enumerated() {
            let frame = observed.frame
            let sequence = Int64(bitPattern: frame.sequence)
            let divisor = max(1, Int64((Double(frame.duration.wholeNanoseconds) / Double(refresh)).rounded()))
            let halfFrame = divisor * refresh / 2
            var failedOver = false
            var returnedAt: Int64?
            while let change = changes.first, change.beforeFrame <= index {
                changes = changes.dropFirst()
                switch change.kind {
                case .failedOver: failedOver = true
                case .returned:
                    returnedAt = change.at
                    grid = run.displayGrid(returnedAt: change.at)
                }
            }
            // P1, F1: on the grid in force (the timer continues the failed source's); P8.
            exercised.formUnion([.grid, .targetAndDeadline])
            if !PacingModel.isGridPoint(sequence, divisor: divisor) {
                fail(.grid, index, "refresh \(sequence) is not on the grid of divisor \(divisor)")
            }
            if !PacingModel.continuesGrid(
                sequence: sequence, timestamp: frame.timestamp.nanoseconds, grid: grid)
            {
                fail(
                    failedOver ? .failover : .grid, index,
                    "\(observed.kind) frame \(sequence) at \(ms(frame.timestamp.nanoseconds)) ms is not on the grid (refresh \(sequence) at \(ms(grid.timestamp(of: sequence))) ms)"
                )
            }
            let target = frame.targetTimestamp.nanoseconds
            if target != grid.timestamp(of: sequence + divisor) {
                fail(
                    .targetAndDeadline, index,
                    "target \(ms(target)) ms is not refresh \(sequence + divisor)'s")
            }
            // P4 on every source.
            if let previous, observed.start - previous.start < halfFrame {
                fail(
                    .halfInterval, index,
                    "started \(ms(observed.start - previous.start)) ms after the previous callback")
            }
            guard let prior = previous else {
                // P7: the start.
                exercised.insert(.align)
                let expected = PacingModel.alignedAfterReturn(
                    returnedAt: run.startedAt, grid: grid, divisor: divisor)
                if sequence != expected || frame.skippedFrames != 0 {
                    fail(
                        .align, index,
                        "first frame \(sequence) skipping \(frame.skippedFrames); model \(expected) skipping 0"
                    )
                }
                previous = (sequence, divisor, observed.start, observed.end, target)
                continue
            }
            if let returnedAt {
                checkReturn(
                    index, observed, returnedAt: returnedAt, previous: (prior.start, prior.end, prior.target),
                    grid: grid, divisor: divisor, halfFrame: halfFrame)
            } else {
                if failedOver { exercised.insert(.failover) }
                let previousTarget = prior.sequence + prior.divisor
                // P2 and P3 exactly, F1 across a failover: the frame the grid makes, whoever ticks.
                let expected = PacingModel.frameAcrossFailover(
                    previousTarget: previousTarget, threadFree: prior.end, grid: grid, divisor: divisor)
                let expectedStart = max(grid.timestamp(of: expected), prior.end)
                if expectedStart > grid.timestamp(of: expected) { exercised.insert(.lateWake) }
                exercised.insert(.next)
                if sequence != expected || observed.start != expectedStart {
                    fail(
                        failedOver ? .failover : .next, index,
                        "\(observed.kind) frame \(sequence) started at \(ms(observed.start)) ms; model: \(expected) at \(ms(expectedStart)) ms (previous target \(previousTarget), free at \(ms(prior.end)) ms)"
                    )
                }
                // P5: the grid points missed since the previous frame's target.
                let skipped = PacingModel.skipped(
                    previousTarget: previousTarget, next: sequence, initial: divisor, changes: [])
                if skipped > 0 { exercised.insert(.skipped) }
                if frame.skippedFrames != skipped {
                    fail(
                        failedOver ? .failover : .skipped, index,
                        "skippedFrames \(frame.skippedFrames), model \(skipped)")
                }
            }
            previous = (sequence, divisor, observed.start, observed.end, target)
        }
    }

    /// F2, F3: the first frame after a return to the display at `returnedAt`.
    private mutating func checkReturn(
        _ index: Int, _ observed: FailoverRun.Observed, returnedAt: Int64,
        previous: (start: Int64, end: Int64, target: Int64), grid: TickGrid, divisor: Int64, halfFrame: Int64
    ) {
        exercised.insert(.returnToDisplay)
        let frame = observed.frame
        let sequence = Int64(bitPattern: frame.sequence)
        let threadFree = max(previous.end, returnedAt)
        guard
            let expected = PacingModel.firstFrameAfterReturn(
                returnedAt: returnedAt, threadFree: threadFree, previousStart: previous.start,
                halfFrame: halfFrame,
                grid: grid, divisor: divisor),
            let possible = PacingModel.firstFrameAfterReturn(
                returnedAt: returnedAt, threadFree: returnedAt, previousStart: previous.start,
                halfFrame: halfFrame,
                grid: grid, divisor: divisor)
        else {
            fail(.returnToDisplay, index, "the model finds no frame within 64 grid points of the return")
            return
        }
        if sequence != expected.sequence || observed.start != expected.start {
            fail(
                .returnToDisplay, index,
                "\(observed.kind) frame \(sequence) started at \(ms(observed.start)) ms; model: \(expected.sequence) at \(ms(expected.start)) ms (returned at \(ms(returnedAt)) ms, previous start \(ms(previous.start)) ms)"
            )
        }
        if !PacingModel.targetAdvances(
            previousTarget: previous.target, target: frame.targetTimestamp.nanoseconds)
        {
            fail(
                .returnToDisplay, index,
                "target \(ms(frame.targetTimestamp.nanoseconds)) ms is not after the previous frame's \(ms(previous.target)) ms"
            )
        }
        let aligned = PacingModel.alignedAfterReturn(returnedAt: returnedAt, grid: grid, divisor: divisor)
        if possible.sequence != aligned || sequence != possible.sequence { exercised.insert(.returnSkips) }
        let skipped = PacingModel.skippedAfterReturn(
            firstPossible: possible.sequence, sequence: sequence, divisor: divisor)
        if frame.skippedFrames != skipped {
            fail(
                .returnSkips, index,
                "skippedFrames \(frame.skippedFrames), model \(skipped) (aligned \(aligned), first possible \(possible.sequence), frame \(sequence))"
            )
        }
    }
}
