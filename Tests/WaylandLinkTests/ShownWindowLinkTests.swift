import Testing
import Wayland
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("A display link on a window shown before the link was made")
    struct ShownWindowLinkTests {
        @Test(
            "the link starts on the phase and refresh of the window's last presentation: its first frames are stamped on that presentation's grid"
        )
        func startsOnThePresentationsPhase() throws {
            let session = try WindowSession(title: "shown first", size: 32)
            let window = session.window
            // The front end shows its first frame before it makes the link.
            try window.draw(waitingUpTo: .milliseconds(500)) { pixels in pixels.fill(0xFF20_4080) }
            let feedback = try window.frameTiming.requestPresentationFeedback()
            try window.commit()
            var event = window.frameTiming.nextEvent(timeout: .seconds(2))
            while case .frameCallback = event { event = window.frameTiming.nextEvent(timeout: .seconds(2)) }
            guard case .presented(let shown) = event, shown.feedbackID == feedback else {
                Issue.record("expected the first frame to be presented, got \(event)")
                return
            }
            #expect(window.frameTiming.latestPresentation?.time == shown.time)

            let run = try session.link()
            try run.start()
            try #require(run.waitForFrames(3), "3 frames within 15 s")
            let info = run.link.sourceInfo
            run.stop()
            #expect(run.errors.isEmpty, "\(run.errors)")
            #expect(info.period.nanoseconds.rounded() == Double(shown.refreshInterval), "\(info)")
            // The first frame is a grid point of that presentation's (the link was made within four
            // intervals of it), not the instant the link happened to start.
            let first = try #require(run.frames.first)
            let sinceShown = first.frame.timestamp.nanoseconds - shown.time
            #expect(sinceShown > 0 && sinceShown % shown.refreshInterval == 0, "\(sinceShown) ns after it")
        }
    }
}
