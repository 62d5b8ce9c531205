import FrameClock
import Wayland
import WaylandEGL

/// The frames paced by Mesa alone, as a render loop is usually written: draw, swap with interval 1
/// (the swap blocks until Mesa's own frame callback), draw again. Each frame asks for presentation
/// feedback before its swap, only to learn when it was shown; nothing predicts when.
struct SwapIntervalOneLoop {
    var window: WaylandWindow
    var drawer: FrameDrawer

    /// Draws `frames` frames, then waits up to `settleTimeout` for the last ones' feedback.
    func run(frames: Int, settleTimeout: Duration) throws(WaylandEGLError) -> [FrameSample] {
        var samples: [FrameSample] = []
        var sampleOfFeedback: [UInt64: Int] = [:]
        for _ in 0..<frames {
            let start = MonotonicInstant.now()
            do {
                let feedback = try window.frameTiming.requestPresentationFeedback()
                sampleOfFeedback[feedback] = samples.count
            } catch {
                throw .wayland(error)
            }
            samples.append(FrameSample(start: start.nanoseconds, target: nil, fate: .pending))
            // The ring shows the time the swap returns: the loop knows no better.
            try drawer.drawAndSwap(at: start)
            take(events: .zero, into: &samples, sampleOfFeedback)
        }
        let clock = ContinuousClock()
        let settleBy = clock.now + settleTimeout
        while samples.contains(where: { if case .pending = $0.fate { true } else { false } }),
            clock.now < settleBy
        {
            take(events: .milliseconds(20), into: &samples, sampleOfFeedback)
        }
        return samples
    }

    /// Takes the feedback events that arrive within `timeout` (none: those already read).
    private func take(events timeout: Duration, into samples: inout [FrameSample], _ index: [UInt64: Int]) {
        while true {
            switch window.frameTiming.nextEvent(timeout: timeout) {
            case .presented(let frame):
                if let at = index[frame.feedbackID] { samples[at].fate = .presented(at: frame.time) }
            case .discarded(let id, _):
                if let at = index[id] { samples[at].fate = .discarded }
            case .frameCallback:
                continue
            case .timedOut, .woken, .closed, .connectionLost:
                return
            }
        }
    }
}
