#if EGLSurfaces
    import Dispatch
    import FrameClock
    import Synchronization
    import WaylandEGL

    /// A link's callback under `--gpu`: draws and swaps each frame on the link's thread, records the
    /// first `count` frames' sequences, and hands the context back when asked.
    final class GPULinkDrawer: Sendable {
        private let gles: WaylandEGLSurface
        private let count: Int
        private let state = Mutex(Progress())
        /// Signalled when `count` frames are drawn, or a swap failed.
        let done = DispatchSemaphore(value: 0)
        private let released = DispatchSemaphore(value: 0)

        /// The frames drawn, the failure that stopped them, and the context's hand-over.
        private struct Progress {
            var sequences: [UInt64] = []
            var failure: WaylandEGLError?
            var isReleaseRequested = false
            var isStopped = false
        }

        init(gles: WaylandEGLSurface, count: Int) {
            self.gles = gles
            self.count = count
        }

        /// The sequences of the frames drawn so far.
        var sequences: [UInt64] { state.withLock { $0.sequences } }
        /// The swap's failure, if one stopped the frames.
        var failure: WaylandEGLError? { state.withLock { $0.failure } }

        /// The link's callback; it holds the lock while it draws, so that a release waits for it.
        func frame(_ frame: Frame) {
            state.withLock { progress in
                guard progress.failure == nil, !progress.isStopped else { return }
                if progress.isReleaseRequested {
                    gles.releaseCurrent()
                    progress.isStopped = true
                    released.signal()
                    return
                }
                do throws(WaylandEGLError) {
                    try GPUMeasurement.draw(gles, at: frame.targetTimestamp)
                } catch {
                    progress.failure = error
                    done.signal()
                    return
                }
                guard progress.sequences.count < count else { return }
                progress.sequences.append(frame.sequence)
                if progress.sequences.count == count { done.signal() }
            }
        }

        /// Has the next callback release the context from the link's thread, waiting up to `timeout`.
        func releaseContext(waitingUpTo timeout: Duration) {
            state.withLock { $0.isReleaseRequested = true }
            _ = released.wait(timeout: .now() + .milliseconds(Int(timeout / .milliseconds(1))))
        }
    }
#endif
