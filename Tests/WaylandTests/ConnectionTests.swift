import Foundation
import SystemPackage
import Testing
import Wayland

extension WestonTests {
    @Suite("A connection to weston headless")
    struct ConnectionTests {
        @Test(
            "binds wl_compositor, wl_shm, the output with its refresh, xdg_wm_base and wp_presentation's clock"
        )
        func bindsGlobals() throws {
            let session = try WestonSession()
            let connection = session.connection

            let interfaces = Set(connection.globals.map(\.interface))
            for needed in ["wl_compositor", "wl_shm", "wl_output", "xdg_wm_base", "wp_presentation"] {
                #expect(interfaces.contains(needed), "weston advertises \(needed)")
            }
            #expect(Set(connection.pixelFormats) == [.argb8888, .xrgb8888])
            #expect(connection.supportsPresentationFeedback)
            // weston headless stamps presentation with CLOCK_MONOTONIC_RAW.
            #expect(connection.presentationClockID == CLOCK_MONOTONIC_RAW)

            let outputs = connection.outputs
            #expect(outputs.count == 1)
            let mode = try #require(outputs.first?.currentMode)
            #expect(mode.refreshMillihertz == 60_000)
            #expect(mode.refreshInterval == 16_666_666)
            #expect(mode.width > 0 && mode.height > 0)
            #expect(connection.failure == nil)
            try connection.roundtrip()
        }

        @Test("an ignored global is absent: frame callbacks work, presentation feedback is a missing global")
        func ignoredPresentation() throws {
            let session = try WestonSession(ignoringGlobals: ["wp_presentation"])
            #expect(!session.connection.supportsPresentationFeedback)
            #expect(session.connection.presentationClockID == nil)

            let window = try session.window("no presentation")
            #expect(throws: WaylandError.missingGlobal(interface: "wp_presentation", version: 1)) {
                try window.frameTiming.requestPresentationFeedback()
            }
            try window.draw(waitingUpTo: .milliseconds(500)) { $0.fill(0xFF00_0000) }
            let callback = try window.frameTiming.requestFrameCallback()
            try window.commit()
            let event = window.frameTiming.nextEvent(timeout: .seconds(2))
            guard case .frameCallback(let done) = event else {
                Issue.record("expected a frame callback, got \(event)")
                return
            }
            #expect(done.id == callback)
        }

        @Test("a window without xdg_wm_base is a missing global, in a sentence")
        func missingShell() throws {
            let session = try WestonSession(ignoringGlobals: ["xdg_wm_base"])
            let error = #expect(throws: WaylandError.self) { try session.window("no shell") }
            #expect(error == .missingGlobal(interface: "xdg_wm_base", version: 1))
            #expect(error?.description == "the compositor does not offer xdg_wm_base (version 1 or later)")
        }

        @Test(
            "an ARGB8888 window: rows of 4-byte pixels a stride apart; a commit with partial damage is presented"
        )
        func argbWindowWithDamage() throws {
            let session = try WestonSession()
            let window = try WaylandWindow(
                connection: session.connection, title: "argb", width: 30, height: 20, pixelFormat: .argb8888)
            var layout: (stride: Int, width: Int, height: Int, format: WaylandPixelFormat)?
            try window.draw(waitingUpTo: .milliseconds(500)) { pixels in
                layout = (pixels.stride, pixels.width, pixels.height, pixels.format)
                pixels.fill(0x8000_0000)
                // One opaque pixel at (x 3, y 2), written through the stride.
                (pixels.baseAddress + 2 * pixels.stride + 3 * 4).storeBytes(
                    of: UInt32(0xFFFF_FFFF), as: UInt32.self)
            }
            #expect(layout?.stride == 120 && layout?.width == 30 && layout?.height == 20)
            #expect(layout?.format == .argb8888)
            let feedback = try window.frameTiming.requestPresentationFeedback()
            try window.commit(damage: [WaylandRect(x: 0, y: 0, width: 10, height: 5)])
            var event = window.frameTiming.nextEvent(timeout: .seconds(2))
            while case .frameCallback = event { event = window.frameTiming.nextEvent(timeout: .seconds(2)) }
            guard case .presented(let frame) = event else {
                Issue.record("expected the commit to be presented, got \(event)")
                return
            }
            #expect(frame.feedbackID == feedback)
            // Kept for a display link made afterwards, whoever took the event.
            #expect(window.frameTiming.latestPresentation?.feedbackID == feedback)
            #expect(window.isMapped)
            try session.connection.roundtrip()
            #expect(session.connection.failure == nil)
        }

        @Test("a window too small or too large is an invalid argument")
        func invalidSize() throws {
            let session = try WestonSession()
            for (width, height) in [(0, 10), (10, -1), (WaylandWindow.maximumDimension + 1, 10)] {
                let error = #expect(throws: WaylandError.self) {
                    try session.window("bad", width: width, height: height)
                }
                guard case .invalidArgument = error else {
                    Issue.record("expected an invalid argument, got \(String(describing: error))")
                    continue
                }
            }
        }
    }
}
