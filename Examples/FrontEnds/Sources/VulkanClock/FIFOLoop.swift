import FrameClock
import Wayland

/// The frames paced by the driver alone, as a render loop is usually written: a FIFO swapchain, and
/// a loop of acquire, clear and present, the present blocking until the compositor takes the frame.
/// Each frame asks for presentation feedback before its present, only to learn when it was shown;
/// nothing predicts when.
struct FIFOLoop {
    var window: WaylandWindow
    var presenter: ClearPresenter

    /// Presents `frames` frames, then waits up to `settleTimeout` for the last ones' feedback.
    func run(frames: Int, settleTimeout: Duration) throws(RunFailure) -> [FrameRecord] {
        var recorder = FeedbackRecorder(window: window)
        for _ in 0..<frames {
            let start = MonotonicInstant.now()
            // The colour tells the time the present returns: the loop knows no better.
            try recorder.present(with: presenter, startedAt: start)
            try recorder.collect(until: start)
        }
        try recorder.collect(until: .now() + settleTimeout)
        return recorder.records
    }
}
