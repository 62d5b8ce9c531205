import Foundation
import Logging
import Testing
import WestonFixture

@testable import FrameClock

/// `.automatic` where no DRM display can be used, with `WAYLAND_DISPLAY` naming a compositor (given
/// to the selection directly: the process's environment is shared by every test).
enum AutomaticSelection {
    /// A link from `.automatic(fallbackFramesPerSecond: 30)` with `WAYLAND_DISPLAY` = `display`, and
    /// how long making it took in nanoseconds.
    static func link(waylandDisplay display: String?) throws -> (DisplayLink, Int64) {
        let started = monotonicNow()
        let logger = Logger(label: "WaylandLinkTests")
        let driver = try SourceSelection.driver(
            for: .automatic(fallbackFramesPerSecond: 30), options: FrameThreadOptions(realtimePriority: nil),
            logger: logger, waylandDisplay: display)
        return (DisplayLink(driver: driver, logger: logger), monotonicNow() - started)
    }

    /// Why `.automatic` chose the fallback timer, or nil (with an issue recorded) for another reason.
    static func noDisplayReason(of link: DisplayLink) -> String? {
        guard case .noDisplay(let why) = link.sourceInfo.reason else {
            Issue.record("reason: \(link.sourceInfo)")
            return nil
        }
        return why
    }
}

extension WestonLinkTests {
    @Suite("`.automatic` in a Wayland session")
    struct AutomaticOutputRateTests {
        @Test(
            "with no DRM display, the timer runs at the output's refresh (wl_output's mode) and says so; a stale socket gives the fallback rate"
        )
        func outputRate() throws {
            let weston = try WestonServer()
            let (link, took) = try AutomaticSelection.link(waylandDisplay: weston.socketPath)
            defer { link.invalidate() }
            let info = link.sourceInfo
            // Where a lit CRTC exists (the vkms guest) the link is on it.
            guard info.kind == .timer else { return }
            // weston 10's wl_output has no name event: the output is named by its make and model.
            #expect(
                info.reason
                    == .waylandOutputRate(
                        output: "weston headless", millihertz: 60_000, noDisplay: info.noDisplay))
            #expect(abs(info.framesPerSecond - 60) < 1e-9)
            #expect(
                info.description.contains(
                    "in a Wayland session: the timer runs at the refresh of output weston headless, 60.000 Hz"
                ))
            print("`.automatic` read the Wayland output's refresh in \(Double(took) / 1e6) ms: \(info)")

            // weston SIGKILLed leaves its socket: refused at once, the fallback rate, the reason said.
            weston.kill(signal: SIGKILL)
            let (stale, staleTook) = try AutomaticSelection.link(waylandDisplay: weston.socketPath)
            defer { stale.invalidate() }
            #expect(abs(stale.sourceInfo.framesPerSecond - 30) < 1e-9)
            guard let why = AutomaticSelection.noDisplayReason(of: stale) else { return }
            #expect(why.contains("refuses connections (ECONNREFUSED"), "\(why)")
            #expect(staleTook < 1_000_000_000, "quick: \(Double(staleTook) / 1e6) ms")
        }
    }
}

@Suite("`.automatic` with WAYLAND_DISPLAY naming no compositor")
struct AutomaticWithoutCompositorTests {
    @Test("no socket (ENOENT): the fallback rate, and the reason says why, at once")
    func noSocket() throws {
        let (link, took) = try AutomaticSelection.link(waylandDisplay: "/nonexistent-frameclock/wayland-9")
        defer { link.invalidate() }
        guard link.sourceInfo.kind == .timer else { return }
        #expect(abs(link.sourceInfo.framesPerSecond - 30) < 1e-9)
        guard let why = AutomaticSelection.noDisplayReason(of: link) else { return }
        #expect(
            why.contains(
                "no Wayland output rate (WAYLAND_DISPLAY=/nonexistent-frameclock/wayland-9): no Wayland compositor is running"
            ),
            "\(why)")
        #expect(took < 1_000_000_000)
    }

    @Test("WAYLAND_DISPLAY unset: `.automatic` is as before (the fallback rate, DRM's reason)")
    func unset() throws {
        let (link, _) = try AutomaticSelection.link(waylandDisplay: nil)
        defer { link.invalidate() }
        guard link.sourceInfo.kind == .timer else { return }
        #expect(abs(link.sourceInfo.framesPerSecond - 30) < 1e-9)
        guard let why = AutomaticSelection.noDisplayReason(of: link) else { return }
        #expect(!why.contains("Wayland"))
    }
}

extension FrameSourceInfo {
    /// Why `.automatic` found no DRM display, from a Wayland output-rate reason ("" otherwise).
    var noDisplay: String {
        if case .waylandOutputRate(_, _, let noDisplay) = reason { return noDisplay }
        return ""
    }
}
