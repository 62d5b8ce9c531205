import FrameClock
import MediaTiming

/// What the window shows, on the main actor: the ring's animation and the fetch's outcome.
@MainActor final class ClockState {
    /// The seconds ring: strokeEnd 0 → 1 over a minute, scrubbed by each frame's target time.
    let ring = ShapeLayer()
    var strokeEnd = 0.0
    var status = "idle"
    /// When a fetch started (nil while none is out) and how many frames came meanwhile.
    var fetchStarted: MonotonicInstant?
    var framesDuringFetch = 0
    var skippedDuringFetch = 0
    /// The longest wait for a frame while the fetch was out (from its start to the first frame, then
    /// between frames), and the last frame's arrival meanwhile.
    var longestWaitDuringFetch: Duration = .zero
    private var lastArrivalDuringFetch: MonotonicInstant?
    /// The fetch's result, once applied, and whether it was applied on the main thread.
    var fetchResult: String?
    var resultOnMainThread = false
    /// Whether the drawing area was destroyed (its link then ended).
    var ringDestroyed = false

    init() {
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 60
        sweep.repeatCount = .infinity
        ring.add(sweep, forKey: "seconds", atRootTime: 0)
    }

    /// Moves the ring to the frame's target time.
    func advance(to frame: Frame) {
        let seconds = Double(frame.targetTimestamp.nanoseconds % 60_000_000_000) / 1e9
        strokeEnd = ring.presentationValue(of: .strokeEnd, atRootTime: seconds)
        if let fetchStarted {
            let now = MonotonicInstant.now()
            let wait = now - (lastArrivalDuringFetch ?? fetchStarted)
            longestWaitDuringFetch = max(longestWaitDuringFetch, wait)
            lastArrivalDuringFetch = now
            framesDuringFetch += 1
            skippedDuringFetch += frame.skippedFrames
        }
    }
}
