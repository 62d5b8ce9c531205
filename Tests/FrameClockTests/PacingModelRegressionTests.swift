import Testing

@testable import FrameClock

/// Scripts the random checks found disagreeing with the model, shrunk, each kept as a named test so
/// that the defect it found stays fixed. Each names the rule it broke.
@Suite("Pacing model: regressions")
struct PacingModelRegressionTests {
    /// Plays `script` and records every violation, with the frames that led to it.
    static func expectAgreement(_ script: PacingScript, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let run = try ScriptRun(script)
        let violations = ModelCheck(run).violations
        guard let first = violations.first else { return }
        let trace = run.observed.prefix(first.frame + 1).enumerated().map { index, observed in
            "#\(index) refresh \(observed.frame.sequence) interval \(observed.frame.duration) skipped "
                + "\(observed.frame.skippedFrames) start \(observed.start) end \(observed.end) free "
                + "\(observed.threadFree) events \(observed.events)"
        }
        Issue.record(
            Comment(
                rawValue:
                    "\(violations.map(\.description).joined(separator: "\n"))\n\(trace.joined(separator: "\n"))"
            ),
            sourceLocation: sourceLocation)
    }

    @Test("P2: a step back up to 60 fps targets the refresh after the last 30 fps frame's")
    func stepUpAfterAdaptiveDown() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 60, range: .span(minimum: 30, maximum: 60), adaptive: true,
                renderDeadline: false,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [
                    .run(ticks: 120, cost: 5000), .run(ticks: 240, cost: 20000), .run(ticks: 240, cost: 5000),
                ]))
    }

    @Test("P4: a render-deadline start is held half an interval from the previous callback's start")
    func renderDeadlineHalfInterval() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 90, range: .span(minimum: 30, maximum: 45), adaptive: false,
                renderDeadline: false,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [.renderDeadline(true), .run(ticks: 4, cost: 7241)]))
    }

    @Test("P4: a late wake-up after the vblank is measured from when the callback really starts")
    func lateWakeAfterRenderDeadline() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 60, range: .span(minimum: 20, maximum: 0), adaptive: false, renderDeadline: true,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [
                    .run(ticks: 1, cost: 2234),
                    .setRangeInCallback(.span(minimum: 30, maximum: 0), cost: 360),
                    .renderDeadline(false), .stall(delay: 18392), .run(ticks: 1, cost: 15997),
                ]))
    }

    @Test("P6: a range set between frames aligns where the frame thread next looks")
    func rangeBetweenFramesAfterAdaptiveDown() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 60, range: .span(minimum: 20, maximum: 60), adaptive: true,
                renderDeadline: false,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [
                    .run(ticks: 1, cost: 16424), .setRange(.span(minimum: 20, maximum: 30), idle: 16445),
                    .run(ticks: 1, cost: 0),
                ]))
    }

    @Test("P5: a refresh missed before a range change is counted at the divisor it was missed at")
    func skipBeforeChange() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 120, range: .span(minimum: 0, maximum: 60), adaptive: false,
                renderDeadline: false,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [
                    .run(ticks: 2, cost: 5298), .setRange(.preferred(30), idle: 6910), .stall(delay: 9816),
                    .run(ticks: 1, cost: 7436),
                ]))
    }

    @Test("P2: two range changes inside callbacks with the thread held off between them")
    func changesInsideCallbacksAroundStalls() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 100, range: .native, adaptive: false, renderDeadline: false, latency: 1000,
                feedback: .none, otherLinks: [],
                steps: [
                    .setRange(.preferred(50), idle: 1136), .run(ticks: 1, cost: 6280), .stall(delay: 23727),
                    .setRangeInCallback(.native, cost: 3777), .stall(delay: 16582),
                    .setRangeInCallback(.span(minimum: 25, maximum: 50), cost: 4169),
                ]))
    }

    @Test("P5: an adaptive move and a range change in one callback, then one between frames")
    func adaptiveMoveThenRangeBetweenFrames() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 60, range: .span(minimum: 15, maximum: 30), adaptive: true, renderDeadline: true,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [
                    .run(ticks: 1, cost: 4015),
                    .setRangeInCallback(.span(minimum: 15, maximum: 0), cost: 18239),
                    .setRange(.span(minimum: 20, maximum: 0), idle: 16554), .run(ticks: 1, cost: 5376),
                ]))
    }

    @Test("P5: a range set inside a callback, then the same range between frames")
    func rangeInCallbackThenBetween() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 120, range: .preferred(60), adaptive: false, renderDeadline: false,
                latency: 1000,
                feedback: .none, otherLinks: [],
                steps: [
                    .setRange(.span(minimum: 30, maximum: 120), idle: 230), .run(ticks: 25, cost: 2678),
                    .adaptive(true), .run(ticks: 1, cost: 5006), .setRangeInCallback(.native, cost: 12080),
                    .setRange(.native, idle: 6493), .run(ticks: 1, cost: 2866),
                ]))
    }

    @Test("A3: a range set between frames after an adaptive move down in the callback bounds the next frame")
    func rangeAfterAdaptiveMoveInCallback() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 75, range: .native, adaptive: true, renderDeadline: true, latency: 1000,
                feedback: .none, otherLinks: [],
                steps: [
                    .setRangeInCallback(.span(minimum: 30, maximum: 0), cost: 15213),
                    .setRange(.preferred(30), idle: 4455), .run(ticks: 1, cost: 0),
                ]))
    }

    @Test("P5: a frame planned for its render deadline, given up for a range set between frames")
    func plannedFrameGivenUpForARange() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 90, range: .preferred(30), adaptive: false, renderDeadline: true, latency: 1000,
                feedback: .none, otherLinks: [536],
                steps: [
                    .run(ticks: 9, cost: 1317), .setRange(.span(minimum: 22, maximum: 90), idle: 8953),
                    .run(ticks: 3, cost: 7220),
                ]))
    }

    @Test("A3: the adaptive rate turned off after a move up, then a range set in a callback")
    func adaptiveOffAfterAMoveUp() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 60, range: .span(minimum: 30, maximum: 0), adaptive: true, renderDeadline: false,
                latency: 1000, feedback: .none, otherLinks: [],
                steps: [
                    .run(ticks: 8, cost: 18007), .run(ticks: 8, cost: 3007), .adaptive(false),
                    .setRangeInCallback(.native, cost: 14759),
                ]))
    }

    @Test("P5: a range set between frames after a stall, two other links and a faulty display")
    func rangeAfterAStallWithOtherLinks() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 100, range: .span(minimum: 50, maximum: 60), adaptive: false,
                renderDeadline: true,
                latency: 1000, feedback: .faultyDisplay, otherLinks: [2439, 1848],
                steps: [
                    .run(ticks: 97, cost: 0), .adaptive(true), .run(ticks: 51, cost: 5963),
                    .renderDeadline(false),
                    .run(ticks: 49, cost: 3652), .setRangeInCallback(.native, cost: 13391),
                    .run(ticks: 53, cost: 5071), .stall(delay: 23648), .setRange(.preferred(45), idle: 8447),
                    .run(ticks: 2, cost: 3062),
                ]))
    }

    @Test("P5: a pause with a frame planned for its render deadline, then a range set between frames")
    func pauseWithAPlannedFrameThenRange() throws {
        try Self.expectAgreement(
            PacingScript(
                refreshRate: 75, range: .span(minimum: 25, maximum: 60), adaptive: false,
                renderDeadline: true,
                latency: 1000, feedback: .none, otherLinks: [2448],
                steps: [
                    .setRange(.preferred(30), idle: 6635), .run(ticks: 87, cost: 1393),
                    .pause(duration: 16503),
                    .setRange(.span(minimum: 0, maximum: 75), idle: 7536), .run(ticks: 2, cost: 0),
                ]))
    }
}
