import FrameClock
import Synchronization

/// What each of the link's callbacks does on its thread: clears the next image to the colour of
/// the frame's target time and presents it, the WSI's commit carrying the frame callback and
/// feedback the link asked for. Records the first `count` frames' sequences.
final class FrameClearer: Sendable {
    private let presenter: ClearPresenter
    private let count: Int
    private let state = Mutex(Progress())

    /// The frames presented so far, the error that stopped them, if any.
    struct Progress {
        var sequences: [UInt64] = []
        /// Frames skipped because no swapchain image was free (the compositor held them all).
        var skippedNoImage = 0
        var failure: VulkanError?
        /// No callback presents any more.
        var isStopped = false
    }

    init(presenter: ClearPresenter, count: Int) {
        self.presenter = presenter
        self.count = count
    }

    /// The sequences of the frames accounted for, and the failure, if any.
    var progress: Progress { state.withLock { $0 } }

    /// The link's callback. It holds the lock while it presents, so that ``stop()`` waits for a
    /// callback under way.
    func frame(_ frame: Frame) {
        state.withLock { progress in
            guard progress.failure == nil, !progress.isStopped else { return }
            do throws(VulkanError) {
                // No wait for an image on the frame thread: a compositor that stopped answering holds
                // them all, and the frame is skipped; the next tick tries again.
                try presenter.clearAndPresent(ClockColour(at: frame.targetTimestamp), imageWait: .zero)
            } catch .noFreeImage {
                progress.skippedNoImage += 1
                return
            } catch {
                progress.failure = error
                return
            }
            if progress.sequences.count < count { progress.sequences.append(frame.sequence) }
        }
    }

    /// Stops presenting: once it returns, no callback touches the presenter.
    func stop() {
        state.withLock { $0.isStopped = true }
    }
}
