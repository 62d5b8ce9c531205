import SystemCalls
import Testing
import Wayland
import WestonFixture

extension WestonTests {
    /// `WaylandWindow.commit(damage:notBefore:)` on a compositor without commit-timing or fifo
    /// (Debian 12's weston 10): the time changes nothing, and nothing waits for it. Under mutter 48,
    /// which has both, Tests/Compositors/run-timed-commits.sh checks that timed commits are shown at
    /// their time and never before.
    @Suite("Timed commits without the compositor's protocols")
    struct TimedCommitTests {
        @Test(
            "a commit timed a second ahead is shown at the next repaint, as an untimed one, and the window says neither protocol is used"
        )
        func timeIgnored() throws {
            let session = try WestonSession()
            let window = try WaylandWindow(
                connection: session.connection, title: "timed", width: 32, height: 32)
            #expect(
                window.commitTimingSupport == WaylandCommitTimingSupport(commitTiming: false, fifo: false))
            #expect(window.commitTimingSupport.description == "neither commit-timing nor fifo")
            let driver = FrameDriver(window: window)
            for frame in 0..<10 {
                try window.draw(waitingUpTo: .milliseconds(500)) { $0.fill(0xFF00_0000 | UInt32(frame)) }
                let callback = try window.frameTiming.requestFrameCallback()
                _ = try window.frameTiming.requestPresentationFeedback()
                let committed = try window.commit(
                    notBefore: KernelClock.monotonicNanoseconds() + 1_000_000_000)
                try #require(driver.waitFor(callback: callback, timeout: .seconds(2)))
                // Well before the time asked for: weston has no commit-timing.
                #expect(KernelClock.monotonicNanoseconds() - committed < 500_000_000)
            }
            driver.drainFeedback()
            #expect(driver.presented.count == 10)
            try session.connection.roundtrip()
            #expect(session.connection.failure == nil)
        }
    }
}
