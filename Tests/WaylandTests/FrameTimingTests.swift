import Foundation
import SystemPackage
import Testing
import Wayland

extension WestonTests {
    @Suite("Frame timing on a window under weston headless")
    struct FrameTimingTests {
        @Test(
            "120 frames: a callback each, every presented time (converted to CLOCK_MONOTONIC) after its commit and before it was read"
        )
        func framesArePresented() throws {
            let session = try WestonSession()
            let window = try session.window("frames", width: 128, height: 128)
            let driver = FrameDriver(window: window)
            try #require(try driver.run(frames: 120))
            driver.drainFeedback()

            #expect(driver.callbacks.map(\.id) == Array(1...120))
            #expect(driver.presented.count + driver.discarded.count == 120)
            // Each commit replaces a shown buffer after its frame callback: all are shown.
            #expect(driver.presented.count == 120)
            var previous = Int64.min
            for frame in driver.presented {
                let committed = try #require(driver.commitTimes[frame.feedbackID])
                #expect(frame.compositorClockID == CLOCK_MONOTONIC_RAW)
                #expect(frame.conversionErrorBound < 1_000_000, "a sub-millisecond conversion")
                #expect(frame.time + frame.conversionErrorBound >= committed, "presented after the commit")
                #expect(
                    frame.time - frame.conversionErrorBound <= frame.receivedAt,
                    "presented before it was read")
                // weston's refresh is nominal: 60 Hz whatever its real cadence; it counts no sequence.
                #expect(frame.refreshInterval == 16_666_666)
                #expect(frame.time > previous, "presentation times increase")
                // A loose sanity bound (about 33 ms is usual): not a timing assertion.
                #expect(frame.time - committed < 1_000_000_000)
                previous = frame.time
            }
            FrameTimingReport(driver: driver).print()
        }

        @Test(
            "unmapped, a window gets no frame callbacks; remapped, the stale ones arrive as a burst with the stale feedbacks discarded, then frames go on"
        )
        func unmapAndRemap() throws {
            let session = try WestonSession()
            let window = try session.window("unmap")
            let driver = FrameDriver(window: window)
            try #require(try driver.run(frames: 10))
            driver.drainFeedback()
            #expect(window.isMapped)

            try window.unmap()
            #expect(!window.isMapped)
            var stale: (callbacks: [UInt64], feedbacks: [UInt64]) = ([], [])
            for _ in 0..<3 {
                stale.callbacks.append(try window.frameTiming.requestFrameCallback())
                stale.feedbacks.append(try window.frameTiming.requestPresentationFeedback())
                try window.commit()
                let events = driver.collect(for: .milliseconds(120))
                #expect(events.isEmpty, "nothing while unmapped: \(events)")
            }
            #expect(window.frameTiming.pendingFrameCallbacks == 3)
            #expect(window.frameTiming.pendingPresentationFeedbacks == 3)

            try window.remap()
            #expect(window.isMapped)
            let burst = driver.collect(for: .milliseconds(150))
            let burstCallbacks = burst.compactMap { event -> WaylandFrameCallback? in
                if case .frameCallback(let done) = event { return done }
                return nil
            }
            let burstDiscarded = burst.compactMap { event -> UInt64? in
                if case .discarded(let id, _) = event { return id }
                return nil
            }
            // Every stale callback is reported on its own, all read at once.
            #expect(Set(burstCallbacks.map(\.id)) == Set(stale.callbacks))
            #expect(Set(burstCallbacks.map(\.receivedAt)).count == 1, "the stale callbacks arrive together")
            #expect(Set(burstDiscarded) == Set(stale.feedbacks))
            #expect(window.frameTiming.pendingFrameCallbacks == 0)

            let before = driver.callbacks.count
            try #require(try driver.run(frames: 10))
            #expect(driver.callbacks.count == before + 10)
        }

        @Test(
            "wake() and a readable extra descriptor end a wait with .woken; a wake with nobody waiting ends the next wait"
        )
        func wakeUps() throws {
            let session = try WestonSession()
            let window = try session.window("wake")
            let timing = window.frameTiming

            let wait = BackgroundWait(on: timing, timeout: .seconds(10))
            let (event, latency) = try #require(wait.end { session.connection.wake() })
            #expect(event == .woken)
            #expect(latency < 1_000_000_000)

            session.connection.wake()
            #expect(timing.nextEvent(timeout: .seconds(5)) == .woken)
            #expect(timing.nextEvent(timeout: .milliseconds(30)) == .timedOut, "the wake was consumed")

            let pipe = try FileDescriptor.pipe()
            defer {
                try? pipe.readEnd.close()
                try? pipe.writeEnd.close()
            }
            _ = try pipe.writeEnd.writeAll([1])
            #expect(timing.nextEvent(timeout: .seconds(5), wakingOn: pipe.readEnd) == .woken)
            // The descriptor is its owner's to drain: still readable, it still wakes.
            #expect(timing.nextEvent(timeout: .seconds(5), wakingOn: pipe.readEnd) == .woken)
        }
    }
}
