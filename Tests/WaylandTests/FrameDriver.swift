import Testing
import Wayland
import WestonFixture

/// Drives a window the way a front end would: draw, ask for a frame callback and presentation
/// feedback, commit, and wait for the callback; it records every event on the way.
final class FrameDriver {
    let window: WaylandWindow
    /// Commit time (CLOCK_MONOTONIC) by feedback id.
    private(set) var commitTimes: [UInt64: Int64] = [:]
    private(set) var callbacks: [WaylandFrameCallback] = []
    private(set) var presented: [WaylandPresentedFrame] = []
    private(set) var discarded: [UInt64] = []
    private var colour: UInt32 = 0xFF00_0000

    init(window: WaylandWindow) {
        self.window = window
    }

    /// Presents `count` frames, each after the previous one's frame callback.
    /// - Returns: false (with an issue recorded) when a callback did not come within `timeout`.
    @discardableResult
    func run(frames count: Int, timeout: Duration = .seconds(1)) throws -> Bool {
        for _ in 0..<count {
            colour &+= 0x0001_0203
            let fill = colour
            try window.draw(waitingUpTo: .milliseconds(500)) { $0.fill(fill) }
            let callback = try window.frameTiming.requestFrameCallback()
            let feedback = try window.frameTiming.requestPresentationFeedback()
            commitTimes[feedback] = try window.commit()
            guard waitFor(callback: callback, timeout: timeout) else {
                Issue.record("no frame callback \(callback) within \(timeout)")
                return false
            }
        }
        return true
    }

    /// Collects events until callback `id` fires or `timeout` passes without an event.
    func waitFor(callback id: UInt64, timeout: Duration) -> Bool {
        while true {
            let event = window.frameTiming.nextEvent(timeout: timeout)
            guard record(event) else { return false }
            if case .frameCallback(let done) = event, done.id == id { return true }
        }
    }

    /// Collects events until no feedback is pending or `timeout` passes without an event.
    func drainFeedback(timeout: Duration = .seconds(1)) {
        while window.frameTiming.pendingPresentationFeedbacks > 0 {
            guard record(window.frameTiming.nextEvent(timeout: timeout)) else { return }
        }
    }

    /// Collects every event that arrives within `duration`.
    func collect(for duration: Duration) -> [WaylandFrameEvent] {
        var events: [WaylandFrameEvent] = []
        let end = monotonicNow() + duration.nanoseconds
        while monotonicNow() < end {
            let event = window.frameTiming.nextEvent(timeout: .nanoseconds(max(1, end - monotonicNow())))
            guard record(event) else { break }
            events.append(event)
        }
        return events
    }

    /// Files an event; false for the ones that end a wait (timeout, wake, close, lost connection).
    @discardableResult
    func record(_ event: WaylandFrameEvent) -> Bool {
        switch event {
        case .frameCallback(let done): callbacks.append(done)
        case .presented(let frame): presented.append(frame)
        case .discarded(let id, _): discarded.append(id)
        case .timedOut, .woken, .closed, .connectionLost: return false
        }
        return true
    }
}

extension Duration {
    /// The duration in nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
