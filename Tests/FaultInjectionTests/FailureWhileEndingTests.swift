import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FrameClock

/// A source that fails while its frame thread is ending: after the last link was invalidated, the
/// window it ticked on is closed before the thread has seen that it should end.
@Suite("A source that fails while the frame thread ends")
struct FailureWhileEndingTests {
    /// A tick source whose wait blocks until released, then fails.
    final class FailingOnRelease: TickSource, @unchecked Sendable {
        let kind = FrameSourceKind.wayland
        let description = "a window about to close"
        let grid = TickGrid(
            anchorSequence: 0, anchorTimestamp: 0,
            period: FramePeriod(uncheckedNumerator: 16_666_667, denominator: 1))
        let waiting = Atomic<Bool>(false)
        let released = DispatchSemaphore(value: 0)
        let closes = Atomic<Int>(0)

        func waitForTick(
            atOrAfter sequence: Int64?, until deadline: Int64?, rehearsing: Bool, rehearse: (Tick) -> Void
        ) throws(TickSourceFailure) -> TickWait {
            waiting.store(true, ordering: .releasing)
            released.wait()
            throw TickSourceFailure(reason: "the window was closed", errno: nil)
        }

        func close() { closes.add(1, ordering: .relaxed) }
    }

    @Test("closed right after its link was invalidated: no failover, no warning, the source closed once")
    func failureAfterInvalidate() throws {
        let capture = LogCapture()
        let control = try ControlChannel()
        let source = FailingOnRelease()
        let fallbacks = Atomic<Int>(0)
        let driver = FrameDriver(
            source: source, control: control, reason: .requested,
            options: FrameThreadOptions(realtimePriority: nil), logger: capture.logger,
            now: { MonotonicInstant.now().nanoseconds },
            fallback: { grid, control throws(DisplayLinkError) in
                fallbacks.add(1, ordering: .relaxed)
                return try TimerTickSource(grid: grid, precision: .standard, control: control)
            })
        let link = DisplayLink(driver: driver, logger: capture.logger)
        try link.start { _ in }
        #expect(RealTimePolling.waitUntil(seconds: 10) { source.waiting.load(ordering: .acquiring) })
        link.invalidate()
        source.released.signal()
        #expect(RealTimePolling.waitUntil(seconds: 10) { driver.hasThreadEnded })
        #expect(fallbacks.load(ordering: .relaxed) == 0)
        #expect(capture.messages(at: .warning).isEmpty, "\(capture.messages(at: .warning))")
        #expect(capture.messages(at: .error).isEmpty, "\(capture.messages(at: .error))")
        #expect(source.closes.load(ordering: .relaxed) == 1)
    }
}
