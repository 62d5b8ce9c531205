import FrameClock
import Wayland

/// Frames whose presentation feedback the program asked for itself (the first frame, and every
/// frame of the FIFO loop, which has no link): a record per frame, settled as the window's feedback
/// events arrive.
struct FeedbackRecorder {
    let window: WaylandWindow
    private(set) var records: [FrameRecord] = []
    private var recordOfFeedback: [UInt64: Int] = [:]

    init(window: WaylandWindow) {
        self.window = window
    }

    /// Whether a frame is still waiting for its feedback.
    var hasPending: Bool { records.contains { $0.fate == .pending } }

    /// Presents a frame started at `start`, cleared to the colour of that time, with a request
    /// for its presentation feedback.
    mutating func present(with presenter: ClearPresenter, startedAt start: MonotonicInstant)
        throws(RunFailure)
    {
        do throws(WaylandError) {
            let feedback = try window.frameTiming.requestPresentationFeedback()
            recordOfFeedback[feedback] = records.count
            records.append(FrameRecord(start: start, target: nil))
        } catch {
            throw .wayland(error)
        }
        do throws(VulkanError) {
            try presenter.clearAndPresent(ClockColour(at: start))
        } catch {
            throw RunFailure(error, on: window.connection)
        }
    }

    /// Takes the events that arrive until `deadline` or until no frame is pending; with a deadline
    /// already past, only those already read.
    mutating func collect(until deadline: MonotonicInstant) throws(RunFailure) {
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
                throw .windowClosed
            case .connectionLost(let errno):
                throw .compositorGone(window.connection.failure ?? .connectionLost(errno))
            }
        } while hasPending
    }

    private mutating func settle(_ feedback: UInt64, as fate: FrameRecord.Fate) {
        guard let index = recordOfFeedback.removeValue(forKey: feedback) else { return }
        records[index].fate = fate
    }
}
