import Foundation
import Testing
import WestonFixture
import X11

@testable import FrameClock

/// The display whose MSC is stuck, from the environment.
enum StuckMSCDisplay {
    static let name = ProcessInfo.processInfo.environment["FRAMECLOCK_STUCK_MSC_DISPLAY"]
}

/// A link on an X server whose Present MSC does not advance (Debian 13's Xwayland 24 under mutter 48
/// or KWin 6.3: every NotifyMSC completes at once, MSC 1, the same UST): it goes on with the timer,
/// saying why, within a few intervals, and does not flood the server with requests. Runs against a
/// display named by `FRAMECLOCK_STUCK_MSC_DISPLAY` (research/debian13 says how to start one).
@Suite(
    "A Present MSC that does not advance", .serialized,
    .enabled(
        if: StuckMSCDisplay.name != nil,
        "set FRAMECLOCK_STUCK_MSC_DISPLAY to an X display whose Present MSC is stuck (Xwayland 24 under mutter 48)"
    ),
    .timeLimit(.minutes(1)))
struct StuckMSCTests {
    /// How long the link runs.
    static let runFor: UInt32 = 3_000_000
    /// The nominal refresh interval, in nanoseconds.
    static let interval: Int64 = 16_666_667

    @Test("A stuck MSC: the link is on the timer with the reason, its first frame within a few intervals")
    func stuckMSC() throws {
        let display = try #require(StuckMSCDisplay.name)
        let connection = try X11Connection(display: display, timeout: .seconds(5))
        let window = try X11Window(
            connection: connection, title: "stuck-msc", width: 160, height: 120, timeout: .seconds(5))
        let run = try X11LinkRun(window: window)
        let startedAt = monotonicNow()
        try run.start()
        usleep(Self.runFor)
        let ranFor = Double(monotonicNow() - startedAt) / 1e9
        let info = run.link.sourceInfo
        run.stop()
        let frames = run.frames
        let notifies = run.presentCompletions.filter { $0.completion.kind == .notifyMSC }
        let firstFrame = frames.first.map { Double($0.calledAt - startedAt) / 1e6 }
        let rate = Double(notifies.count) / ranFor
        print(
            "stuck MSC on \(display): \(frames.count) frames in \(ranFor) s, first after \(firstFrame ?? -1) ms; "
                + "\(notifies.count) NotifyMSC completions read by the first source (\(rate) per second); \(info)"
        )
        #expect(info.kind == .timer, "\(info)")
        #expect("\(info.reason)".contains("does not advance"), "\(info.reason)")
        #expect(frames.count >= 100, "\(frames.count) frames")
        #expect(
            (firstFrame ?? .infinity) < Double(4 * Self.interval) / 1e6, "first frame \(firstFrame ?? -1) ms")
        #expect(notifies.count <= 20, "\(notifies.count) NotifyMSC completions")
    }
}
