import Foundation
import TestSupport
import Testing
import Wayland
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("A display link on a toolkit's display and surface")
    struct ToolkitSurfaceTests {
        /// A toolkit's display with a window drawn and committed by the "toolkit" (the Wayland
        /// module on the toolkit's display, as a toolkit's own code would be).
        struct Toolkit {
            let display: ToolkitDisplay
            let connection: WaylandConnection
            let window: WaylandWindow

            init(weston: WestonServer, title: String) throws {
                display = try ToolkitDisplay(path: weston.socketPath)
                connection = try WaylandConnection(adopting: display.raw)
                window = try WaylandWindow(connection: connection, title: title, width: 48, height: 48)
            }

            func close() {
                window.close()
                connection.close()
            }

            /// A link on the toolkit's surface whose callback draws the window and commits it,
            /// counted (and its errors recorded) in `frames`.
            func startLink(counting frames: FrameCounter) throws -> DisplayLink {
                let link = try DisplayLink(
                    source: .wayland(display: display.raw, surface: window.surfacePointer),
                    options: FrameThreadOptions(realtimePriority: nil))
                let window = window
                try link.start { _ in
                    do {
                        try window.draw(waitingUpTo: .milliseconds(500)) { $0.fill(0xFF30_6090) }
                        try window.commit()
                    } catch {
                        frames.fail("\(error)")
                    }
                    frames.count()
                }
                return link
            }
        }

        @Test(
            "the toolkit commits in the callback: frames on its surface's callbacks with feedback, its own queue untouched, its display left connected"
        )
        func toolkitSurface() throws {
            let weston = try WestonServer()
            let toolkit = try Toolkit(weston: weston, title: "toolkit")
            let frames = FrameCounter()
            let link = try toolkit.startLink(counting: frames)
            try #require(frames.wait(for: 60))
            let info = link.sourceInfo
            // The toolkit dispatches its own queue while the link runs. What it finds there can only
            // be the display's own events (libwayland dispatches wl_display's delete_id with any
            // queue); the link's callbacks and feedback are on its private queue, so its frames and
            // feedback go on undisturbed.
            let before = link.statistics.framesWithFeedback
            _ = toolkit.display.dispatchPending()
            try #require(frames.wait(for: 80), "frames go on after the toolkit's dispatch")
            let statistics = link.statistics
            #expect(statistics.framesWithFeedback > before, "feedback goes on after the toolkit's dispatch")
            link.invalidate()
            usleep(50_000)
            #expect(frames.failures.isEmpty, "\(frames.failures)")
            #expect(info.kind == .wayland, "\(info)")
            #expect(info.name.hasPrefix("Wayland surface (a toolkit's)"))
            #expect(statistics.framesWithFeedback >= 50, "\(statistics)")
            RealTimeFigures.report(
                "Wayland toolkit surface", "frames on time of \(statistics.framesWithFeedback) with feedback",
                statistics.framesOnTime, isUsual: statistics.framesOnTime >= 20, usual: "≥ 20")
            toolkit.close()
            #expect(toolkit.display.roundtrip() >= 0, "the toolkit's display is still connected")
            #expect(toolkit.display.error == 0)
        }

        /// Against the rule (invalidate the link first): the link's next request names the destroyed
        /// surface, which the compositor answers with a protocol error that ends the whole connection,
        /// the toolkit's included, as any request on a destroyed object would.
        @Test(
            "the toolkit destroys its surface while the link runs: the link goes on a timer with the reason, no crash, no hang"
        )
        func surfaceDestroyed() throws {
            let weston = try WestonServer()
            let toolkit = try Toolkit(weston: weston, title: "destroyed")
            let frames = FrameCounter()
            let link = try toolkit.startLink(counting: frames)
            try #require(frames.wait(for: 20))
            toolkit.window.close()
            try #require(
                frames.waitUntil { link.sourceInfo.kind == .timer }, "on a timer: \(link.sourceInfo)")
            let from = frames.value
            usleep(200_000)
            #expect(frames.value - from >= 5, "the timer ticks")
            guard case .failedOver(let source, let failure) = link.sourceInfo.reason else {
                Issue.record("reason: \(link.sourceInfo)")
                return
            }
            #expect(source.hasPrefix("Wayland surface (a toolkit's)"))
            // weston's "invalid object" error on wl_display reaches libwayland's callers as EINVAL.
            #expect(failure.contains("EINVAL"), "\(failure)")
            #expect(toolkit.display.error != 0, "the protocol error ended the toolkit's connection too")
            let started = monotonicNow()
            link.invalidate()
            #expect(monotonicNow() - started < 1_000_000_000)
            toolkit.close()
        }
    }
}

/// Counts a link's frames from its callback, on whatever thread it runs.
final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var frames = 0
    private var errors: [String] = []

    func count() { lock.withLock { frames += 1 } }
    func fail(_ error: String) { lock.withLock { errors.append(error) } }
    var value: Int { lock.withLock { frames } }
    var failures: [String] { lock.withLock { errors } }

    /// Waits (up to 10 s) until `count` frames came.
    func wait(for count: Int) -> Bool { waitUntil(timeout: 10) { value >= count } }

    /// Polls `condition` every millisecond for up to `timeout` seconds.
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let end = monotonicNow() + Int64(timeout * 1e9)
        while !condition() {
            if monotonicNow() > end { return false }
            usleep(1_000)
        }
        return true
    }
}
