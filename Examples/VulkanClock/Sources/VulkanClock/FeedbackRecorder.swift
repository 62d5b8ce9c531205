import FrameClock
import Wayland

/// Frames whose presentation feedback the program asked for itself (the first frame, and every
/// frame of the FIFO loop, which has no link): a record per frame, settled as the window's feedback
/// events arrive.
struct FeedbackRecorder {
    let window: WaylandWindow
    private(set) var records: [FrameRecord] = []
    private var recordOfFeedback: [UInt64: Int] = [:]

    /// Why the events stopped: the window's connection broke or it was closed.
    struct ConnectionEnded: Error, CustomStringConvertible {
        var description: String
    }

    init(window: WaylandWindow) {
        self.window = window
    }

    /// Whether a frame is still waiting for its feedback.
    var hasPending: Bool { records.contains { $0.fate == .pending } }

    /// Asks for feedback on the surface's next commit, for a frame started at `start`.
    mutating func requestFeedback(start: MonotonicInstant) throws(WaylandError) {
        let feedback = try window.frameTiming.requestPresentationFeedback()
        recordOfFeedback[feedback] = records.count
        records.append(FrameRecord(start: start, target: nil))
    }

    /// Takes the events that arrive until `deadline` or until no frame is pending; with a deadline
    /// already past, only those already read.
    mutating func collect(until deadline: MonotonicInstant) throws(ConnectionEnded) {
        repeat {
            let timeout = max(.zero, MonotonicInstant.now().duration(to: deadline))
            switch window.frameTiming.nextEvent(timeout: timeout) {
            case .presented(let frame):
                settle(frame.feedbackID, as: .presented(MonotonicInstant(nanoseconds: frame.time)))
            case .discarded(let feedback, _):
                settle(feedback, as: .discarded)
            case .frameCallback, .woken:
                continue
            case .timedOut:
                return
            case .closed:
                throw ConnectionEnded(description: "the window was closed")
            case .connectionLost(let errno):
                throw ConnectionEnded(description: "the compositor went away (\(errno))")
            }
        } while hasPending
    }

    private mutating func settle(_ feedback: UInt64, as fate: FrameRecord.Fate) {
        guard let index = recordOfFeedback.removeValue(forKey: feedback) else { return }
        records[index].fate = fate
    }
}
