import Testing
import Wayland
import WestonFixture

extension WestonTests {
    @Suite("Drawing a frame ahead of its commit")
    struct DrawAheadTests {
        @Test(
            "with three buffers, a frame drawn right after each commit needs no wait, is never drawn into a buffer the compositor may hold, and is the one the next commit attaches"
        )
        func threeBuffers() throws {
            let session = try WestonSession()
            let window = try WaylandWindow(
                connection: session.connection, title: "ahead", width: 64, height: 64, bufferCount: 3)
            #expect(window.bufferCount == 3)
            let driver = FrameDriver(window: window)
            var drawn: Int?
            try window.draw { pixels in
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
                // The next frame, at once: the buffer committed two frames ago was released before
                // this frame's callback came (weston releases a buffer once it has the commit that
                // replaces it), so one is free without waiting for the compositor.
                drawn = nil
                try window.draw(waitingUpTo: .zero) { pixels in
                    drawn = pixels.bufferIndex
                    pixels.fill(0xFF00_0000 | UInt32(frame))
                }
                let ahead = try #require(drawn)
                // Not the buffer just committed, nor the one before it, which the compositor may
                // still hold; had the commit not attached the buffer drawn ahead for it, drawing
                // again would have given that same buffer, the one just recorded as committed.
                #expect(!committed.suffix(2).contains(ahead), "frame \(frame): \(ahead) after \(committed)")
                try #require(driver.waitFor(callback: callback, timeout: .seconds(2)))
            }
            #expect(Set(committed) == [0, 1, 2])
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
