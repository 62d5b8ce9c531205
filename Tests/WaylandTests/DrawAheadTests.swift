import Testing
import Wayland
import WestonFixture

extension WestonTests {
    @Suite("Drawing a frame ahead of its commit")
    struct DrawAheadTests {
        @Test(
            "with three buffers, a frame drawn right after each commit needs no wait, is never drawn into the buffer just committed, and is the one the next commit attaches"
        )
        func threeBuffers() throws {
            let session = try WestonSession()
            let window = try WaylandWindow(
                connection: session.connection, title: "ahead", width: 64, height: 64, bufferCount: 3)
            #expect(window.bufferCount == 3)
            let driver = FrameDriver(window: window)
            var drawn: Int?
            try window.draw(waitingUpTo: .milliseconds(500)) { pixels in
                drawn = pixels.bufferIndex
                pixels.fill(0xFF00_0000)
            }
            // The buffer each commit attached, in order.
            var committed: [Int] = []
            for frame in 0..<30 {
                let callback = try window.frameTiming.requestFrameCallback()
                _ = try window.frameTiming.requestPresentationFeedback()
                try window.commit()
                committed.append(try #require(drawn))
                // The next frame, at once, with no wait for a release.
                drawn = nil
                try window.draw(waitingUpTo: .zero) { pixels in
                    drawn = pixels.bufferIndex
                    pixels.fill(0xFF00_0000 | UInt32(frame))
                }
                let ahead = try #require(drawn)
                // Never the buffer just committed: the compositor holds it at least until it has
                // read the commit, and no event was read since. Had the commit not attached the
                // buffer drawn ahead for it, drawing again would have given that same buffer.
                #expect(ahead != committed.last, "frame \(frame): \(ahead) after \(committed)")
                try #require(driver.waitFor(callback: callback, timeout: .seconds(2)))
            }
            #expect(Set(committed).count >= 2)
            driver.drainFeedback()
            #expect(driver.presented.count + driver.discarded.count == 30)
            try session.connection.roundtrip()
            #expect(session.connection.failure == nil)
        }

        @Test("a window of fewer than two or more than four buffers is an invalid argument")
        func bufferCountOutOfRange() throws {
            let session = try WestonSession()
            for count in [1, 5] {
                let error = #expect(throws: WaylandError.self) {
                    try WaylandWindow(
                        connection: session.connection, title: "bad", width: 8, height: 8, bufferCount: count)
                }
                #expect(
                    error == .invalidArgument("a window has 2 to 4 buffers, not \(count)"),
                    "\(String(describing: error))")
            }
        }
    }
}
