import Dispatch
import FrameClock
import Synchronization
import Wayland
import WaylandEGL

/// What each frame's callback does on the link's thread: makes the context current there, draws
/// the ring for the frame's target time, and swaps, the swap's commit carrying the frame callback
/// and presentation feedback the link asked for. Records the first `count` frames' sequences.
final class FrameDrawer: Sendable {
    private let gles: WaylandEGLSurface
    private let renderer: RingRenderer
    private let ring: Mutex<ClockRingBox>
    private let count: Int
    /// The frame before which the surface grows to `grownSize`, if any.
    private let resize: (at: Int, grownSize: Int)?
    /// The frame after whose swap the window is hidden for `duration`, if any.
    private let hide: (at: Int, duration: Duration)?
    private let state = Mutex(Progress())
    /// Signalled when the first `count` frames are drawn, or a swap failed.
    let done = DispatchSemaphore(value: 0)
    /// Signalled when a callback has released the context after ``releaseContext(timeout:)``.
    private let released = DispatchSemaphore(value: 0)

    /// The frames drawn so far, the error that stopped them, if any, and the hand-over of the
    /// context at the end.
    struct Progress {
        var sequences: [UInt64] = []
        var failure: DrawFailure?
        /// Asked for by ``releaseContext(timeout:)``: the next callback releases the context.
        var isReleaseRequested = false
        /// No callback draws any more.
        var isStopped = false
    }

    init(
        gles: WaylandEGLSurface, renderer: RingRenderer, count: Int, resize: (at: Int, grownSize: Int)? = nil,
        hide: (at: Int, duration: Duration)? = nil
    ) {
        self.gles = gles
        self.renderer = renderer
        self.count = count
        self.resize = resize
        self.hide = hide
        ring = Mutex(ClockRingBox(ring: ClockRing()))
    }

    /// The sequences of the frames accounted for, and the failure, if any.
    var progress: Progress { state.withLock { $0 } }

    /// Draws the ring as it will be at `time` and swaps (the context made current first).
    func drawAndSwap(at time: MonotonicInstant) throws(WaylandEGLError) {
        try gles.makeCurrent()
        let strokeEnd = ring.withLock { $0.ring.strokeEnd(at: time) }
        renderer.draw(strokeEnd: strokeEnd, width: gles.width, height: gles.height)
        try gles.swapBuffers()
    }

    /// The link's callback. It holds the drawer's lock while it draws, so that ``stop()`` waits for
    /// a callback under way.
    func frame(_ frame: Frame) {
        state.withLock { progress in
            guard progress.failure == nil, !progress.isStopped else { return }
            if progress.isReleaseRequested {
                gles.releaseCurrent()
                progress.isStopped = true
                released.signal()
                return
            }
            // A swap on a lost connection goes nowhere, and says nothing: the connection does.
            if let lost = gles.window.connection.failure {
                progress.failure = .wayland(lost)
                done.signal()
                return
            }
            do throws(WaylandEGLError) {
                if let resize, resize.at == progress.sequences.count {
                    try gles.resize(width: resize.grownSize, height: resize.grownSize)
                }
                try drawAndSwap(at: frame.targetTimestamp)
            } catch .windowHidden {
                return  // not drawn, not counted: the window is shown again in a moment
            } catch {
                progress.failure = .egl(error)
                done.signal()
                return
            }
            guard progress.sequences.count < count else { return }
            if let hide, hide.at == progress.sequences.count {
                do throws(WaylandError) {
                    try hideForAMoment(hide.duration)
                } catch {
                    progress.failure = .wayland(error)
                    done.signal()
                }
            }
            progress.sequences.append(frame.sequence)
            if progress.sequences.count == count { done.signal() }
        }
    }

    /// Hides the window now, mid-frame, and shows it again from another thread after `duration`.
    private func hideForAMoment(_ duration: Duration) throws(WaylandError) {
        let window = gles.window
        try window.unmap()
        DispatchQueue.global().asyncAfter(deadline: .after(duration)) { try? window.remap() }
    }

    /// Has the next callback release the context from the link's thread (so that the surface can
    /// be closed from this one), waiting up to `timeout` for it; returns whether it was released.
    func releaseContext(timeout: Duration) -> Bool {
        state.withLock { $0.isReleaseRequested = true }
        return released.wait(timeout: .after(timeout)) == .success
    }

    /// Stops drawing: once it returns, no callback draws (one under way has finished).
    func stop() {
        state.withLock { $0.isStopped = true }
    }
}

/// What stopped the frames: EGL's error, or the Wayland connection's.
enum DrawFailure: Error, CustomStringConvertible {
    case egl(WaylandEGLError)
    case wayland(WaylandError)

    /// "egl: …" or "wayland: …".
    var description: String {
        switch self {
        case .egl(let error): "egl: \(error)"
        case .wayland(let error): "wayland: \(error)"
        }
    }
}

/// The ring, which is not Sendable, kept behind the drawer's mutex.
struct ClockRingBox: @unchecked Sendable {
    // @unchecked: reached only through the Mutex that holds it.
    var ring: ClockRing
}
