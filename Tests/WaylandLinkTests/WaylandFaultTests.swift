import Foundation
import Testing
import Wayland
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("Faults under a display link on Wayland")
    struct WaylandFaultTests {
        @Test(
            "weston killed mid-run: the link goes on a timer with the reason (EPIPE or ECONNRESET), no crash, no hang"
        )
        func compositorKilled() async throws {
            let session = try WindowSession(title: "killed")
            let run = try session.link()
            try run.start()
            try #require(run.waitForFrames(20))
            let stream = ChangeCollector.subscribe(to: run.link)
            // Weston, on a busy machine, may skip repaints long enough before the kill for the link
            // to go on the timer for the missing callbacks first: the change awaited is the failure.
            let failedOver: @Sendable (FrameSourceInfo) -> Bool = { info in
                if case .failedOver = info.reason { info.kind == .timer } else { false }
            }
            let changes = Task { () -> FrameSourceInfo? in
                // (A newly measured interval is a change too, with the same reason.)
                for await change in stream where failedOver(change) { return change }
                return nil
            }
            usleep(50_000)
            session.weston.kill(signal: SIGKILL)
            try #require(run.waitUntil { failedOver(run.link.sourceInfo) })
            let info = run.link.sourceInfo
            // The change came as an event too.
            let change = try #require(await value(of: changes, within: .seconds(30)))
            #expect(change.kind == .timer)
            #expect(change.reason == info.reason)
            // No frame of the dead compositor stays pending: those it never reported are not presented,
            // with the reason; only frames of the timer after it (no presenter) wait for feedback.
            let entries = run.link.timeline.entries
            let unshown = entries.filter { if case .notPresented = $0.outcome { true } else { false } }
            #expect(!unshown.isEmpty)
            #expect(unshown.allSatisfy { "\($0.outcome)".contains("failed") })
            let lastUnshown = try #require(unshown.last).timestamp
            #expect(entries.filter { $0.outcome == .pending }.allSatisfy { $0.timestamp > lastUnshown })
            guard case .failedOver(let from, let failure) = info.reason else {
                Issue.record("reason: \(info)")
                return
            }
            #expect(from.hasPrefix("Wayland window 'killed'"))
            // A write to the dead socket gives EPIPE, a read ECONNRESET: which comes first depends on
            // where the connection's thread was when weston died.
            let lost = [
                "the Wayland connection was lost: EPIPE (Broken pipe); the compositor has gone away",
                "the Wayland connection was lost: ECONNRESET (Connection reset by peer); the compositor has gone away",
            ]
            #expect(lost.contains(failure), "\(failure)")
            let count = run.frames.count
            usleep(200_000)
            #expect(run.frames.count - count >= 5, "the timer ticks")
            let started = monotonicNow()
            run.link.invalidate()
            #expect(monotonicNow() - started < 1_000_000_000, "invalidate returns at once")
        }

        /// The value of `task`, or nil after `limit` of real time. Awaited, not polled: a test thread
        /// that blocks holds one of the few cooperative threads the task itself needs.
        func value<Value: Sendable>(of task: Task<Value?, Never>, within limit: Duration) async -> Value? {
            await withTaskGroup(of: Value?.self) { group in
                group.addTask { await task.value }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    task.cancel()
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }

        @Test("a compositor without wp_presentation: the link ticks on frame callbacks alone, and says so")
        func withoutPresentation() throws {
            let session = try WindowSession(title: "no feedback", ignoringGlobals: ["wp_presentation"])
            let run = try session.link()
            #expect(
                run.link.sourceInfo.reason
                    == .frameCallbacksOnly(
                        "the compositor does not offer wp_presentation (version 1 or later)"))
            #expect(run.link.sourceInfo.description.contains("frame callbacks only"))
            try run.start()
            try #require(run.waitForFrames(60))
            // A callback late past the hidden-surface limit (weston descheduled on a loaded machine)
            // puts the link on a timer until the next one comes: it must be back on the callbacks.
            #expect(run.waitUntil { run.link.sourceInfo.kind == .wayland }, "\(run.link.sourceInfo)")
            let info = run.link.sourceInfo
            let statistics = run.link.statistics
            let frames = run.frames
            run.stop()
            #expect(info.kind == .wayland, "\(info)")
            #expect(statistics.framesWithFeedback == 0)
            // The grid is the callbacks' own cadence (weston's 17.1 ms, not the advertised 16.7 ms).
            let intervals = zip(frames.dropFirst(30), frames.dropFirst(29)).map {
                Double($0.frame.timestamp.nanoseconds - $1.frame.timestamp.nanoseconds) / 1e6
            }
            let median = TimingSummary.median(intervals)
            #expect(median > 10 && median < 30, "frames \(median) ms apart: \(intervals)")
            #expect(
                abs(info.period.nanoseconds / 1e6 - median) < 1, "grid \(info.period) against \(median) ms")
        }
    }
}
