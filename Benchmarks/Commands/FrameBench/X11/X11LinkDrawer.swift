#if EGLSurfaces && X11Backend
    import Dispatch
    import FrameClock
    import Synchronization
    import X11EGL

    /// A link's callback under `--x11`: draws and swaps the first `count` frames on the link's thread,
    /// records each one's start and presentation request, and releases the context after the last.
    final class X11LinkDrawer: Sendable {
        private let gles: X11EGLSurface
        private let count: Int
        private let state = Mutex(Progress())
        /// Signalled when `count` frames are drawn, or a swap failed.
        let done = DispatchSemaphore(value: 0)

        /// The frames drawn and the failure that stopped them.
        private struct Progress {
            var drawn: [X11PacingRun.DrawnFrame] = []
            var sequences: [UInt64] = []
            var failure: X11EGLError?
        }

        init(gles: X11EGLSurface, count: Int) {
            self.gles = gles
            self.count = count
        }

        /// The frames drawn so far.
        var drawn: [X11PacingRun.DrawnFrame] { state.withLock { $0.drawn } }
        /// The sequences of the frames drawn so far.
        var sequences: [UInt64] { state.withLock { $0.sequences } }
        /// The swap's failure, if one stopped the frames.
        var failure: X11EGLError? { state.withLock { $0.failure } }

        /// The link's callback.
        func frame(_ frame: Frame) {
            let start = MonotonicInstant.now().nanoseconds
            state.withLock { progress in
                guard progress.failure == nil, progress.drawn.count < count else { return }
                do throws(X11EGLError) {
                    progress.drawn.append(try X11PacingMeasurement.drawAndSwap(gles, at: start))
                    progress.sequences.append(frame.sequence)
                } catch {
                    progress.failure = error
                    gles.releaseCurrent()
                    done.signal()
                    return
                }
                if progress.drawn.count == count {
                    // The next pacing draws from another thread.
                    gles.releaseCurrent()
                    done.signal()
                }
            }
        }
    }
#endif
