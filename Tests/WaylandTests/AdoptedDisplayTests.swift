import Foundation
import SystemPackage
import Testing
import Wayland
import WestonFixture

extension WestonTests {
    @Suite("A toolkit's display and surface, adopted")
    struct AdoptedDisplayTests {
        @Test(
            "frame timing on an adopted surface runs on the private queue; the toolkit's queue stays empty; close leaves the display connected"
        )
        func adoptedSurface() throws {
            let weston = try WestonServer()
            let toolkit = try ToolkitDisplay(path: weston.socketPath)
            let connection = try WaylandConnection(adopting: toolkit.raw)
            let window = try WaylandWindow(connection: connection, title: "toolkit", width: 64, height: 64)
            let adopted = try WaylandFrameTiming(
                connection: connection, adoptingSurface: window.surfacePointer)

            try window.draw(waitingUpTo: .milliseconds(500)) { $0.fill(0xFF10_2030) }
            let callback = try adopted.requestFrameCallback()
            let feedback = try adopted.requestPresentationFeedback()
            let committed = try window.commit()
            var events: [WaylandFrameEvent] = []
            while events.count < 2 {
                let event = adopted.nextEvent(timeout: .seconds(2))
                guard event != .timedOut else { break }
                events.append(event)
            }
            guard case .frameCallback(let done) = events.first, case .presented(let frame) = events.last
            else {
                Issue.record("expected a callback then a presentation, got \(events)")
                return
            }
            #expect(done.id == callback)
            #expect(frame.feedbackID == feedback)
            #expect(frame.time + frame.conversionErrorBound >= committed)
            // Nothing the module made was dispatched on the toolkit's queue.
            #expect(toolkit.dispatchPending() == 0)

            // The surface destroyed under a waiting frame timing: the feedback is discarded, the
            // callback never comes, and the wait ends at its timeout.
            _ = try adopted.requestFrameCallback()
            _ = try adopted.requestPresentationFeedback()
            let wait = BackgroundWait(on: adopted, timeout: .milliseconds(500), skippingFrameEvents: true)
            let (event, latency) = try #require(wait.end { window.close() })
            #expect(event == .timedOut)
            #expect(latency < 1_500_000_000)

            adopted.close()
            connection.close()
            #expect(toolkit.roundtrip() >= 0, "the display is still connected")
            #expect(toolkit.error == 0)
        }

        @Test("closing the connection with a window open closes the window first: no protocol error")
        func closeWithWindowOpen() throws {
            let weston = try WestonServer()
            let toolkit = try ToolkitDisplay(path: weston.socketPath)
            let connection = try WaylandConnection(adopting: toolkit.raw)
            let window = try WaylandWindow(connection: connection, title: "left open", width: 32, height: 32)
            try FrameDriver(window: window).run(frames: 2)
            connection.close()
            #expect(throws: WaylandError.closed("the window")) { try window.commit() }
            #expect(window.frameTiming.nextEvent(timeout: .seconds(1)) == .closed)
            #expect(toolkit.roundtrip() >= 0)
            #expect(toolkit.error == 0)
        }

        @Test("a protocol error on the display ends waits with .connectionLost(EPROTO) and is described")
        func protocolError() throws {
            let weston = try WestonServer()
            let toolkit = try ToolkitDisplay(path: weston.socketPath)
            let connection = try WaylandConnection(adopting: toolkit.raw)
            defer { connection.close() }
            let window = try WaylandWindow(connection: connection, title: "error", width: 32, height: 32)
            _ = try window.frameTiming.requestFrameCallback()
            let registry = toolkit.bindUnknownGlobal()
            #expect(window.frameTiming.nextEvent(timeout: .seconds(2)) == .connectionLost(.protocolError))
            guard case .protocolError(let interface, let objectID, _) = connection.failure else {
                Issue.record("expected a protocol error, got \(String(describing: connection.failure))")
                return
            }
            #expect(interface == "wl_registry")
            #expect(objectID == registry)
            #expect(throws: WaylandError.self) { try window.commit() }
        }
    }
}
