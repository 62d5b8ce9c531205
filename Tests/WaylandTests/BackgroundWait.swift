import Foundation
import Wayland
import WestonFixture

/// A wait on a frame timing, running on a thread of its own, so that the test can act meanwhile (wake
/// the connection, close the window, kill the compositor) and see how the wait ended.
final class BackgroundWait: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: (event: WaylandFrameEvent, returnedAt: Int64)?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `timing.nextEvent(timeout:)` on a new thread; with `skippingFrameEvents`, it waits on
    /// past callbacks and feedback (those of the frames before) for the event that ends a wait.
    init(on timing: WaylandFrameTiming, timeout: Duration, skippingFrameEvents: Bool = false) {
        Thread.detachNewThread { [self] in
            var event = timing.nextEvent(timeout: timeout)
            while skippingFrameEvents, Self.isFrameEvent(event) { event = timing.nextEvent(timeout: timeout) }
            let returnedAt = monotonicNow()
            lock.withLock { outcome = (event, returnedAt) }
            finished.signal()
        }
    }

    /// Lets the thread get into its wait, runs `action`, and waits (up to 5 s) for the wait to end.
    /// - Returns: The event and how long after `action` began the wait returned, in nanoseconds; nil
    ///   when it did not return within 5 s.
    func end(after action: () -> Void) -> (event: WaylandFrameEvent, latency: Int64)? {
        usleep(100_000)
        let acted = monotonicNow()
        action()
        guard finished.wait(timeout: .now() + 5) == .success else { return nil }
        return lock.withLock { outcome.map { ($0.event, $0.returnedAt - acted) } }
    }

    private static func isFrameEvent(_ event: WaylandFrameEvent) -> Bool {
        switch event {
        case .frameCallback, .presented, .discarded: true
        case .timedOut, .woken, .closed, .connectionLost: false
        }
    }
}
