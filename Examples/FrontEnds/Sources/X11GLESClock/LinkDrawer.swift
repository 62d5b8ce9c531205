import Dispatch
import FrameClock
import Synchronization
import X11EGL

/// The link's callback: draws and swaps each frame on the link's thread, records the first `count`
/// frames as delivered, and hands the context back when asked.
final class LinkDrawer: Sendable {
    private let gles: X11EGLSurface
    private let count: Int
    private let state = Mutex(Progress())
    /// Signalled when `count` frames are drawn, or a swap failed.
    let done = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// The frames drawn, the failure that stopped them, and the context's hand-over.
    private struct Progress {
        var frames: [DeliveredFrame] = []
        var failure: X11EGLError?
        var isReleaseRequested = false
        var isStopped = false
    }

    init(gles: X11EGLSurface, count: Int) {
        self.gles = gles
        self.count = count
    }

    /// The frames delivered and drawn so far.
    var frames: [DeliveredFrame] { state.withLock { $0.frames } }
    /// The failure that stopped the frames, if one did.
    var failure: X11EGLError? { state.withLock { $0.failure } }

    /// The link's callback for `frame`, the link ticking on `kind`; it holds the lock while it draws,
    /// so that a release waits for it.
    func frame(_ frame: Frame, kind: FrameSourceKind) {
        let calledAt = MonotonicInstant.now().nanoseconds
        state.withLock { progress in
            guard progress.failure == nil, !progress.isStopped else { return }
            if progress.isReleaseRequested {
                gles.releaseCurrent()
                progress.isStopped = true
                released.signal()
                return
            }
            do throws(X11EGLError) {
                try gles.makeCurrent()
                SweepScene.draw(gles, at: frame.targetTimestamp.nanoseconds)
                try gles.swapBuffers()
            } catch {
                progress.failure = error
                done.signal()
                return
            }
            guard progress.frames.count < count else { return }
            let (seconds, attoseconds) = frame.duration.components
            progress.frames.append(
                DeliveredFrame(
                    sequence: frame.sequence, timestamp: frame.timestamp.nanoseconds,
                    duration: seconds * 1_000_000_000 + attoseconds / 1_000_000_000,
                    skippedFrames: frame.skippedFrames, calledAt: calledAt, kind: kind))
            if progress.frames.count == count { done.signal() }
        }
    }

    /// Has the next callback release the context from the link's thread, waiting up to `timeout`;
    /// false when no callback came.
    func releaseContext(waitingUpTo timeout: Duration) -> Bool {
        state.withLock { $0.isReleaseRequested = true }
        return released.wait(timeout: .now() + .milliseconds(Int(timeout / .milliseconds(1)))) == .success
    }
}
