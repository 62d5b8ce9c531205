import Dispatch
import FrameClock
import Synchronization
import WaylandEGL

/// What each frame's callback does on the link's thread: makes the context current there, draws
/// the ring for the frame's target time, and swaps, the swap's commit carrying the frame callback
/// and presentation feedback the link asked for. Records the first `count` frames' sequences.
final class FrameDrawer: Sendable {
    private let gles: WaylandEGLSurface
    private let renderer: RingRenderer
    private let ring: Mutex<ClockRingBox>
    private let count: Int
    private let state = Mutex(Progress())
    /// Signalled when the first `count` frames are drawn, or a swap failed.
    let done = DispatchSemaphore(value: 0)

    /// The frames drawn so far, and the error that stopped them, if any.
    struct Progress {
        var sequences: [UInt64] = []
        var failure: WaylandEGLError?
    }

    init(gles: WaylandEGLSurface, renderer: RingRenderer, count: Int) {
        self.gles = gles
        self.renderer = renderer
        self.count = count
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

    /// The link's callback.
    func frame(_ frame: Frame) {
        guard state.withLock({ $0.failure == nil }) else { return }
        do {
            try drawAndSwap(at: frame.targetTimestamp)
        } catch {
            state.withLock { $0.failure = error }
            done.signal()
            return
        }
        let reached = state.withLock { progress -> Bool in
            guard progress.sequences.count < count else { return false }
            progress.sequences.append(frame.sequence)
            return progress.sequences.count == count
        }
        if reached { done.signal() }
    }
}

/// The ring, which is not Sendable, kept behind the drawer's mutex.
struct ClockRingBox: @unchecked Sendable {
    // @unchecked: reached only through the Mutex that holds it.
    var ring: ClockRing
}
