import Testing

@testable import FrameClock
@testable import PacingReference

/// Links invalidated and started again on one manual source, checked against the model (R1, R2) and
/// by what a user sees.
@Suite("Pacing model: invalidate and restart")
struct PacingModelRestartTests {
    @Test("R1: a link restarted from inside its callback starts as at a start, with its own figures")
    func restartFromInsideTheCallback() throws {
        let script = PacingScript(
            refreshRate: 60, range: .native, adaptive: false, renderDeadline: false, latency: 1000,
            feedback: .display, otherLinks: [],
            steps: [
                .run(ticks: 10, cost: 2000), .restart(idle: 25_000, inCallback: true),
                .run(ticks: 10, cost: 2000),
            ])
        let run = try ScriptRun(script)
        #expect(ModelCheck(run).violations.isEmpty, "\(ModelCheck(run).violations)")
        #expect(run.firstLinks.count == 2)
        let old = run.observed.filter { $0.generation == 0 }
        let new = run.observed.filter { $0.generation == 1 }
        // The frame whose callback invalidated the link was its last.
        #expect(old.count == 11)
        #expect(run.observed.prefix(old.count).allSatisfy { $0.generation == 0 })
        let first = try #require(new.first)
        // Aligned after the refresh in progress when the frame thread first looked, nothing skipped
        // for the idle time, and its own count of frames.
        let grid = run.source.grid
        #expect(Int64(first.frame.sequence) == PacingModel.firstRefresh(after: first.lookedAt, grid: grid))
        #expect(first.frame.skippedFrames == 0)
        #expect(new.allSatisfy { $0.frame.skippedFrames == 0 })
        #expect(run.firstLinks[1].statistics.framesDelivered == new.count)
        #expect(run.firstLinks[0].statistics.framesDelivered == old.count)
    }

    @Test("R2: other links go on undisturbed while the first restarts and others come and go")
    func neighboursUndisturbed() throws {
        let script = PacingScript(
            refreshRate: 120, range: .preferred(60), adaptive: false, renderDeadline: false, latency: 1000,
            feedback: .none, otherLinks: [1000],
            steps: [
                .run(ticks: 20, cost: 3000), .addOtherLink(cost: 500), .run(ticks: 20, cost: 3000),
                .restart(idle: 0, inCallback: false), .run(ticks: 20, cost: 3000), .removeOtherLink,
                .run(ticks: 20, cost: 3000), .restart(idle: 4000, inCallback: true),
                .run(ticks: 20, cost: 3000),
            ])
        let run = try ScriptRun(script)
        #expect(ModelCheck(run).violations.isEmpty, "\(ModelCheck(run).violations)")
        #expect(run.neighbourChanges == 4)
        // The link there from the start took every refresh: one frame each, none twice, none skipped.
        let frames = run.otherFrames[0].map { Int64($0.frame.sequence) }
        // 100 ticks run, and the one handed out for the restart from inside a callback.
        #expect(frames.count == 101)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 == $0 + 1 })
        #expect(run.otherFrames[0].allSatisfy { $0.frame.skippedFrames == 0 })
        // The one added for a while took every refresh from its start to its end.
        let added = run.otherFrames[1].map { Int64($0.frame.sequence) }
        #expect(added.count == 40)
        #expect(zip(added, added.dropFirst()).allSatisfy { $1 == $0 + 1 })
    }
}
