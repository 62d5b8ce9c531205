import Foundation
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// A link whose window is unmapped goes on with the timer, saying why, and is back on the window's
/// Present completions once the window is mapped again (as a Wayland link is back on its frame
/// callbacks when they resume). Under Xvfb, started by the test.
@Suite(
    "Display links back on Present when their window is mapped again", .serialized,
    .enabled(if: XServerAvailability.xvfbTestsRun, Comment(rawValue: XServerAvailability.xvfbSkipReason)),
    .timeLimit(.minutes(1)))
struct X11ReturnTests {
    /// How long the window stays unmapped: several of the source's tries (every 250 ms).
    static let unmappedFor: UInt32 = 800_000

    @Test(
        "Unmapped: the timer with the reason; mapped again: back on Present, frames on, none duplicated",
        arguments: [true, false])
    func unmapThenMap(ownWindow: Bool) throws {
        let server = try XvfbServer()
        let client = try X11Connection(display: server.display)
        let window = try X11Window(connection: client, title: "return", width: 64, height: 64)
        let run =
            ownWindow
            ? try X11LinkRun(window: window)
            : try X11LinkRun(display: server.display, xid: window.id, own: nil)
        try run.start()
        try #require(run.waitForFrames(20))
        window.unmap()
        let failedOver = run.waitUntil(timeout: .seconds(3)) { run.link.sourceInfo.kind == .timer }
        let onTimer = run.link.sourceInfo
        usleep(Self.unmappedFor)
        // Still on the timer while unmapped: the tries fail, the frames go on.
        let stillTimer = run.link.sourceInfo.kind == .timer
        let framesWhileUnmapped = run.frames.count
        window.map()
        let returned = run.waitUntil(timeout: .seconds(3)) { run.link.sourceInfo.kind == .x11 }
        let back = run.link.sourceInfo
        let returnedAt = run.frames.count
        let goesOn = run.waitUntil(timeout: .seconds(3)) { run.frames.count >= returnedAt + 30 }
        run.stop()
        let frames = run.frames
        print("unmapped (\(ownWindow ? "own" : "adopted") window): \(onTimer); mapped again: \(back)")
        #expect(failedOver, "\(onTimer)")
        #expect("\(onTimer.reason)".contains("unmapped"), "\(onTimer.reason)")
        #expect(stillTimer)
        #expect(framesWhileUnmapped > 20 + 20, "frames go on on the timer: \(framesWhileUnmapped)")
        #expect(returned, "\(back)")
        guard case .returnedToDisplay(let failure) = back.reason else {
            Issue.record("reason: \(back.reason)")
            return
        }
        #expect(failure.contains("unmapped"), "\(failure)")
        #expect(goesOn, "frames after the return")
        #expect(frames.suffix(20).allSatisfy { $0.kind == .x11 })
        // Frame times never go back across the two changes of source.
        let backwards = zip(frames, frames.dropFirst()).filter {
            $1.frame.targetTimestamp.nanoseconds <= $0.frame.targetTimestamp.nanoseconds
        }
        #expect(
            backwards.isEmpty, "\(backwards.prefix(3).map { ($0.0.frame.sequence, $0.1.frame.sequence) })")
        #expect(run.errors.isEmpty || !ownWindow, "\(run.errors)")
    }

    /// How long the server is held with SIGSTOP: past the source's watchdog, then several tries.
    static let stoppedFor: Int64 = 2_500_000_000
    /// The windows frames are counted in while the server is stopped.
    static let countingWindow: Int64 = 250_000_000

    @Test(
        "The X server stopped: the link fails over and its timer ticks in every quarter second while the tries wait"
    )
    func serverStopped() throws {
        let server = try XvfbServer()
        let client = try X11Connection(display: server.display)
        let window = try X11Window(connection: client, title: "stopped", width: 64, height: 64)
        let run = try X11LinkRun(display: server.display, xid: window.id, own: nil)
        try run.start()
        try #require(run.waitForFrames(20))
        let stoppedAt = monotonicNow()
        server.send(SIGSTOP)
        let failedOver = run.waitUntil(timeout: .seconds(3)) { run.link.sourceInfo.kind == .timer }
        let failedOverAt = monotonicNow()
        let resumeAt = max(stoppedAt + Self.stoppedFor, failedOverAt + 4 * Self.countingWindow)
        while monotonicNow() < resumeAt { usleep(10_000) }
        server.send(SIGCONT)
        let resumedAt = monotonicNow()
        let afterResume = run.frames.count
        let goesOn = run.waitUntil(timeout: .seconds(3)) { run.frames.count >= afterResume + 30 }
        let info = run.link.sourceInfo
        run.stop()
        let times = run.frames.map(\.calledAt)
        var counts: [Int] = []
        var start = failedOverAt
        while start + Self.countingWindow <= resumedAt {
            let end = start + Self.countingWindow
            counts.append(times.filter { $0 >= start && $0 < end }.count)
            start = end
        }
        print("X server stopped: frames per 250 ms from the failover to SIGCONT \(counts); then \(info)")
        #expect(failedOver, "\(info)")
        #expect(counts.count >= 4, "\(counts)")
        #expect(counts.allSatisfy { $0 >= 1 }, "frames per 250 ms while stopped: \(counts)")
        #expect(goesOn, "frames after SIGCONT")
    }
}
