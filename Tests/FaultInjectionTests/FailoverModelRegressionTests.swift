import Testing

@testable import FrameClock
@testable import PacingReference
@testable import VirtualKernel

/// Failover scripts that once disagreed with the model, shrunk, each pinning its fix.
@Suite("Pacing model: failover regressions")
struct FailoverModelRegressionTests {
    /// The frames after the first return to the display in `run`.
    func framesAfterReturn(_ run: FailoverRun) throws -> ArraySlice<FailoverRun.Observed> {
        let back = try #require(run.changes.first { $0.kind == .returned })
        return run.observed[back.beforeFrame...]
    }

    @Test("a return whose first display refresh is too close to the last timer frame counts no skip (F3)")
    func returnCloseToTheLastTimerFrame() throws {
        // Seed 13 (its darkness since made long enough to be noticed): at 20 fps the display's first grid point after the return came 16.7 ms after the
        // last timer callback started, under half the 50 ms interval; it was refused (P4) and counted
        // as skipped, though the timer's last frame had covered it.
        let script = FailoverScript(
            preferredRate: 20, recoveryInterval: 100, counterMove: -85,
            costs: [.init(frames: 24, cost: 0)], faults: [.crtcOff(at: 546_292, dark: 70_000)], frames: 18)
        let run = try FailoverRun(script)
        let first = try #require(try framesAfterReturn(run).first)
        #expect(first.kind == .drm)
        #expect(first.frame.skippedFrames == 0)
        #expect(run.statistics?.droppedTicks == 1, "the refused refresh is still a dropped tick")
        let violations = FailoverCheck(run).violations
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("a display opened again reads none of the closed file's events (the virtual kernel)")
    func reopenedDeviceReadsNoOldEvents() throws {
        // Seed 174: the request the failed source had queued was answered when the CRTC went dark
        // and read by the source that returned, a tick of the old numbering: its frame was refused,
        // and the link waited 1.2 s for the display's counter to reach the old numbering. A kernel
        // drops a file's events when it is closed; the virtual kernel now does too.
        let script = FailoverScript(
            preferredRate: 0, recoveryInterval: 100, counterMove: -85,
            costs: [.init(frames: 10, cost: 0)],
            faults: [.readFails(at: 221_532), .crtcOff(at: 320_368, dark: 138_480)], frames: 30)
        let run = try FailoverRun(script)
        let back = try framesAfterReturn(run)
        let first = try #require(back.first)
        let previous = run.observed[back.startIndex - 1]
        #expect(first.frame.skippedFrames == 0)
        #expect(first.start - previous.start <= 2 * ScriptedKernel.period)
        let violations = FailoverCheck(run).violations
        #expect(violations.isEmpty, "\(violations)")
    }
}
