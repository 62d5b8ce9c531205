import Foundation
import Testing
import Wayland
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("When a window's frame callbacks stop")
    struct HiddenSurfaceTests {
        @Test(
            "unmapped, the link goes on a timer (within two intervals of the last callback, printed); remapped, it is back on the callbacks with no burst, the hidden frames discarded"
        )
        func unmapAndRemap() throws {
            let session = try WindowSession(title: "hidden")
            let window = session.window
            let run = try session.link()
            try run.start()
            try #require(run.waitForFrames(40))
            let interval = Int64(run.link.sourceInfo.period.nanoseconds)

            try window.unmap()
            let unmappedAt = monotonicNow()
            try #require(run.waitUntil { run.link.sourceInfo.kind == .timer }, "the link moves to the timer")
            guard case .frameCallbacksStopped = run.link.sourceInfo.reason else {
                Issue.record("reason: \(run.link.sourceInfo)")
                return
            }
            let hiddenFrom = run.frames.count
            usleep(300_000)
            let hidden = Array(run.frames[hiddenFrom...])
            #expect(hidden.count >= 10, "frames go on while hidden: \(hidden.count) in 300 ms")
            #expect(hidden.allSatisfy { $0.kind == .timer })
            let frames = run.frames
            // weston may send one more callback after the unmap (for the commit just before it): the
            // callbacks stop at the last one, and the link is on the timer within two intervals of it.
            let firstOnTimer = try #require(
                frames.firstIndex { $0.calledAt > unmappedAt && $0.kind == .timer })
            try #require(firstOnTimer > 0)
            let lastCallback = frames[firstOnTimer - 1].calledAt
            let switched = frames[firstOnTimer].calledAt - lastCallback
            let afterUnmap = frames[firstOnTimer].calledAt - unmappedAt
            // Measured: within two intervals (printed below); asserted: a sanity bound only.
            #expect(
                switched <= 4 * interval, "on the timer \(Double(switched) / 1e6) ms after the last callback")
            #expect(
                afterUnmap <= 20 * interval, "on the timer \(Double(afterUnmap) / 1e6) ms after the unmap")

            let remapFrom = run.frames.count
            try window.remap()
            let remappedAt = monotonicNow()
            try #require(run.waitUntil { run.link.sourceInfo.kind == .wayland }, "back on the callbacks")
            let back = monotonicNow() - remappedAt
            guard case .frameCallbacksResumed = run.link.sourceInfo.reason else {
                Issue.record("reason: \(run.link.sourceInfo)")
                return
            }
            usleep(300_000)
            let after = Array(run.frames[remapFrom...])
            // No burst: the frames after the remap start at least half an interval apart, and no more
            // come than the time allows.
            for (later, earlier) in zip(after.dropFirst(), after) {
                #expect(later.calledAt - earlier.calledAt >= interval / 2, "frame \(later.frame.sequence)")
            }
            let span = (after.last?.calledAt ?? 0) - (after.first?.calledAt ?? 0)
            #expect(Int64(after.count - 1) * interval <= span + interval)
            // The commits made while hidden were never shown: their frames are counted as dropped.
            _ = run.waitUntil(timeout: .milliseconds(500)) { run.link.statistics.framesDropped > 0 }
            let statistics = run.link.statistics
            run.stop()
            #expect(statistics.framesDropped >= 1)
            #expect(run.errors.isEmpty, "\(run.errors)")
            print(
                "Wayland link: on the timer \(Double(switched) / 1e6) ms after the last callback "
                    + "(\(Double(afterUnmap) / 1e6) ms after the unmap), back on the callbacks "
                    + "\(Double(back) / 1e6) ms after the remap (interval \(Double(interval) / 1e6) ms); "
                    + "\(hidden.count) frames in 300 ms hidden; \(statistics.framesDropped) dropped")
        }

        @Test("a window never mapped: the link ticks on a timer, and says the callbacks never came")
        func neverMapped() throws {
            let session = try WindowSession(title: "unmapped")
            let run = try session.link()
            run.isDrawing = false
            try run.start()
            try #require(run.waitUntil { run.link.sourceInfo.kind == .timer })
            guard case .frameCallbacksStopped(let why) = run.link.sourceInfo.reason else {
                Issue.record("reason: \(run.link.sourceInfo)")
                return
            }
            #expect(why.contains("no frame callback from Wayland window 'unmapped'"))
            let from = run.frames.count
            usleep(300_000)
            #expect(run.frames.count - from >= 10, "the timer ticks")
            run.stop()
            #expect(!session.window.isMapped)
        }

        @Test("a window closed while the link runs: the link goes on a timer and says why")
        func windowClosed() throws {
            let session = try WindowSession(title: "closing")
            let run = try session.link()
            try run.start()
            try #require(run.waitForFrames(10))
            session.window.close()
            try #require(run.waitUntil { run.link.sourceInfo.kind == .timer })
            guard case .failedOver(_, let failure) = run.link.sourceInfo.reason else {
                Issue.record("reason: \(run.link.sourceInfo)")
                return
            }
            #expect(failure == "Wayland window 'closing' was closed")
            let from = run.frames.count
            usleep(200_000)
            #expect(run.frames.count - from >= 5, "the timer ticks")
            run.stop()
            // The frames after the close could not draw: each said why.
            #expect(run.errors.allSatisfy { $0.contains("the window was used after it was closed") })
        }
    }
}
